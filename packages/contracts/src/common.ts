import { z } from 'zod';
import { endpoint } from './endpoint';

/** Extensions POST /common/upload accepts (RuoYi's defaults plus DITA sources and video). */
export const UPLOAD_ALLOWED_EXTENSIONS = [
  'doc',
  'docx',
  'xls',
  'xlsx',
  'ppt',
  'pptx',
  'txt',
  'pdf',
  'png',
  'jpg',
  'jpeg',
  'gif',
  'bmp',
  'zip',
  'rar',
  'gz',
  'xml',
  'dita',
  'ditamap',
  'mp4',
] as const;

/** Where uploaded files live in storage, and the public prefix RuoYi puts before it. */
export const UPLOAD_FOLDER = 'upload';
export const DOWNLOAD_FOLDER = 'download';
export const RESOURCE_PREFIX = '/profile';

export const UploadResult = z.object({
  code: z.number(),
  msg: z.string(),
  /** Absolute URL of the stored file. */
  url: z.string(),
  /** "/profile/upload/yyyy/mm/dd/name_random.ext": what forms keep; /common/download/resource takes it back. */
  fileName: z.string(),
  /** The stored file's own name. */
  newFileName: z.string(),
  originalFilename: z.string(),
});

/** POST /common/uploads: the same fields, comma-joined in upload order. */
export const UploadsResult = z.object({
  code: z.number(),
  msg: z.string(),
  urls: z.string(),
  fileNames: z.string(),
  newFileNames: z.string(),
  originalFilenames: z.string(),
});

export const DownloadQuery = z.object({
  fileName: z.string().min(1).max(255).describe('name of a file in the download folder, e.g. a finished export'),
  delete: z.enum(['true', 'false']).optional().describe('remove the file once sent'),
});

export const ResourceQuery = z.object({
  resource: z.string().min(1).max(500).describe('a fileName answered by /common/upload'),
});

/** Response schema of a route that answers with a file (workbook, download): the bytes, not JSON. */
export const FileResponse = z.unknown().describe('file content');

const tag = 'common/file';

/**
 * Common file upload and download (RuoYi's CommonController), for any signed-in user: each
 * endpoint's URL, method, access and schemas, for the server's routes and the web's calls.
 */
export const CommonApi = {
  upload: endpoint({
    method: 'POST',
    url: '/common/upload',
    access: { authenticated: true },
    summary: "Upload one file to the server's file store",
    tag,
    response: UploadResult,
  }),
  uploads: endpoint({
    method: 'POST',
    url: '/common/uploads',
    access: { authenticated: true },
    summary: "Upload several files to the server's file store",
    tag,
    response: UploadsResult,
  }),
  download: endpoint({
    method: 'GET',
    url: '/common/download',
    access: { authenticated: true },
    summary: 'Download a generated file (e.g. a finished export) by name',
    tag,
    query: DownloadQuery,
    response: FileResponse,
  }),
  uploadedFile: endpoint({
    method: 'GET',
    url: '/profile/upload/*',
    access: { public: true },
    summary: 'Serve an uploaded file by its stored path',
    tag,
    params: z.object({ '*': z.string().max(300) }),
    response: FileResponse,
  }),
  downloadResource: endpoint({
    method: 'GET',
    url: '/common/download/resource',
    access: { authenticated: true },
    summary: 'Download an uploaded file by the name /common/upload answered',
    tag,
    query: ResourceQuery,
    response: FileResponse,
  }),
};
