import { z } from 'zod';
import { FileResponse } from '../common';
import { endpoint } from '../endpoint';
import { DateTime, IdList, IdParam, OkEmpty, PageQuery, rowsOf } from '../http';

/**
 * The download center (/system/downloadcenter): files generated for the signed-in user (an
 * output's zip, a long export), each with its status, size and expiry. Every user sees only
 * their own; no permission beyond signing in.
 */
export const DOWNLOAD_STATUSES = ['queued', 'running', 'success', 'fail'] as const;
export const DownloadStatus = z.enum(DOWNLOAD_STATUSES);
export type DownloadStatus = z.infer<typeof DownloadStatus>;

/** What a file is: a publish output's zip, a list export, another zip, anything else. */
export const DOWNLOAD_KINDS = ['output', 'export', 'zip', 'other'] as const;
export const DownloadKind = z.enum(DOWNLOAD_KINDS);
export type DownloadKind = z.infer<typeof DownloadKind>;

export const DownloadItem = z.object({
  downloadId: z.number(),
  name: z.string(),
  kind: DownloadKind,
  status: DownloadStatus,
  size: z.number().describe('bytes; 0 until the file is ready'),
  error: z.string().describe('why making the file failed (status fail)'),
  createTime: DateTime,
  finishTime: DateTime,
  expireTime: DateTime,
});
export type DownloadItem = z.infer<typeof DownloadItem>;

export const DownloadQuery = PageQuery.extend({
  name: z.string().trim().max(200).optional().describe('part of the file name'),
  status: DownloadStatus.optional(),
});
export type DownloadQuery = z.infer<typeof DownloadQuery>;

const tag = 'system/download';

/** The caller's download center API: each endpoint's URL, method, access and schemas, for the server's routes and the web's calls. */
export const DownloadApi = {
  list: endpoint({
    method: 'GET',
    url: '/system/download/list',
    access: { authenticated: true },
    summary: "List the caller's generated files, newest first",
    tag,
    query: DownloadQuery,
    response: rowsOf(DownloadItem),
  }),
  file: endpoint({
    method: 'GET',
    url: '/system/download/:id/file',
    access: { authenticated: true },
    summary: 'Download one of the caller’s ready files',
    tag,
    params: IdParam,
    response: FileResponse,
  }),
  remove: endpoint({
    method: 'DELETE',
    url: '/system/download/:ids',
    access: { authenticated: true },
    summary: 'Delete some of the caller’s files',
    tag,
    params: z.object({ ids: IdList }),
    response: OkEmpty,
  }),
};
