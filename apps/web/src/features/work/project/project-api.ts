import type { UserOption } from '@ccms/contracts/work/common';
import type {
  Project,
  ProjectBody,
  ProjectBranch,
  ProjectCategory,
  ProjectCategoryBody,
  ProjectCategoryQuery,
  ProjectCategoryUpdate,
  ProjectConfig,
  ProjectConfigBody,
  ProjectGrant,
  ProjectGrantBody,
  ProjectMember,
  ProjectMemberBody,
  ProjectProgress,
  ProjectQuery,
  ProjectUpdate,
} from '@ccms/contracts/work/project';
import { type ApiEnvelope, api } from '../../../api/client';
import type { QueryParams } from '../../../api/params';
import { download } from '../../../shared/download';
import type { PageParams, PageResult } from '../../../shared/list/query';
import { useProjects } from '../../../state/project-store';

export type ProjectFilters = Pick<ProjectQuery, 'title' | 'name' | 'status' | 'category'>;
export type CategoryFilters = Pick<ProjectCategoryQuery, 'name' | 'value' | 'status'>;
export interface RoleOption {
  roleId: number;
  roleName: string;
  roleKey: string;
}

type Data<T> = ApiEnvelope & { data: T };

/** An export takes the list's filters without its paging. */
export const exportQuery = (query: object): QueryParams => {
  const { pageNum: _page, pageSize: _size, ...filters } = query as QueryParams;
  return filters;
};

/** The top bar's project selector lists open projects: refresh it after a change. */
const refreshSelector = () => useProjects.getState().load();

/** Projects and their detail tabs (server: modules/work/project, project-category, project-config). */
export const projectApi = {
  list: (query: ProjectFilters & PageParams) => api.get<ApiEnvelope & PageResult<Project>>('/ccms/project/list', query),
  /** Every visible project (open ones by default), for pickers. */
  options: (status: '0' | undefined = '0') =>
    api.get<ApiEnvelope & PageResult<Project>>('/ccms/project/list', { status, pageNum: 1, pageSize: 1000 }).then((r) => r.rows),
  get: (id: number) => api.get<Data<Project>>(`/ccms/project/${id}`).then((r) => r.data),
  add: (body: ProjectBody) => api.post<Data<{ id: number }>>('/ccms/project', body).finally(refreshSelector),
  update: (body: ProjectUpdate) => api.put('/ccms/project', body).finally(refreshSelector),
  reopen: (id: number) => api.put('/ccms/project/reAdd', { id }).finally(refreshSelector),
  remove: (ids: readonly number[]) => api.delete(`/ccms/project/${ids.join(',')}`).finally(refreshSelector),
  export: (query: object) => download('/ccms/project/export', exportQuery(query), `project_${Date.now()}.xlsx`),
  progress: (id: number) => api.get<Data<ProjectProgress>>('/ccms/project/progress', { id }).then((r) => r.data),
  branches: (projectId: number) => api.get<Data<ProjectBranch[]>>('/ccms/project/listBranch', { projectId }).then((r) => r.data),

  users: () => api.get<Data<UserOption[]>>('/ccms/project/listUserForOption').then((r) => r.data),
  usersMatching: (userStr: string) => api.get<Data<UserOption[]>>('/ccms/project/listUserForOptionByStr', { userStr }).then((r) => r.data),

  grants: (projectId: number) => api.get<Data<ProjectGrant[]>>('/ccms/project/permission/list', { projectId }).then((r) => r.data),
  addGrant: (body: ProjectGrantBody) => api.post('/ccms/project/permission', body),
  removeGrant: (grantId: number) => api.delete(`/ccms/project/permission/${grantId}`),
  granteeUsers: (keyword?: string) => api.get<Data<UserOption[]>>('/ccms/project/user/list', keyword ? { keyword } : undefined).then((r) => r.data),
  granteeRoles: () => api.get<Data<RoleOption[]>>('/ccms/project/role/list').then((r) => r.data),

  members: (projectId: number) => api.get<Data<ProjectMember[]>>(`/ccms/project/listUser/${projectId}`).then((r) => r.data),
  addMembers: (body: ProjectMemberBody) => api.post('/ccms/project/member', body),
  removeMember: (memberId: number) => api.delete(`/ccms/project/member/${memberId}`),

  config: (projectId: number) => api.get<Data<ProjectConfig>>(`/ccms/project/config/${projectId}`).then((r) => r.data),
  saveConfig: (body: ProjectConfigBody) => api.put('/ccms/project/config', body),
};

/** The project category dictionary (/ccms/project/dictData). */
export const categoryApi = {
  list: (query: CategoryFilters & PageParams) => api.get<ApiEnvelope & PageResult<ProjectCategory>>('/ccms/project/dictData/list', query),
  /** Enabled categories for the project form and filters. */
  options: () =>
    api.get<ApiEnvelope & PageResult<ProjectCategory>>('/ccms/project/dictData/list', { status: '0', pageNum: 1, pageSize: 1000 }).then((r) => r.rows),
  get: (id: number) => api.get<Data<ProjectCategory>>(`/ccms/project/dictData/${id}`).then((r) => r.data),
  add: (body: ProjectCategoryBody) => api.post('/ccms/project/dictData/add', body),
  update: (body: ProjectCategoryUpdate) => api.put('/ccms/project/dictData/edit', body),
  remove: (ids: readonly number[]) => api.delete(`/ccms/project/dictData/${ids.join(',')}`),
};
