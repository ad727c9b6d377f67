import { okOf } from '@ccms/contracts/http';
import { ServerInfo } from '@ccms/contracts/monitor/server';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../platform/http/envelope';
import { serverService } from './server.service';

/** Server monitor (RuoYi ServerController): host, Node.js process and the data directory's disk. */
export const serverRoutes: FastifyPluginAsyncZod = async (app) => {
  const server = serverService(app.config.dataDir);

  app.get(
    '/monitor/server',
    {
      config: { permission: 'monitor:server:list' },
      schema: { summary: "Show the server's CPU, memory, runtime and disk figures", tags: ['monitor/server'], response: { 200: okOf(ServerInfo) } },
    },
    async (req) => ok(await server.info(req.lang)),
  );
};
