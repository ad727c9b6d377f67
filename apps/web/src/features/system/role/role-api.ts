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
import { type ApiEnvelope, api } from '../../../api/client';
import type { QueryParams } from '../../../api/params';
import { download } from '../../../shared/download';
import type { PageParams, PageResult } from '../../../shared/list/query';

export type RoleWithMenus = z.infer<typeof RoleDetail>;
export type AllocatedUser = z.infer<typeof AuthUserRow>;
export type RoleFilters = Pick<RoleQuery, 'roleName' | 'roleKey' | 'status'> & { params?: Record<string, string> };
export type AuthUserFilters = Pick<AuthUserQuery, 'userName' | 'phonenumber'>;

/** An export takes the list's filters without its paging. */
const exportQuery = (query: object): QueryParams => {
  const { pageNum: _page, pageSize: _size, ...filters } = query as QueryParams;
  return filters;
};

/** Roles administration (server: modules/system/role and the menu trees of modules/system/menu). */
export const roleApi = {
  list: (query: RoleFilters & PageParams) => api.get<ApiEnvelope & PageResult<Role>>('/system/role/list', query),
  get: (roleId: number) => api.get<ApiEnvelope & { data: RoleWithMenus }>(`/system/role/${roleId}`).then((r) => r.data),
  add: (body: RoleBody) => api.post('/system/role', body),
  update: (body: RoleUpdate) => api.put('/system/role', body),
  remove: (ids: readonly number[]) => api.delete(`/system/role/${ids.join(',')}`),
  changeStatus: (body: RoleStatusBody) => api.put('/system/role/changeStatus', body),
  dataScope: (body: RoleDataScopeBody) => api.put('/system/role/dataScope', body),
  export: (query: object) => download('/system/role/export', exportQuery(query), `role_${Date.now()}.xlsx`),

  /** Every menu as a tree (a new role). */
  menuTree: () => api.get<ApiEnvelope & { data: TreeOption[] }>('/system/menu/treeselect').then((r) => r.data),
  /** The menu tree with the role's menus ticked. */
  roleMenuTree: (roleId: number) => api.get<ApiEnvelope & { menus: TreeOption[]; checkedKeys: number[] }>(`/system/menu/roleMenuTreeselect/${roleId}`),
  /** The department tree with the role's custom data-scope departments ticked. */
  deptTree: (roleId: number) => api.get<ApiEnvelope & { depts: TreeOption[]; checkedKeys: number[] }>(`/system/role/deptTree/${roleId}`),

  allocatedUsers: (query: AuthUserFilters & PageParams & { roleId: number }) =>
    api.get<ApiEnvelope & PageResult<AllocatedUser>>('/system/role/authUser/allocatedList', query),
  unallocatedUsers: (query: AuthUserFilters & PageParams & { roleId: number }) =>
    api.get<ApiEnvelope & PageResult<AllocatedUser>>('/system/role/authUser/unallocatedList', query),
  cancelUser: (roleId: number, userId: number) => api.put('/system/role/authUser/cancel', { roleId, userId }),
  cancelUsers: (roleId: number, userIds: readonly number[]) => api.put('/system/role/authUser/cancelAll', { roleId, userIds }),
  addUsers: (roleId: number, userIds: readonly number[]) => api.put('/system/role/authUser/selectAll', { roleId, userIds }),
};
