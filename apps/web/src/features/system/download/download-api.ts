import type { DownloadItem, DownloadQuery } from '@ccms/contracts/system/download';
import type { z } from 'zod';
import { byUrl } from '../../../api/client';
import { downloadGet } from '../../../api/download';

export type DownloadListParams = z.input<typeof DownloadQuery>;

/** The caller's download center (server: modules/system/download). Screens use `download-queries.ts`. */
export const downloadApi = {
  list: (params: DownloadListParams) => byUrl.list<DownloadItem>('/system/download/list', params),
  file: (item: DownloadItem) => downloadGet(`/system/download/${item.downloadId}/file`, undefined, item.name),
  remove: (ids: readonly number[]) => byUrl.delete(`/system/download/${ids.join(',')}`),
};
