import { urlOf } from '@ccms/contracts/endpoint';
import { MenuApi, type TreeOption } from '@ccms/contracts/system/menu';
import {
  type AuthUserQuery,
  type AuthUserRow,
  RoleApi,
  type RoleBody,
  type RoleDataScopeBody,
  type RoleDetail,
  type RoleQuery,
  type RoleStatusBody,
  type RoleUpdate,
} from '@ccms/contracts/system/role';
import type { z } from 'zod';
import { api } from '../../../api/client';
import type { QueryParams } from '../../../api/params';
import { download } from '../../../shared/download';
import type { PageParams } from '../../../shared/list/query';

export type RoleWithMenus = z.infer<typeof RoleDetail>;
export type AllocatedUser = z.infer<typeof AuthUserRow>;
export type RoleFilters = Pick<RoleQuery, 'roleName' | 'roleKey' | 'status'> & { params?: Record<string, string> };
export type RoleListParams = RoleFilters & PageParams;
export type RoleSave = RoleBody | RoleUpdate;
export type AuthUserFilters = Pick<AuthUserQuery, 'userName' | 'phonenumber'>;
export type AuthUserListParams = AuthUserFilters & PageParams & { roleId: number };
/** A tree with the role's nodes ticked (menus of the role, departments of its custom data scope). */
export interface TickedTree {
  tree: TreeOption[];
  checkedKeys: number[];
}
/** What the edit dialog loads: the role and its ticked menu tree. */
export type RoleEdit = RoleWithMenus & { menus: TickedTree };

/** An export takes the list's filters without its paging. */
const exportQuery = (query: object): QueryParams => {
  const { pageNum: _page, pageSize: _size, ...filters } = query as QueryParams;
  return filters;
};

/** Roles administration (server: modules/system/role and the menu trees of modules/system/menu). Screens use `role-queries.ts`. */
export const roleApi = {
  list: (params: RoleListParams) => api.list(RoleApi.list, { query: params }),
  get: (roleId: number) => api.one(RoleApi.get, { path: { roleId } }),
  /** Adds when the body has no `roleId`, else updates. */
  save: (body: RoleSave) => ('roleId' in body ? api.call(RoleApi.edit, { body }) : api.call(RoleApi.add, { body })),
  remove: (ids: readonly number[]) => api.call(RoleApi.remove, { path: { ids } }),
  changeStatus: (body: RoleStatusBody) => api.call(RoleApi.changeStatus, { body }),
  dataScope: (body: RoleDataScopeBody) => api.call(RoleApi.dataScope, { body }),
  export: (query: object) => download(urlOf(RoleApi.export), exportQuery(query), `role_${Date.now()}.xlsx`),

  /** Every menu as a tree (a new role). */
  menuTree: () => api.one(MenuApi.tree),
  /** The menu tree with the role's menus ticked. */
  roleMenuTree: async (roleId: number): Promise<TickedTree> => {
    const { menus, checkedKeys } = await api.call(MenuApi.roleMenuTree, { path: { roleId } });
    return { tree: menus, checkedKeys };
  },
  /** The department tree with the role's custom data-scope departments ticked. */
  deptTree: async (roleId: number): Promise<TickedTree> => {
    const { depts, checkedKeys } = await api.call(RoleApi.deptTree, { path: { roleId } });
    return { tree: depts, checkedKeys };
  },

  allocatedUsers: (params: AuthUserListParams) => api.list(RoleApi.allocatedUsers, { query: params }),
  unallocatedUsers: (params: AuthUserListParams) => api.list(RoleApi.unallocatedUsers, { query: params }),
  cancelUsers: (roleId: number, userIds: readonly number[]) => {
    const [only] = userIds;
    return userIds.length === 1 && only !== undefined
      ? api.call(RoleApi.cancelAuthUser, { body: { roleId, userId: only } })
      : api.call(RoleApi.cancelAuthUsers, { body: { roleId, userIds } });
  },
  addUsers: (roleId: number, userIds: readonly number[]) => api.call(RoleApi.selectAuthUsers, { body: { roleId, userIds } }),
};
