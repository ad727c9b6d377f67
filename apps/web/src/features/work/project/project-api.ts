import { PROJECT_REFRESH_OPTIONS } from '@ccms/contracts/constants';
import { urlOf } from '@ccms/contracts/endpoint';
import {
  type Project,
  ProjectApi,
  type ProjectBody,
  type ProjectGrantBody,
  type ProjectMemberBody,
  type ProjectQuery,
  type ProjectRoleOption,
  type ProjectUpdate,
} from '@ccms/contracts/work/project';
import { ProjectCategoryApi, type ProjectCategoryBody, type ProjectCategoryQuery, type ProjectCategoryUpdate } from '@ccms/contracts/work/project-category';
import { ProjectConfigApi, type ProjectConfigBody } from '@ccms/contracts/work/project-config';
import type { z } from 'zod';
import { api } from '../../../api/client';
import type { QueryParams } from '../../../api/params';
import { download } from '../../../shared/download';
import type { PageParams } from '../../../shared/list/query';
import { useProjects } from '../../../state/project-store';

export type ProjectFilters = Pick<ProjectQuery, 'title' | 'name' | 'status' | 'category'>;
export type CategoryFilters = Pick<ProjectCategoryQuery, 'name' | 'value' | 'status'>;
export type RoleOption = z.infer<typeof ProjectRoleOption>;

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
  list: (query: ProjectFilters & PageParams) => api.list(ProjectApi.list, { query }),
  /** Every visible project (open ones by default), for pickers. */
  options: (status: '0' | undefined = '0') => api.list(ProjectApi.list, { query: { status, pageNum: 1, pageSize: 1000 } }).then((r) => r.rows),
  get: (id: number) => api.one(ProjectApi.get, { path: { id } }),
  add: (body: ProjectBody) => api.call(ProjectApi.add, { body }).finally(refreshSelector),
  update: (body: ProjectUpdate) => api.call(ProjectApi.edit, { body }).finally(refreshSelector),
  reopen: (id: number) => api.call(ProjectApi.reopen, { body: { id } }).finally(refreshSelector),
  remove: (ids: readonly number[]) => api.call(ProjectApi.remove, { path: { ids } }).finally(refreshSelector),
  export: (query: object) => download(urlOf(ProjectApi.export), exportQuery(query), `project_${Date.now()}.xlsx`),
  progress: (id: number) => api.one(ProjectApi.progress, { query: { id } }),
  branches: (projectId: number) => api.one(ProjectApi.branches, { query: { projectId } }),

  users: () => api.one(ProjectApi.userOptions),
  usersMatching: (userStr: string) => api.one(ProjectApi.usersMatching, { query: { userStr } }),

  grants: (projectId: number) => api.one(ProjectApi.grants, { query: { projectId } }),
  addGrant: (body: ProjectGrantBody) => api.call(ProjectApi.grant, { body }),
  removeGrant: (grantId: number) => api.call(ProjectApi.revoke, { path: { ids: grantId } }),
  granteeUsers: (keyword?: string) => api.one(ProjectApi.granteeUsers, { query: keyword ? { keyword } : undefined }),
  granteeRoles: () => api.one(ProjectApi.granteeRoles),

  members: (projectId: number) => api.one(ProjectApi.members, { path: { id: projectId } }),
  addMembers: (body: ProjectMemberBody) => api.call(ProjectApi.addMembers, { body }),
  removeMember: (memberId: number) => api.call(ProjectApi.removeMembers, { path: { ids: memberId } }),

  config: (projectId: number) => api.one(ProjectConfigApi.get, { path: { projectId } }),
  saveConfig: (body: ProjectConfigBody) => api.call(ProjectConfigApi.edit, { body }),
};

/** The project category dictionary (server: modules/work/project-category). */
export const categoryApi = {
  list: (query: CategoryFilters & PageParams) => api.list(ProjectCategoryApi.list, { query }),
  /** Enabled categories for the project form and filters. */
  options: () => api.list(ProjectCategoryApi.list, { query: { status: '0', pageNum: 1, pageSize: 1000 } }).then((r) => r.rows),
  get: (id: number) => api.one(ProjectCategoryApi.get, { path: { id } }),
  add: (body: ProjectCategoryBody) => api.call(ProjectCategoryApi.add, { body }),
  update: (body: ProjectCategoryUpdate) => api.call(ProjectCategoryApi.edit, { body }),
  remove: (ids: readonly number[]) => api.call(ProjectCategoryApi.remove, { path: { ids } }),
};
