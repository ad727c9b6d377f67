import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { entityKeys } from '../../../api/query-keys';
import { type ConnectionListParams, type ConnectionSave, connectionApi } from './connection-api';

/** The connection data layer (see shared/form/README.md). */
const keys = entityKeys<ConnectionListParams>('publish', 'connection');
export const connectionKeys = { ...keys, options: () => [...keys.all, 'options'] as const };

export const connectionQueries = {
  list: (params: ConnectionListParams) => ({ queryKey: connectionKeys.list(params), queryFn: () => connectionApi.list(params) }),
  detail: (connectionId: number) => ({ queryKey: connectionKeys.detail(connectionId), queryFn: () => connectionApi.get(connectionId) }),
};

export const useConnectionOptions = () => useQuery({ queryKey: connectionKeys.options(), queryFn: connectionApi.options });

export function useSaveConnection() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ConnectionSave) => connectionApi.save(body),
    onSuccess: () => client.invalidateQueries({ queryKey: connectionKeys.all }),
  });
}

export function useValidateConnection() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ connectionId, hostKey }: { connectionId: number; hostKey?: string }) => connectionApi.validate(connectionId, hostKey),
    onSuccess: () => client.invalidateQueries({ queryKey: connectionKeys.all }),
  });
}

export function useDeleteConnection() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly number[]) => connectionApi.remove(ids),
    onSuccess: () => client.invalidateQueries({ queryKey: connectionKeys.all }),
  });
}
