import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { entityKeys } from '../../../api/query-keys';
import { type DownloadListParams, downloadApi } from './download-api';

/** The download center's data layer (see shared/form/README.md). */
export const downloadKeys = entityKeys<DownloadListParams>('system', 'download');

/** How often the list looks again while a file is still being made. */
const POLL_MS = 1000;

export const useDownloads = (params: DownloadListParams) =>
  useQuery({
    queryKey: downloadKeys.list(params),
    queryFn: () => downloadApi.list(params),
    refetchInterval: (query) => (query.state.data?.rows.some((r) => r.status === 'queued' || r.status === 'running') ? POLL_MS : false),
  });

export function useDeleteDownloads() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly number[]) => downloadApi.remove(ids),
    onSuccess: () => client.invalidateQueries({ queryKey: downloadKeys.all }),
  });
}
