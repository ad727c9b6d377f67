import { z } from 'zod';

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
