import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { cacheRoutes } from './cache/cache.routes';
import { cacheListRoutes } from './cache/cache-list.routes';
import { datasourceRoutes } from './datasource/datasource.routes';
import { druidFrameRoutes } from './datasource/druid-frame.routes';
import { jobRoutes } from './job/job.routes';
import { jobLogRoutes } from './job/job-log.routes';
import { loginInfoRoutes } from './logininfor/logininfor.routes';
import { onlineRoutes } from './online/online.routes';
import { operLogRoutes } from './operlog/operlog.routes';
import { serverRoutes } from './server/server.routes';

/** The area's route plugins, in registration order. */
const routes: FastifyPluginAsync[] = [
  onlineRoutes,
  operLogRoutes,
  loginInfoRoutes,
  jobRoutes,
  jobLogRoutes,
  serverRoutes,
  cacheRoutes,
  cacheListRoutes,
  datasourceRoutes,
  druidFrameRoutes,
];

/** The monitor area: online users, operation and sign-in logs, scheduled jobs, server and cache facts. */
export const monitorArea = fp(
  async (app) => {
    for (const plugin of routes) await app.register(plugin);
  },
  { name: 'monitor', encapsulate: true },
);
