import { S1000dApi } from '@ccms/contracts/content/s1000d';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../../platform/auth/guard';
import { routeOf } from '../../../platform/http/endpoint-route';
import { ok } from '../../../platform/http/envelope';
import { s1000dService } from './s1000d.service';

export const s1000dRoutes: FastifyPluginAsyncZod = async (app) => {
  const s1000d = s1000dService(app.db, app.content.git, app.content);

  app.route({ ...routeOf(S1000dApi.applicability), handler: async (req) => ok(await s1000d.applicability(caller(req), req.query)) });
  app.route({ ...routeOf(S1000dApi.filter), handler: async (req) => ok(await s1000d.filter(caller(req), req.query)) });
  app.route({ ...routeOf(S1000dApi.instance), handler: async (req) => ok(await s1000d.instance(caller(req), req.query)) });
};
