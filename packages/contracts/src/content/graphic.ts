import { z } from 'zod';
import { GRAPHIC_MAX_MB } from '../constants';
import { endpoint } from '../endpoint';
import { DateTime, okOf, PageQuery, qInt } from '../http';
import { BranchName } from './library';

/**
 * Graphics and videos of a library (the Resources screen, menu 2106): files in the library's git
 * repository, uploaded and deleted as commits. Both use the ccms:graphic permissions.
 */
export const GraphicPerm = {
  list: 'ccms:graphic:list',
  query: 'ccms:graphic:query',
  add: 'ccms:graphic:add',
  edit: 'ccms:graphic:edit',
  remove: 'ccms:graphic:remove',
  upload: 'ccms:graphic:upload',
} as const;

/** File extensions a graphic upload takes (JPG and PNG only, spec section 5). */
export const GRAPHIC_UPLOAD_EXTENSIONS = ['png', 'jpg', 'jpeg'] as const;
/** The size a graphic must stay strictly under. */
export const GRAPHIC_MAX_BYTES = GRAPHIC_MAX_MB * 1024 * 1024;
/** Image files the graphics list shows (what is already in a library may be older formats). */
export const GRAPHIC_LIST_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif', 'svg', 'cgm'] as const;
/** Graphic types a browser shows; the others (CGM, the usual S1000D illustration format) are listed with a download instead of a picture. */
export const BROWSER_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/svg+xml'] as const;
export const isBrowserImage = (contentType: string) => (BROWSER_IMAGE_TYPES as readonly string[]).includes(contentType);
/** Where an upload lands unless another folder is chosen. */
export const DEFAULT_GRAPHIC_FOLDER = 'images';
/** Most files one upload takes (spec section 5: max 5). */
export const RESOURCE_UPLOAD_MAX_FILES = 5;

/** Which library and branch (the library's default branch when absent). */
export const ResourceScope = z.object({
  libraryId: qInt.positive().describe('library id'),
  branch: BranchName.optional().describe("branch name; the library's default branch when absent"),
});
export type ResourceScope = z.infer<typeof ResourceScope>;

/** A path inside the library; the server refuses "..", absolute paths and control characters. */
export const ResourcePath = z.string().trim().min(1).max(1000).describe('path inside the library, e.g. images/logo.png');

export const GraphicQuery = PageQuery.extend(ResourceScope.shape).extend({
  name: z.string().trim().max(200).optional().describe('part of the file name or path'),
  folder: z.string().trim().max(1000).optional().describe('only files under this folder'),
});
export type GraphicQuery = z.infer<typeof GraphicQuery>;

export const GraphicRow = z.object({
  path: z.string(),
  name: z.string(),
  folder: z.string(),
  size: z.number(),
  contentType: z.string(),
  /** Author and date of the commit that last wrote the file. */
  createBy: z.string(),
  createTime: DateTime,
  commit: z.string().describe('the commit that last wrote the file'),
  refs: z.number().describe('references to the file in the branch'),
  /** Browser URLs under the API base (they carry a short-lived media ticket, for <img>). */
  url: z.string(),
  thumbnailUrl: z.string(),
});
export type GraphicRow = z.infer<typeof GraphicRow>;

/** A resource list: rows of one page, plus the branch and commit they were read at. */
export const resourceRowsOf = <T extends z.ZodType>(row: T) =>
  z.object({
    code: z.number(),
    msg: z.string(),
    rows: z.array(row),
    total: z.number(),
    libraryId: z.number(),
    branch: z.string(),
    commit: z.string(),
  });

export const GraphicList = resourceRowsOf(GraphicRow);

/** GET raw, thumbnail, stream: one file; `ticket` stands in for the bearer token in <img>/<video>. */
export const MediaQuery = ResourceScope.extend({
  path: ResourcePath.describe('path inside the library, e.g. topics/intro.dita'),
  ticket: z.string().max(300).optional().describe('media ticket from a list answer (for tags that send no Authorization header)'),
});
export type MediaQuery = z.infer<typeof MediaQuery>;

export const UsageQuery = ResourceScope.extend({ path: ResourcePath.describe('path inside the library, e.g. topics/intro.dita') });
export type UsageQuery = z.infer<typeof UsageQuery>;

/** One place that uses a resource: the file and line it is written on. */
export const UsageRow = z.object({
  sourcePath: z.string(),
  line: z.number(),
  col: z.number(),
  kind: z.string().describe('image, object, xref, topicref, keyref, conref, ...'),
  value: z.string().describe('the href, key or conref as written'),
  title: z.string().describe('title of the using topic or map, when known'),
  /** Catalogue ids of the using topic or document, when indexed (to open its detail). */
  topicId: z.number().nullable(),
  documentId: z.number().nullable(),
});
export type UsageRow = z.infer<typeof UsageRow>;

export const Usage = z.object({
  path: z.string(),
  branch: z.string(),
  commit: z.string(),
  /** catalog: read from the index of this commit; scan: read from the files now (no current index). */
  source: z.enum(['catalog', 'scan']),
  rows: z.array(UsageRow),
});
export type Usage = z.infer<typeof Usage>;

/** Text fields of a graphic or video upload (files travel as multipart parts named "file", after the fields). */
export const ResourceUploadFields = z.object({
  libraryId: qInt.positive().describe('id of a library (GET /ccms/library/list)'),
  branch: BranchName.optional().describe('git branch of the library (its default branch when absent)'),
  folder: z.string().trim().max(1000).optional().describe('target folder; images/ or videos/ when absent'),
  message: z.string().trim().max(2000).optional().describe('commit message; a default names the files'),
  overwrite: z.enum(['true', 'false']).optional().describe('true replaces a file of the same path; otherwise that is refused'),
});
export type ResourceUploadFields = z.infer<typeof ResourceUploadFields>;

export const ResourceDeleteBody = z.object({
  libraryId: z.number().int().positive().describe('id of a library (GET /ccms/library/list)'),
  branch: BranchName.optional().describe('git branch of the library (its default branch when absent)'),
  paths: z.array(ResourcePath).min(1).max(500).describe('paths inside the library'),
  message: z.string().trim().max(2000).optional(),
});
export type ResourceDeleteBody = z.infer<typeof ResourceDeleteBody>;

/** What a resource write committed. */
export const ResourceCommit = z.object({ commit: z.string(), branch: z.string(), paths: z.array(z.string()) });
export type ResourceCommit = z.infer<typeof ResourceCommit>;

const tag = 'content/graphic';
const ImageFile = z.unknown().describe('the image file (PNG, JPEG, or an older format already in the library)');

/** The graphics API: each endpoint's URL, method, access and schemas, for the server's routes and the web's calls. */
export const GraphicApi = {
  list: endpoint({
    method: 'GET',
    url: '/ccms/graphic/list',
    access: { permission: GraphicPerm.list },
    summary: 'List the graphics of a library branch by page',
    tag,
    query: GraphicQuery,
    response: GraphicList,
  }),
  // Public to the guard because <img> sends no bearer token: the route takes the token or the URL's media ticket.
  raw: endpoint({
    method: 'GET',
    url: '/ccms/graphic/raw',
    access: { public: true },
    summary: "Serve a graphic's original file (bearer token or media ticket)",
    tag,
    query: MediaQuery,
    // 304 as well: the route adds it (apps/server/src/modules/content/graphic/graphic.routes.ts).
    response: ImageFile,
  }),
  thumbnail: endpoint({
    method: 'GET',
    url: '/ccms/graphic/thumbnail',
    access: { public: true },
    summary: "Serve a graphic's thumbnail (bearer token or media ticket)",
    tag,
    query: MediaQuery,
    response: ImageFile,
  }),
  usage: endpoint({
    method: 'GET',
    url: '/ccms/graphic/usage',
    access: { permission: GraphicPerm.query },
    summary: 'List the topics that use a graphic',
    tag,
    query: UsageQuery,
    response: okOf(Usage),
  }),
  upload: endpoint({
    method: 'POST',
    url: '/ccms/graphic/upload',
    access: { permission: GraphicPerm.upload },
    summary: 'Upload graphics (multipart) into a library folder',
    tag,
    response: okOf(ResourceCommit),
  }),
  remove: endpoint({
    method: 'DELETE',
    url: '/ccms/graphic',
    access: { permission: GraphicPerm.remove },
    summary: 'Delete graphics',
    tag,
    body: ResourceDeleteBody,
    response: okOf(ResourceCommit),
  }),
};
