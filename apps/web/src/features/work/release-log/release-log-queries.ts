import { useMutation, useQueryClient } from '@tanstack/react-query';
import { entityKeys } from '../../../api/query-keys';
import { type ReleaseLogListParams, type ReleaseLogSave, releaseLogApi } from './release-log-api';

/** The release log data layer (see shared/form/README.md). */
export const releaseLogKeys = entityKeys<ReleaseLogListParams>('work', 'release-log');

export const releaseLogQueries = {
  list: (params: ReleaseLogListParams) => ({ queryKey: releaseLogKeys.list(params), queryFn: () => releaseLogApi.list(params) }),
  detail: (logId: number) => ({ queryKey: releaseLogKeys.detail(logId), queryFn: () => releaseLogApi.get(logId) }),
};

export function useSaveReleaseLog() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ReleaseLogSave) => releaseLogApi.save(body),
    onSuccess: () => client.invalidateQueries({ queryKey: releaseLogKeys.all }),
  });
}

export function useDeleteReleaseLogs() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly number[]) => releaseLogApi.remove(ids),
    onSuccess: () => client.invalidateQueries({ queryKey: releaseLogKeys.all }),
  });
}
