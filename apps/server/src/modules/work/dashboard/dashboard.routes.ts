import { DashboardApi } from '@ccms/contracts/work/dashboard';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../../platform/auth/guard';
import { routeOf } from '../../../platform/http/endpoint-route';
import { ok } from '../../../platform/http/envelope';
import { attentionService } from './attention.service';
import { dashboardService } from './dashboard.service';

/** The home dashboard: any signed-in user, showing only what their project levels let them see. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const dashboard = dashboardService(app.db);
  const attention = attentionService(app.db);
  app.route({
    ...routeOf(DashboardApi.get),
    handler: async (req) => ok(await dashboard.get(caller(req))),
  });
  app.route({
    ...routeOf(DashboardApi.attention),
    handler: async (req) => ok(await attention.get(caller(req))),
  });
};
