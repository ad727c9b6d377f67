import { okOf } from '@ccms/contracts/http';
import { Dashboard } from '@ccms/contracts/work/dashboard';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../../platform/auth/guard';
import { ok } from '../../../platform/http/envelope';
import { dashboardService } from './dashboard.service';

/** The home dashboard: any signed-in user, showing only what their project levels let them see. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const dashboard = dashboardService(app.db);
  app.get(
    '/ccms/dashboard',
    {
      config: { authenticated: true },
      schema: { summary: "Get the caller's home dashboard figures", tags: ['work/dashboard'], response: { 200: okOf(Dashboard) } },
    },
    async (req) => ok(await dashboard.get(caller(req))),
  );
};
