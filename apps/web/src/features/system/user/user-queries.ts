import type { ResetPwdBody, UserStatusBody } from '@ccms/contracts/system/user';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { entityKeys } from '../../../api/query-keys';
import { type UserListParams, type UserSave, userApi } from './user-api';

const keys = entityKeys<UserListParams>('system', 'user');
/** The user data layer (see shared/form/README.md). */
export const userKeys = {
  ...keys,
  /** The form's choices and, for an id, the user with its posts and roles. */
  form: (userId: number | undefined) => [...keys.all, 'form', userId ?? 'new'] as const,
  deptTree: () => [...keys.all, 'dept-tree'] as const,
  authRole: (userId: number) => [...keys.all, 'auth-role', userId] as const,
};

export const userQueries = {
  list: (params: UserListParams) => ({ queryKey: userKeys.list(params), queryFn: () => userApi.list(params) }),
  form: (userId: number | undefined) => ({ queryKey: userKeys.form(userId), queryFn: () => userApi.form(userId) }),
};

/** What the user dialog loads (every opening: the shared query of `useEntityForm`). */
export const useUserForm = (userId: number | undefined, enabled: boolean) => useQuery({ ...userQueries.form(userId), enabled });
export const useUserDeptTree = () => useQuery({ queryKey: userKeys.deptTree(), queryFn: userApi.deptTree });
export const useAuthRole = (userId: number) => useQuery({ queryKey: userKeys.authRole(userId), queryFn: () => userApi.authRole(userId) });

/** A change to users: the list, forms and role assignments read again. */
function useUserMutation<Input, Output = unknown>(mutationFn: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: userKeys.all }) });
}

export const useSaveUser = () => useUserMutation((body: UserSave) => userApi.save(body));
export const useDeleteUsers = () => useUserMutation((ids: readonly number[]) => userApi.remove(ids));
export const useChangeUserStatus = () => useUserMutation((body: UserStatusBody) => userApi.changeStatus(body));
export const useResetPwd = () => useUserMutation((body: ResetPwdBody) => userApi.resetPwd(body));
export const useSaveAuthRole = (userId: number) => useUserMutation((roleIds: readonly number[]) => userApi.saveAuthRole(userId, roleIds));
export const useImportUsers = () =>
  useUserMutation(({ file, fileName, updateSupport }: { file: Blob; fileName: string; updateSupport: boolean }) =>
    userApi.importData(file, fileName, updateSupport),
  );
