import { useMutation, useQueryClient } from '@tanstack/react-query';
import { entityKeys } from '../../../api/query-keys';
import { type OnlineListParams, onlineApi } from './online-api';

/** The online sessions data layer (see shared/form/README.md). */
export const onlineKeys = entityKeys<OnlineListParams, string>('monitor', 'online');

export const onlineQueries = {
  list: (params: OnlineListParams) => ({ queryKey: onlineKeys.list(params), queryFn: () => onlineApi.list(params) }),
};

/** Ends a session; the list reads again. */
export function useForceLogout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (tokenId: string) => onlineApi.forceLogout(tokenId),
    onSuccess: () => client.invalidateQueries({ queryKey: onlineKeys.all }),
  });
}
