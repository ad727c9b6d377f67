import { CacheListApi } from '@ccms/contracts/monitor/cache-list';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../../platform/auth/guard';
import { routeOf } from '../../../platform/http/endpoint-route';
import { done, ok } from '../../../platform/http/envelope';
import { BusinessType } from '../../../platform/types';
import { cacheListService } from './cache-list.service';

const log = { title: 'cache', businessType: BusinessType.CLEAN };

/** RuoYi's cache list page (CacheController getNames, getKeys, getValue, clearCacheName, clearCacheKey, clearCacheAll). */
export const cacheListRoutes: FastifyPluginAsyncZod = async (app) => {
  const caches = cacheListService(app.db, app.cache, app.sessions);

  app.route({ ...routeOf(CacheListApi.names), handler: async (req) => ok(caches.names(req.lang)) });
  app.route({ ...routeOf(CacheListApi.keys), handler: async (req) => ok(await caches.keys(req.params.cacheName)) });
  app.route({ ...routeOf(CacheListApi.value), handler: async (req) => ok(await caches.value(req.lang, req.params.cacheName, req.params.cacheKey)) });
  app.route({
    ...routeOf(CacheListApi.clearName, { log }),
    handler: async (req) => {
      await caches.clearName(caller(req), req.params.cacheName);
      return done();
    },
  });
  app.route({
    ...routeOf(CacheListApi.clearKey, { log }),
    handler: async (req) => {
      await caches.clearKey(caller(req), req.params.cacheKey);
      return done();
    },
  });
  app.route({
    ...routeOf(CacheListApi.clearAll, { log }),
    handler: async (req) => {
      await caches.clearAll(caller(req));
      return done();
    },
  });
};
