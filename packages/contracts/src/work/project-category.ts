import { z } from 'zod';
import { endpoint } from '../endpoint';
import { DateTime, IdList, IdParam, OkEmpty, okOf, PageQuery, rowsOf, Status01 } from '../http';
import { ProjectPerm } from './project';

export const ProjectCategoryPerm = {
  list: 'ccms:projectCategory:list',
  query: 'ccms:projectCategory:query',
  add: 'ccms:projectCategory:add',
  edit: 'ccms:projectCategory:edit',
  remove: 'ccms:projectCategory:remove',
} as const;

/** The project category dictionary (name, value, status, sort). */
export const ProjectCategory = z.object({
  id: z.number(),
  name: z.string(),
  value: z.string(),
  status: z.string(),
  sort: z.number(),
  createBy: z.string(),
  createTime: DateTime,
});
export type ProjectCategory = z.infer<typeof ProjectCategory>;

export const ProjectCategoryQuery = PageQuery.extend({
  name: z.string().max(100).optional(),
  value: z.string().max(100).optional(),
  status: Status01.optional(),
});
export type ProjectCategoryQuery = z.infer<typeof ProjectCategoryQuery>;

export const ProjectCategoryBody = z.object({
  name: z.string().trim().min(1).max(100),
  value: z.string().trim().min(1).max(100),
  status: Status01.default('0'),
  sort: z.coerce.number().int().min(0).max(9999).default(0).describe('display order, ascending'),
});
export type ProjectCategoryBody = z.infer<typeof ProjectCategoryBody>;

export const ProjectCategoryUpdate = ProjectCategoryBody.extend({ id: z.number().int().positive() });
export type ProjectCategoryUpdate = z.infer<typeof ProjectCategoryUpdate>;

const tag = 'work/project-category';

/** The project-category API: each endpoint's URL, method, access and schemas, for the server's routes and the web's calls. */
export const ProjectCategoryApi = {
  // The project form picks categories too.
  list: endpoint({
    method: 'GET',
    url: '/ccms/project/dictData/list',
    access: { permission: [ProjectCategoryPerm.list, ProjectPerm.list] },
    summary: 'List project categories by page',
    tag,
    query: ProjectCategoryQuery,
    response: rowsOf(ProjectCategory),
  }),
  get: endpoint({
    method: 'GET',
    url: '/ccms/project/dictData/:id',
    access: { permission: ProjectCategoryPerm.query },
    summary: 'Get a project category',
    tag,
    params: IdParam,
    response: okOf(ProjectCategory),
  }),
  add: endpoint({
    method: 'POST',
    url: '/ccms/project/dictData/add',
    access: { permission: ProjectCategoryPerm.add },
    summary: 'Create a project category',
    tag,
    body: ProjectCategoryBody,
    response: okOf(z.object({ id: z.number() })),
  }),
  edit: endpoint({
    method: 'PUT',
    url: '/ccms/project/dictData/edit',
    access: { permission: ProjectCategoryPerm.edit },
    summary: 'Update a project category',
    tag,
    body: ProjectCategoryUpdate,
    response: OkEmpty,
  }),
  remove: endpoint({
    method: 'DELETE',
    url: '/ccms/project/dictData/:ids',
    access: { permission: ProjectCategoryPerm.remove },
    summary: 'Delete project categories',
    tag,
    params: z.object({ ids: IdList }),
    response: OkEmpty,
  }),
};
