import { PROJECT_REFRESH_OPTIONS } from '@ccms/contracts/constants';
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
import { type ApiEnvelope, byUrl } from '../../../api/client';
import type { QueryParams } from '../../../api/params';
import { download } from '../../../shared/download';
import type { PageParams } from '../../../shared/list/query';
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

/** What the project form edits: the save body's fields, libraryId and ownerId as the detail has them (null: none). */
export type ProjectFields = Omit<ProjectBody, 'libraryId' | 'ownerId'> & { libraryId: number | null; ownerId: number | null };

/** A project's editable fields from its detail (the form's start values; closing saves them with status 1). */
export const projectFieldsOf = (d: Project): ProjectFields => ({
  title: d.title,
  name: d.name,
  status: d.status === '1' ? '1' : '0',
  category: d.category,
  schedule: d.schedule,
  description: d.description,
  beginDate: d.beginDate,
  endDate: d.endDate,
  version: d.version,
  libraryId: d.libraryId,
  sourceBranch: d.sourceBranch,
  projectBranch: d.projectBranch,
  useOriginBranch: d.useOriginBranch,
  ownerId: d.ownerId,
  risk: d.risk,
  objective: d.objective,
  milestone: d.milestone,
  secrecy: d.secrecy,
  public: d.public,
  updateSchedule: (PROJECT_REFRESH_OPTIONS as readonly string[]).includes(d.updateSchedule) ? (d.updateSchedule as ProjectBody['updateSchedule']) : 'never',
});

/** The top bar's project selector lists open projects: refresh it after a change. */
const refreshSelector = () => useProjects.getState().load();

/** Projects and their detail tabs (server: modules/work/project, project-category, project-config). */
export const projectApi = {
  list: (query: ProjectFilters & PageParams) => byUrl.list<Project>('/ccms/project/list', query),
  /** Every visible project (open ones by default), for pickers. */
  options: (status: '0' | undefined = '0') => byUrl.list<Project>('/ccms/project/list', { status, pageNum: 1, pageSize: 1000 }).then((r) => r.rows),
  get: (id: number) => byUrl.one<Project>(`/ccms/project/${id}`),
  add: (body: ProjectBody) => byUrl.post<Data<{ id: number }>>('/ccms/project', body).finally(refreshSelector),
  update: (body: ProjectUpdate) => byUrl.put('/ccms/project', body).finally(refreshSelector),
  reopen: (id: number) => byUrl.put('/ccms/project/reAdd', { id }).finally(refreshSelector),
  remove: (ids: readonly number[]) => byUrl.delete(`/ccms/project/${ids.join(',')}`).finally(refreshSelector),
  export: (query: object) => download('/ccms/project/export', exportQuery(query), `project_${Date.now()}.xlsx`),
  progress: (id: number) => byUrl.one<ProjectProgress>('/ccms/project/progress', { id }),
  branches: (projectId: number) => byUrl.one<ProjectBranch[]>('/ccms/project/listBranch', { projectId }),

  users: () => byUrl.one<UserOption[]>('/ccms/project/listUserForOption'),
  usersMatching: (userStr: string) => byUrl.one<UserOption[]>('/ccms/project/listUserForOptionByStr', { userStr }),

  grants: (projectId: number) => byUrl.one<ProjectGrant[]>('/ccms/project/permission/list', { projectId }),
  addGrant: (body: ProjectGrantBody) => byUrl.post('/ccms/project/permission', body),
  removeGrant: (grantId: number) => byUrl.delete(`/ccms/project/permission/${grantId}`),
  granteeUsers: (keyword?: string) => byUrl.one<UserOption[]>('/ccms/project/user/list', keyword ? { keyword } : undefined),
  granteeRoles: () => byUrl.one<RoleOption[]>('/ccms/project/role/list'),

  members: (projectId: number) => byUrl.one<ProjectMember[]>(`/ccms/project/listUser/${projectId}`),
  addMembers: (body: ProjectMemberBody) => byUrl.post('/ccms/project/member', body),
  removeMember: (memberId: number) => byUrl.delete(`/ccms/project/member/${memberId}`),

  config: (projectId: number) => byUrl.one<ProjectConfig>(`/ccms/project/config/${projectId}`),
  saveConfig: (body: ProjectConfigBody) => byUrl.put('/ccms/project/config', body),
};

/** The project category dictionary (/ccms/project/dictData). */
export const categoryApi = {
  list: (query: CategoryFilters & PageParams) => byUrl.list<ProjectCategory>('/ccms/project/dictData/list', query),
  /** Enabled categories for the project form and filters. */
  options: () => byUrl.list<ProjectCategory>('/ccms/project/dictData/list', { status: '0', pageNum: 1, pageSize: 1000 }).then((r) => r.rows),
  get: (id: number) => byUrl.one<ProjectCategory>(`/ccms/project/dictData/${id}`),
  add: (body: ProjectCategoryBody) => byUrl.post('/ccms/project/dictData/add', body),
  update: (body: ProjectCategoryUpdate) => byUrl.put('/ccms/project/dictData/edit', body),
  remove: (ids: readonly number[]) => byUrl.delete(`/ccms/project/dictData/${ids.join(',')}`),
};
