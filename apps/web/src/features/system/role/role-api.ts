import type { TreeOption } from '@ccms/contracts/system/menu';
import type {
  AuthUserQuery,
  AuthUserRow,
  Role,
  RoleBody,
  RoleDataScopeBody,
  RoleDetail,
  RoleQuery,
  RoleStatusBody,
  RoleUpdate,
} from '@ccms/contracts/system/role';
import type { z } from 'zod';
import { type ApiEnvelope, byUrl } from '../../../api/client';
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
  list: (params: RoleListParams) => byUrl.list<Role>('/system/role/list', params),
  get: (roleId: number) => byUrl.one<RoleWithMenus>(`/system/role/${roleId}`),
  /** Adds when the body has no `roleId`, else updates. */
  save: (body: RoleSave) => ('roleId' in body ? byUrl.put('/system/role', body) : byUrl.post('/system/role', body)),
  remove: (ids: readonly number[]) => byUrl.delete(`/system/role/${ids.join(',')}`),
  changeStatus: (body: RoleStatusBody) => byUrl.put('/system/role/changeStatus', body),
  dataScope: (body: RoleDataScopeBody) => byUrl.put('/system/role/dataScope', body),
  export: (query: object) => download('/system/role/export', exportQuery(query), `role_${Date.now()}.xlsx`),

  /** Every menu as a tree (a new role). */
  menuTree: () => byUrl.one<TreeOption[]>('/system/menu/treeselect'),
  /** The menu tree with the role's menus ticked. */
  roleMenuTree: async (roleId: number): Promise<TickedTree> => {
    const { menus, checkedKeys } = await byUrl.get<ApiEnvelope & { menus: TreeOption[]; checkedKeys: number[] }>(`/system/menu/roleMenuTreeselect/${roleId}`);
    return { tree: menus, checkedKeys };
  },
  /** The department tree with the role's custom data-scope departments ticked. */
  deptTree: async (roleId: number): Promise<TickedTree> => {
    const { depts, checkedKeys } = await byUrl.get<ApiEnvelope & { depts: TreeOption[]; checkedKeys: number[] }>(`/system/role/deptTree/${roleId}`);
    return { tree: depts, checkedKeys };
  },

  allocatedUsers: (params: AuthUserListParams) => byUrl.list<AllocatedUser>('/system/role/authUser/allocatedList', params),
  unallocatedUsers: (params: AuthUserListParams) => byUrl.list<AllocatedUser>('/system/role/authUser/unallocatedList', params),
  cancelUsers: (roleId: number, userIds: readonly number[]) => {
    const [only] = userIds;
    return userIds.length === 1 && only !== undefined
      ? byUrl.put('/system/role/authUser/cancel', { roleId, userId: only })
      : byUrl.put('/system/role/authUser/cancelAll', { roleId, userIds });
  },
  addUsers: (roleId: number, userIds: readonly number[]) => byUrl.put('/system/role/authUser/selectAll', { roleId, userIds }),
};
