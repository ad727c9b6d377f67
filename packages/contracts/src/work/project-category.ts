import { z } from 'zod';
import { endpoint } from '../endpoint';
import { IdList, IdParam, OkEmpty, okOf, rowsOf } from '../http';
import { ProjectCategory, ProjectCategoryBody, ProjectCategoryPerm, ProjectCategoryQuery, ProjectCategoryUpdate, ProjectPerm } from './project';

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
