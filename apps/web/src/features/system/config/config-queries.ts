import { useMutation, useQueryClient } from '@tanstack/react-query';
import { entityKeys } from '../../../api/query-keys';
import { type ConfigListParams, type ConfigSave, configApi } from './config-api';

/** The config parameter data layer (see shared/form/README.md). */
export const configKeys = entityKeys<ConfigListParams>('system', 'config');

export const configQueries = {
  list: (params: ConfigListParams) => ({ queryKey: configKeys.list(params), queryFn: () => configApi.list(params) }),
  detail: (configId: number) => ({ queryKey: configKeys.detail(configId), queryFn: () => configApi.get(configId) }),
};

export function useSaveConfig() {
  const client = useQueryClient();
  return useMutation({ mutationFn: (body: ConfigSave) => configApi.save(body), onSuccess: () => client.invalidateQueries({ queryKey: configKeys.all }) });
}

export function useDeleteConfig() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly number[]) => configApi.remove(ids),
    onSuccess: () => client.invalidateQueries({ queryKey: configKeys.all }),
  });
}

/** Refreshing the server's cache changes no row; nothing to invalidate. */
export const useRefreshConfigCache = () => useMutation({ mutationFn: () => configApi.refreshCache() });
