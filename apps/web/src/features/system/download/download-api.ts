import { urlOf } from '@ccms/contracts/endpoint';
import { DownloadApi, type DownloadItem, type DownloadQuery } from '@ccms/contracts/system/download';
import type { z } from 'zod';
import { api } from '../../../api/client';
import { downloadGet } from '../../../api/download';

export type DownloadListParams = z.input<typeof DownloadQuery>;

/** The caller's download center (server: modules/system/download). Screens use `download-queries.ts`. */
export const downloadApi = {
  list: (params: DownloadListParams) => api.list(DownloadApi.list, { query: params }),
  file: (item: DownloadItem) => downloadGet(urlOf(DownloadApi.file, { id: item.downloadId }), undefined, item.name),
  remove: (ids: readonly number[]) => api.call(DownloadApi.remove, { path: { ids } }),
};
