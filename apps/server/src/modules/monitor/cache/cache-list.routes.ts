import { OkEmpty, okOf } from '@ccms/contracts/http';
import { CacheKeyParam, CacheNameParam, CacheValueParams, SysCache } from '@ccms/contracts/monitor/cache-list';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../../platform/auth/guard';
import { done, ok } from '../../../platform/http/envelope';
import { BusinessType } from '../../../platform/types';
import { cacheListService } from './cache-list.service';

const permission = 'monitor:cache:list';
const tags = ['monitor/cache'];
const log = { title: 'cache', businessType: BusinessType.CLEAN };

/** RuoYi's cache list page (CacheController getNames, getKeys, getValue, clearCacheName, clearCacheKey, clearCacheAll). */
export const cacheListRoutes: FastifyPluginAsyncZod = async (app) => {
  const caches = cacheListService(app.db, app.cache, app.sessions);

  app.get(
    '/monitor/cache/getNames',
    { config: { permission }, schema: { summary: 'List the caches with what each holds', tags, response: { 200: okOf(z.array(SysCache)) } } },
    async (req) => ok(caches.names(req.lang)),
  );
  app.get(
    '/monitor/cache/getKeys/:cacheName',
    { config: { permission }, schema: { summary: 'List the keys of a cache', tags, params: CacheNameParam, response: { 200: okOf(z.array(z.string())) } } },
    async (req) => ok(await caches.keys(req.params.cacheName)),
  );
  app.get(
    '/monitor/cache/getValue/:cacheName/:cacheKey',
    {
      config: { permission },
      schema: { summary: 'Show the value of a cache key (never a secret)', tags, params: CacheValueParams, response: { 200: okOf(SysCache) } },
    },
    async (req) => ok(await caches.value(req.lang, req.params.cacheName, req.params.cacheKey)),
  );
  app.delete(
    '/monitor/cache/clearCacheName/:cacheName',
    { config: { permission, log }, schema: { summary: 'Clear a cache', tags, params: CacheNameParam, response: { 200: OkEmpty } } },
    async (req) => {
      await caches.clearName(caller(req), req.params.cacheName);
      return done();
    },
  );
  app.delete(
    '/monitor/cache/clearCacheKey/:cacheKey',
    { config: { permission, log }, schema: { summary: 'Clear one cache key', tags, params: CacheKeyParam, response: { 200: OkEmpty } } },
    async (req) => {
      await caches.clearKey(caller(req), req.params.cacheKey);
      return done();
    },
  );
  app.delete(
    '/monitor/cache/clearCacheAll',
    { config: { permission, log }, schema: { summary: 'Clear every cache (your own session stays)', tags, response: { 200: OkEmpty } } },
    async (req) => {
      await caches.clearAll(caller(req));
      return done();
    },
  );
};
