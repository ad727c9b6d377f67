import { ServerApi } from '@ccms/contracts/monitor/server';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../../platform/http/endpoint-route';
import { ok } from '../../../platform/http/envelope';
import { serverService } from './server.service';

/** Server monitor (RuoYi ServerController): host, Node.js process and the data directory's disk. */
export const serverRoutes: FastifyPluginAsyncZod = async (app) => {
  const server = serverService(app.config.dataDir);

  app.route({ ...routeOf(ServerApi.info), handler: async (req) => ok(await server.info(req.lang)) });
};
