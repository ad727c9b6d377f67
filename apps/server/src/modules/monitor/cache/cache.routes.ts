import { CacheApi } from '@ccms/contracts/monitor/cache';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../../platform/http/endpoint-route';
import { ok } from '../../../platform/http/envelope';
import { cacheService } from './cache.service';

/** Cache monitor (RuoYi CacheController): the cache store's INFO (Redis, or in-process), the database and what the process holds. */
export const cacheRoutes: FastifyPluginAsyncZod = async (app) => {
  const cache = cacheService(app.database, app.jobs, app.cache);

  app.route({ ...routeOf(CacheApi.info), handler: async () => ok(await cache.info()) });
};
