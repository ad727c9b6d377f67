import type { RoleDataScopeBody, RoleStatusBody } from '@ccms/contracts/system/role';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { entityKeys } from '../../../api/query-keys';
import { type AuthUserListParams, type RoleEdit, type RoleListParams, type RoleSave, roleApi } from './role-api';

const keys = entityKeys<RoleListParams>('system', 'role');
/** The role data layer (see shared/form/README.md): the role, its trees and its users under one key. */
export const roleKeys = {
  ...keys,
  menuOptions: () => [...keys.all, 'menu-options'] as const,
  deptTree: (roleId: number) => [...keys.all, 'dept-tree', roleId] as const,
  allocated: (params: AuthUserListParams) => [...keys.all, 'allocated', params] as const,
  unallocated: (params: AuthUserListParams) => [...keys.all, 'unallocated', params] as const,
};

export const roleQueries = {
  list: (params: RoleListParams) => ({ queryKey: roleKeys.list(params), queryFn: () => roleApi.list(params) }),
  /** The role with its ticked menu tree (what the edit dialog loads). */
  detail: (roleId: number) => ({
    queryKey: roleKeys.detail(roleId),
    queryFn: async (): Promise<RoleEdit> => {
      const [role, menus] = await Promise.all([roleApi.get(roleId), roleApi.roleMenuTree(roleId)]);
      return { ...role, menus };
    },
  }),
  deptTree: (roleId: number) => ({ queryKey: roleKeys.deptTree(roleId), queryFn: () => roleApi.deptTree(roleId) }),
  allocated: (params: AuthUserListParams) => ({ queryKey: roleKeys.allocated(params), queryFn: () => roleApi.allocatedUsers(params) }),
  unallocated: (params: AuthUserListParams) => ({ queryKey: roleKeys.unallocated(params), queryFn: () => roleApi.unallocatedUsers(params) }),
};

export const useRole = (roleId: number | undefined) => useQuery({ ...roleQueries.detail(roleId ?? 0), enabled: roleId !== undefined });
export const useRoleDeptTree = (roleId: number, enabled: boolean) => useQuery({ ...roleQueries.deptTree(roleId), enabled });
/** Every menu as a tree, for a new role. */
export const useMenuOptions = (enabled: boolean) => useQuery({ queryKey: roleKeys.menuOptions(), queryFn: roleApi.menuTree, enabled });
export const useUnallocatedUsers = (params: AuthUserListParams, enabled: boolean) =>
  useQuery({ ...roleQueries.unallocated(params), enabled, placeholderData: keepPreviousData });

/** A change to roles: the lists, details, trees and user assignments read again. */
function useRoleMutation<Input>(mutationFn: (input: Input) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: roleKeys.all }) });
}

export const useSaveRole = () => useRoleMutation((body: RoleSave) => roleApi.save(body));
export const useDeleteRoles = () => useRoleMutation((ids: readonly number[]) => roleApi.remove(ids));
export const useChangeRoleStatus = () => useRoleMutation((body: RoleStatusBody) => roleApi.changeStatus(body));
export const useSaveDataScope = () => useRoleMutation((body: RoleDataScopeBody) => roleApi.dataScope(body));
export const useAddRoleUsers = (roleId: number) => useRoleMutation((userIds: readonly number[]) => roleApi.addUsers(roleId, userIds));
export const useCancelRoleUsers = (roleId: number) => useRoleMutation((userIds: readonly number[]) => roleApi.cancelUsers(roleId, userIds));
