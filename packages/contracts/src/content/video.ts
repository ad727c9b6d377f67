import { z } from 'zod';
import { endpoint } from '../endpoint';
import { DateTime, okOf, PageQuery } from '../http';
import { GraphicPerm, MediaQuery, ResourceCommit, ResourceDeleteBody, ResourceScope, resourceRowsOf, Usage, UsageQuery } from './graphic';

/** Videos share the Resources screen and its permissions with graphics. */
export const VideoPerm = GraphicPerm;

/** Formats browsers play in a <video> element. */
export const VIDEO_EXTENSIONS = ['mp4', 'webm', 'ogg', 'ogv'] as const;
/** The size a video must stay strictly under. */
export const VIDEO_MAX_MB = 100;
export const DEFAULT_VIDEO_FOLDER = 'videos';

export const VideoQuery = PageQuery.extend(ResourceScope.shape).extend({
  name: z.string().trim().max(200).optional().describe('part of the file name or path'),
  folder: z.string().trim().max(1000).optional().describe("folder path inside the library ('' for the root)"),
});
export type VideoQuery = z.infer<typeof VideoQuery>;

export const VideoRow = z.object({
  path: z.string(),
  name: z.string(),
  folder: z.string(),
  size: z.number(),
  contentType: z.string(),
  /** Date and author of the commit that last wrote the file. */
  uploadTime: DateTime,
  uploadBy: z.string(),
  commit: z.string(),
  refs: z.number(),
  /** Range-capable stream URL under the API base, with a short-lived media ticket (for <video>). */
  url: z.string(),
});
export type VideoRow = z.infer<typeof VideoRow>;

export const VideoList = resourceRowsOf(VideoRow);

const tag = 'content/video';

/** The videos API: each endpoint's URL, method, access and schemas, for the server's routes and the web's calls. */
export const VideoApi = {
  list: endpoint({
    method: 'GET',
    url: '/ccms/video/list',
    access: { permission: VideoPerm.list },
    summary: 'List the videos of a library branch by page',
    tag,
    query: VideoQuery,
    response: VideoList,
  }),
  stream: endpoint({
    method: 'GET',
    url: '/ccms/video/stream',
    access: { public: true },
    summary: 'Stream a video, with range requests (bearer token or media ticket)',
    tag,
    query: MediaQuery,
    // 206, 304 and 416 as well: the route adds them (apps/server/src/modules/content/video/video.routes.ts).
    response: z.unknown().describe('the video, whole (200) or one byte range (206)'),
  }),
  usage: endpoint({
    method: 'GET',
    url: '/ccms/video/usage',
    access: { permission: VideoPerm.query },
    summary: 'List the topics that use a video',
    tag,
    query: UsageQuery,
    response: okOf(Usage),
  }),
  upload: endpoint({
    method: 'POST',
    url: '/ccms/video/upload',
    access: { permission: VideoPerm.upload },
    summary: 'Upload videos (multipart) into a library folder',
    tag,
    response: okOf(ResourceCommit),
  }),
  remove: endpoint({
    method: 'DELETE',
    url: '/ccms/video',
    access: { permission: VideoPerm.remove },
    summary: 'Delete videos',
    tag,
    body: ResourceDeleteBody,
    response: okOf(ResourceCommit),
  }),
};
