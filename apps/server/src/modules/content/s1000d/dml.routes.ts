import { S1000dDmlApi } from '@ccms/contracts/content/s1000d-dml';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../../platform/auth/guard';
import { routeOf } from '../../../platform/http/endpoint-route';
import { ok } from '../../../platform/http/envelope';
import { dmlService } from './dml.service';

export const dmlRoutes: FastifyPluginAsyncZod = async (app) => {
  const dml = dmlService(app.db, app.content.git, app.content);
  app.route({ ...routeOf(S1000dDmlApi.coverage), handler: async (req) => ok(await dml.coverage(caller(req), req.query)) });
};
