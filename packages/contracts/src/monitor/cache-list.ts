import { z } from 'zod';
import { endpoint } from '../endpoint';
import { OkEmpty, okOf } from '../http';
import { CachePerm } from './cache';

/** RuoYi's SysCache: one cache (getNames) or one entry of it (getValue). */
export const SysCache = z.object({
  cacheName: z.string().describe("RuoYi's key prefix, e.g. 'login_tokens:'"),
  cacheKey: z.string().describe('the full key (empty in the list of caches)'),
  cacheValue: z.string().describe('the value as text, never holding a secret (empty in the list of caches)'),
  remark: z.string().describe("what the cache holds, in the caller's language"),
});
export type SysCache = z.infer<typeof SysCache>;

/** RuoYi's cache names as its page lists them; each maps onto a store of this server. */
export const CACHE_NAMES = ['login_tokens:', 'session:', 'sys_config:', 'sys_dict:', 'captcha_codes:', 'pwd_err_cnt:'] as const;
export type CacheName = (typeof CACHE_NAMES)[number];

const KEY = /^[\x21-\x7e\u00a0-\uffff]{1,200}$/;

export const CacheNameParam = z.object({
  cacheName: z.enum(CACHE_NAMES).describe('one of the cache names getNames lists'),
});

export const CacheKeyParam = z.object({
  cacheKey: z.string().regex(KEY, { message: 'field.invalidFormat' }).describe('a full key as getKeys lists it'),
});

export const CacheValueParams = CacheNameParam.extend(CacheKeyParam.shape);

const tag = 'monitor/cache';

/**
 * RuoYi's cache list page (CacheController getNames, getKeys, getValue, clearCacheName,
 * clearCacheKey, clearCacheAll), which RuoYi's client calls: each endpoint's URL, method, access
 * and schemas, for the server's routes.
 */
export const CacheListApi = {
  names: endpoint({
    method: 'GET',
    url: '/monitor/cache/getNames',
    access: { permission: CachePerm.list },
    summary: 'List the caches with what each holds',
    tag,
    response: okOf(z.array(SysCache)),
  }),
  keys: endpoint({
    method: 'GET',
    url: '/monitor/cache/getKeys/:cacheName',
    access: { permission: CachePerm.list },
    summary: 'List the keys of a cache',
    tag,
    params: CacheNameParam,
    response: okOf(z.array(z.string())),
  }),
  value: endpoint({
    method: 'GET',
    url: '/monitor/cache/getValue/:cacheName/:cacheKey',
    access: { permission: CachePerm.list },
    summary: 'Show the value of a cache key (never a secret)',
    tag,
    params: CacheValueParams,
    response: okOf(SysCache),
  }),
  clearName: endpoint({
    method: 'DELETE',
    url: '/monitor/cache/clearCacheName/:cacheName',
    access: { permission: CachePerm.list },
    summary: 'Clear a cache',
    tag,
    params: CacheNameParam,
    response: OkEmpty,
  }),
  clearKey: endpoint({
    method: 'DELETE',
    url: '/monitor/cache/clearCacheKey/:cacheKey',
    access: { permission: CachePerm.list },
    summary: 'Clear one cache key',
    tag,
    params: CacheKeyParam,
    response: OkEmpty,
  }),
  clearAll: endpoint({
    method: 'DELETE',
    url: '/monitor/cache/clearCacheAll',
    access: { permission: CachePerm.list },
    summary: 'Clear every cache (your own session stays)',
    tag,
    response: OkEmpty,
  }),
};
