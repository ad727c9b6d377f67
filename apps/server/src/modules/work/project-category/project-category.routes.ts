import { ProjectCategoryApi } from '@ccms/contracts/work/project-category';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../../platform/auth/guard';
import { routeOf } from '../../../platform/http/endpoint-route';
import { done, ok, rows } from '../../../platform/http/envelope';
import { BusinessType } from '../../../platform/types';
import { projectCategoryService } from './project-category.service';

const log = (businessType: BusinessType) => ({ log: { title: 'project category', businessType } });

/** The project category dictionary under the spec's /ccms/project/dictData paths. */
export const projectCategoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const categories = projectCategoryService(app.db);

  app.route({
    ...routeOf(ProjectCategoryApi.list),
    handler: async (req) => rows(await categories.list(req.query)),
  });
  app.route({
    ...routeOf(ProjectCategoryApi.get),
    handler: async (req) => ok(await categories.get(req.params.id)),
  });
  app.route({
    ...routeOf(ProjectCategoryApi.add, log(BusinessType.INSERT)),
    handler: async (req) => ok({ id: await categories.create(caller(req), req.body) }),
  });
  app.route({
    ...routeOf(ProjectCategoryApi.edit, log(BusinessType.UPDATE)),
    handler: async (req) => {
      await categories.update(caller(req), req.body);
      return done();
    },
  });
  app.route({
    ...routeOf(ProjectCategoryApi.remove, log(BusinessType.DELETE)),
    handler: async (req) => {
      await categories.remove(req.params.ids);
      return done();
    },
  });
};
