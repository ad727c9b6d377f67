import { useMutation, useQueryClient } from '@tanstack/react-query';
import { entityKeys } from '../../../api/query-keys';
import { type LoginInfoListParams, loginInfoApi } from './logininfor-api';

/** The sign-in log data layer (see shared/form/README.md). */
export const loginInfoKeys = entityKeys<LoginInfoListParams>('monitor', 'logininfor');

export const loginInfoQueries = {
  list: (params: LoginInfoListParams) => ({ queryKey: loginInfoKeys.list(params), queryFn: () => loginInfoApi.list(params) }),
};

/** A change to the log (or an unlock): its list reads again. */
function useLoginInfoMutation<Input>(mutationFn: (input: Input) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: loginInfoKeys.all }) });
}

export const useDeleteLoginInfos = () => useLoginInfoMutation((ids: readonly number[]) => loginInfoApi.remove(ids));
export const useCleanLoginInfo = () => useLoginInfoMutation<void>(() => loginInfoApi.clean());
export const useUnlockUser = () => useLoginInfoMutation((userName: string) => loginInfoApi.unlock(userName));
