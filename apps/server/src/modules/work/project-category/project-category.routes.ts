import { IdList, IdParam, OkEmpty, okOf, rowsOf } from '@ccms/contracts/http';
import {
  ProjectCategory,
  ProjectCategoryBody,
  ProjectCategoryPerm,
  ProjectCategoryQuery,
  ProjectCategoryUpdate,
  ProjectPerm,
} from '@ccms/contracts/work/project';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../../platform/auth/guard';
import { done, ok, rows } from '../../../platform/http/envelope';
import { BusinessType } from '../../../platform/types';
import { projectCategoryService } from './project-category.service';

const log = (businessType: BusinessType) => ({ title: 'project category', businessType });

/** The project category dictionary under the spec's /ccms/project/dictData paths. */
export const projectCategoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const categories = projectCategoryService(app.db);

  // The project form picks categories too.
  app.get(
    '/ccms/project/dictData/list',
    {
      config: { permission: [ProjectCategoryPerm.list, ProjectPerm.list] },
      schema: {
        summary: 'List project categories by page',
        tags: ['work/project-category'],
        querystring: ProjectCategoryQuery,
        response: { 200: rowsOf(ProjectCategory) },
      },
    },
    async (req) => rows(await categories.list(req.query)),
  );
  app.get(
    '/ccms/project/dictData/:id',
    {
      config: { permission: ProjectCategoryPerm.query },
      schema: { summary: 'Get a project category', tags: ['work/project-category'], params: IdParam, response: { 200: okOf(ProjectCategory) } },
    },
    async (req) => ok(await categories.get(req.params.id)),
  );
  app.post(
    '/ccms/project/dictData/add',
    {
      config: { permission: ProjectCategoryPerm.add, log: log(BusinessType.INSERT) },
      schema: {
        summary: 'Create a project category',
        tags: ['work/project-category'],
        body: ProjectCategoryBody,
        response: { 200: okOf(z.object({ id: z.number() })) },
      },
    },
    async (req) => ok({ id: await categories.create(caller(req), req.body) }),
  );
  app.put(
    '/ccms/project/dictData/edit',
    {
      config: { permission: ProjectCategoryPerm.edit, log: log(BusinessType.UPDATE) },
      schema: { summary: 'Update a project category', tags: ['work/project-category'], body: ProjectCategoryUpdate, response: { 200: OkEmpty } },
    },
    async (req) => {
      await categories.update(caller(req), req.body);
      return done();
    },
  );
  app.delete(
    '/ccms/project/dictData/:ids',
    {
      config: { permission: ProjectCategoryPerm.remove, log: log(BusinessType.DELETE) },
      schema: { summary: 'Delete project categories', tags: ['work/project-category'], params: z.object({ ids: IdList }), response: { 200: OkEmpty } },
    },
    async (req) => {
      await categories.remove(req.params.ids);
      return done();
    },
  );
};
