import { ProjectConfigApi } from '@ccms/contracts/work/project-config';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../../platform/auth/guard';
import { routeOf } from '../../../platform/http/endpoint-route';
import { done, ok } from '../../../platform/http/envelope';
import { BusinessType } from '../../../platform/types';
import { projectConfigService } from './project-config.service';

export const projectConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  const configs = projectConfigService(app.db);

  app.route({
    ...routeOf(ProjectConfigApi.get),
    handler: async (req) => ok(await configs.get(caller(req), req.params.projectId)),
  });
  app.route({
    ...routeOf(ProjectConfigApi.edit, { log: { title: 'project config', businessType: BusinessType.UPDATE } }),
    handler: async (req) => {
      await configs.save(caller(req), req.body);
      return done();
    },
  });
};
