import { useMutation, useQueryClient } from '@tanstack/react-query';
import { entityKeys } from '../../../api/query-keys';
import { type OperLogListParams, operLogApi } from './operlog-api';

/** The operation log data layer (see shared/form/README.md). */
export const operLogKeys = entityKeys<OperLogListParams>('monitor', 'operlog');

export const operLogQueries = {
  list: (params: OperLogListParams) => ({ queryKey: operLogKeys.list(params), queryFn: () => operLogApi.list(params) }),
};

/** A change to the log: its list reads again. */
function useOperLogMutation<Input>(mutationFn: (input: Input) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: operLogKeys.all }) });
}

export const useDeleteOperLogs = () => useOperLogMutation((ids: readonly number[]) => operLogApi.remove(ids));
export const useCleanOperLog = () => useOperLogMutation<void>(() => operLogApi.clean());
