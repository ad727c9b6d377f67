import type { Language } from '@ccms/contracts/constants';
import { CACHE_NAMES, type CacheName, type SysCache } from '@ccms/contracts/monitor/cache-list';
import { isSecretConfigKey, SECRET_MASK } from '@ccms/contracts/system/config';
import type { Db } from '../../../db/client';
import type { AuthContext } from '../../../platform/auth/access';
import type { CachedSession, SessionCache } from '../../../platform/auth/session-cache';
import { DICT_CACHE_PREFIX, SESSION_CACHE_PREFIX } from '../../../platform/cache/keys';
import type { CacheStore } from '../../../platform/cache/store';
import { badRequest, notFound } from '../../../platform/http/errors';
import {
  captchaIds,
  captchaOf,
  configKeys,
  configOf,
  deleteCaptchas,
  deleteFailures,
  dictOf,
  dictTypes,
  endSessions,
  failureOf,
  failures,
  KEY_LIMIT,
  sessionIds,
  sessionOf,
} from './cache-list.queries';

/** What each of RuoYi's cache names holds on this server, in both languages. */
const REMARKS: Record<CacheName, Record<Language, string>> = {
  'login_tokens:': {
    zh: '用户会话（sys_session 表）：用户、地址与登录时间，不含令牌；清理即强制下线（当前会话保留）',
    en: 'Signed-in sessions (sys_session rows): user, address and sign-in time, never the token; clearing signs users out (your own session stays)',
  },
  'session:': {
    zh: '会话快速通道（仅配置 REDIS_URL 时）：已解析的会话副本，请求无需查询数据库；用户、角色、菜单或部门修改即失效，数据库中的直接修改最多 5 分钟后生效；只显示用户、地址、登录与过期时间；清理后用户保持登录，下次请求从数据库读取',
    en: 'Sessions’ fast path (with REDIS_URL only): resolved sessions, so a request needs no database query; void on any change of users, roles, menus or departments, a change made straight in the database shows within 5 minutes; shows user, address, sign-in and expiry only; clearing keeps users signed in (the next request reads the database)',
  },
  'sys_config:': {
    zh: '参数设置：每次使用都从数据库读取，不在内存缓存，清理后仍从数据库读取；密钥类参数显示为掩码',
    en: 'System parameters: read from the database on every use, not held in memory, so after a clear they are read from the database; secret values show masked',
  },
  'sys_dict:': {
    zh: '数据字典：按类型缓存在缓存存储中（配置 REDIS_URL 时为 Redis，否则为本进程内存），修改即失效；清理后下次使用从数据库读取',
    en: 'Dictionaries: held by type in the cache store (Redis with REDIS_URL, else this process), dropped on any change; after a clear the next use reads the database',
  },
  'captcha_codes:': {
    zh: '验证码（sys_captcha 表）：只显示过期时间，不显示答案；清理后未使用的验证码失效',
    en: 'Captchas (sys_captcha rows): the expiry only, never the answer; clearing voids the unused ones',
  },
  'pwd_err_cnt:': {
    zh: '登录失败计数与锁定（sys_login_failure 表），按“用户@地址”；清理即解除锁定',
    en: 'Sign-in failure counts and locks (sys_login_failure rows), by user@address; clearing lifts the locks',
  },
};

const json = (value: unknown) => JSON.stringify(value, null, 2);

/** The cache a full key belongs to: the name it starts with. */
function split(key: string): { name: CacheName; id: string } {
  const name = CACHE_NAMES.find((n) => key.startsWith(n) && key.length > n.length);
  if (!name) throw badRequest('field.invalidFormat', { field: 'cacheKey' });
  return { name, id: key.slice(name.length) };
}

/** pwd_err_cnt keys are user@address; the address may hold '@' no more than a user name may. */
function failureKey(id: string) {
  const at = id.indexOf('@');
  if (at <= 0 || at === id.length - 1) throw badRequest('field.invalidFormat', { field: 'cacheKey' });
  return { userName: id.slice(0, at), ipaddr: id.slice(at + 1) };
}

/**
 * RuoYi's cache list (CacheController getNames, getKeys, getValue, clear*) over the stores this
 * server has in place of Redis: sessions, parameters, dictionaries, captchas and sign-in failures.
 */
export function cacheListService(db: Db, store: CacheStore, sessions: SessionCache) {
  async function keys(name: CacheName): Promise<string[]> {
    switch (name) {
      case 'login_tokens:':
        return (await sessionIds(db)).map((id) => name + id);
      case 'session:':
        return (await store.keys(SESSION_CACHE_PREFIX)).slice(0, KEY_LIMIT);
      case 'sys_config:':
        return (await configKeys(db)).map((k) => name + k);
      case 'sys_dict:':
        return (await dictTypes(db)).map((k) => name + k);
      case 'captcha_codes:':
        return (await captchaIds(db)).map((id) => name + id);
      case 'pwd_err_cnt:':
        return (await failures(db)).map((f) => `${name}${f.userName}@${f.ipaddr}`);
    }
  }

  async function entryValue(name: CacheName, id: string): Promise<unknown> {
    switch (name) {
      case 'login_tokens:':
        return sessionOf(db, id);
      case 'session:': {
        const held = await store.get(SESSION_CACHE_PREFIX + id);
        if (held === null) return undefined;
        // Who and since when only: never the secret hash, the roles or the permissions.
        const { userName, ipaddr, loginTime, expireTime } = JSON.parse(held) as CachedSession;
        return { userName, ipaddr, loginTime: new Date(loginTime).toISOString(), expireTime: new Date(expireTime).toISOString() };
      }
      case 'sys_config:': {
        const row = await configOf(db, id);
        if (!row) return undefined;
        return isSecretConfigKey(row.configKey) && row.configValue !== '' ? SECRET_MASK : row.configValue;
      }
      case 'sys_dict:':
        return dictOf(db, id);
      case 'captcha_codes:':
        return captchaOf(db, id);
      case 'pwd_err_cnt:': {
        const { userName, ipaddr } = failureKey(id);
        const row = await failureOf(db, userName, ipaddr);
        if (!row) return undefined;
        const last = row.failures.at(-1) ?? null;
        return { userName: row.userName, ipaddr: row.ipaddr, failures: row.failures.length, lastFailure: last, lockedUntil: row.lockedUntil };
      }
    }
  }

  /** Clears one entry (`id`) or the whole cache. Parameters are never held, so they have nothing to clear. */
  async function clear(auth: AuthContext, name: CacheName, id?: string) {
    switch (name) {
      case 'login_tokens:':
        await sessions.ended(await endSessions(db, auth.tokenId, id));
        return;
      case 'session:':
        // Only the copies go: the sessions stay signed in, resolved from the database at their next request.
        if (id === undefined) await store.clear(SESSION_CACHE_PREFIX);
        else await store.del([SESSION_CACHE_PREFIX + id]);
        return;
      case 'captcha_codes:':
        await deleteCaptchas(db, id);
        return;
      case 'pwd_err_cnt:': {
        if (id === undefined) {
          await deleteFailures(db);
          return;
        }
        const { userName, ipaddr } = failureKey(id);
        const row = await failureOf(db, userName, ipaddr);
        if (row) await deleteFailures(db, { userId: row.userId, ipaddr: row.ipaddr });
        return;
      }
      case 'sys_dict:':
        // The dictionaries the store holds (DICT_CACHE_PREFIX + type) go; the next use reads the database.
        if (id === undefined) await store.clear(DICT_CACHE_PREFIX);
        else await store.del([DICT_CACHE_PREFIX + id]);
        return;
      case 'sys_config:':
        // Read from the database on every use: nothing is held, so every reader already sees the database.
        return;
    }
  }

  return {
    names: (lang: Language): SysCache[] => CACHE_NAMES.map((cacheName) => ({ cacheName, cacheKey: '', cacheValue: '', remark: REMARKS[cacheName][lang] })),

    keys,

    async value(lang: Language, name: CacheName, key: string): Promise<SysCache> {
      const { name: owner, id } = split(key);
      if (owner !== name) throw badRequest('field.invalidFormat', { field: 'cacheKey' });
      const value = await entryValue(name, id);
      if (value === undefined) throw notFound('notFound.row', { what: key });
      return { cacheName: name, cacheKey: key, cacheValue: typeof value === 'string' ? value : json(value), remark: REMARKS[name][lang] };
    },

    clearName: (auth: AuthContext, name: CacheName) => clear(auth, name),

    async clearKey(auth: AuthContext, key: string) {
      const { name, id } = split(key);
      await clear(auth, name, id);
    },

    async clearAll(auth: AuthContext) {
      for (const name of CACHE_NAMES) await clear(auth, name);
    },
  };
}
