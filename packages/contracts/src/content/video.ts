import { z } from 'zod';
import { DateTime, PageQuery } from '../http';
import { GraphicPerm, ResourceScope, resourceRowsOf } from './graphic';

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
