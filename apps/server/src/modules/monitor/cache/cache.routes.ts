import { okOf } from '@ccms/contracts/http';
import { CacheInfo } from '@ccms/contracts/monitor/cache';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../platform/http/envelope';
import { cacheService } from './cache.service';

/** Cache monitor (RuoYi CacheController): the cache store's INFO (Redis, or in-process), the database and what the process holds. */
export const cacheRoutes: FastifyPluginAsyncZod = async (app) => {
  const cache = cacheService(app.database, app.jobs, app.cache);

  app.get(
    '/monitor/cache',
    {
      config: { permission: 'monitor:cache:list' },
      schema: { summary: "Show the server's cache statistics", tags: ['monitor/cache'], response: { 200: okOf(CacheInfo) } },
    },
    async () => ok(await cache.info()),
  );
};
