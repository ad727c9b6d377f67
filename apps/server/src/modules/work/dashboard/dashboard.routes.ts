import { okOf } from '@ccms/contracts/http';
import { Attention, Dashboard } from '@ccms/contracts/work/dashboard';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../../platform/auth/guard';
import { ok } from '../../../platform/http/envelope';
import { attentionService } from './attention.service';
import { dashboardService } from './dashboard.service';

/** The home dashboard: any signed-in user, showing only what their project levels let them see. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const dashboard = dashboardService(app.db);
  const attention = attentionService(app.db);
  app.get(
    '/ccms/dashboard',
    {
      config: { authenticated: true },
      schema: { summary: "Get the caller's home dashboard figures", tags: ['work/dashboard'], response: { 200: okOf(Dashboard) } },
    },
    async (req) => ok(await dashboard.get(caller(req))),
  );
  // "Needs you": any signed-in user asks; who leads which projects and each panel's permission decide what comes back.
  app.get(
    '/ccms/dashboard/attention',
    {
      config: { authenticated: true },
      schema: {
        summary: 'Get what waits for the caller in the projects they lead (approvals, reviews, overdue tasks, failed publishes and deliveries)',
        tags: ['work/dashboard'],
        response: { 200: okOf(Attention) },
      },
    },
    async (req) => ok(await attention.get(caller(req))),
  );
};
