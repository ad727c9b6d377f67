import { messageCatalog } from '@ccms/contracts/messages';
import type { CacheInfo } from '@ccms/contracts/monitor/cache';
import pg from 'pg';
import type { Database } from '../../../db/client';
import { DICT_CACHE_PREFIX } from '../../../platform/cache/keys';
import type { CacheStore } from '../../../platform/cache/store';
import type { JobRunner } from '../../../platform/jobs/runner';
import { databaseFacts, liveSessions, storedCaptchas, tableRows } from './cache.queries';

/** The app's PostgreSQL pool, when there is one. */
function poolOf(database: Database) {
  const client = (database.db as unknown as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : null;
}

export function cacheService(database: Database, jobs: JobRunner, store: CacheStore) {
  const db = database.db;
  return {
    /**
     * RuoYi shows Redis here: the cache store's INFO (Redis's own, or the in-process store's
     * figures). Sessions, captchas and sign-in locks are database rows, so the page also shows
     * the database and what the process keeps in memory.
     */
    async info(): Promise<CacheInfo> {
      const [facts, stats, dictKeys] = await Promise.all([databaseFacts(db), store.stats(), store.keys(DICT_CACHE_PREFIX)]);
      const pool = poolOf(database);
      return {
        backend: store.kind,
        ...stats,
        database: {
          kind: database.kind,
          version: facts?.version ?? '',
          name: facts?.name ?? '',
          user: facts?.user ?? '',
          size: Number(facts?.size ?? 0),
          connections: database.kind === 'pglite' ? 1 : Number(facts?.connections ?? 0),
          maxConnections: database.kind === 'pglite' ? 1 : (facts?.maxConnections ?? null),
          pool: pool ? { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount } : null,
        },
        tables: await tableRows(db),
        caches: [
          {
            name: 'dictionaries',
            entries: dictKeys.length,
            description:
              store.kind === 'redis'
                ? {
                    zh: '字典数据按类型缓存在 Redis（sys_dict:类型），任一节点修改字典即全部清除',
                    en: 'Dictionary items per type, cached in Redis (sys_dict:type); a dictionary change on any node drops them all',
                  }
                : {
                    zh: '字典数据按类型缓存在进程内存（sys_dict:类型），本节点修改字典即清除；使用 PostgreSQL 时每项最多保留 30 秒',
                    en: 'Dictionary items per type, cached in process memory (sys_dict:type); a change on this node drops them; on PostgreSQL an entry lives 30 seconds at most',
                  },
          },
          {
            name: 'sessions',
            entries: await liveSessions(db),
            description:
              store.kind === 'redis'
                ? {
                    zh: '会话保存在 sys_session 表；已解析的会话在 Redis 中保留副本（session:令牌），请求无需查询数据库；任一节点修改用户、角色、菜单或部门、退出或强制退出，下一个请求即生效',
                    en: 'Sessions are sys_session rows; resolved ones are kept in Redis (session:token) so a request needs no database query; a change of users, roles, menus or departments, a sign-out or a force logout on any node takes effect at the next request',
                  }
                : {
                    zh: '不缓存：会话保存在 sys_session 表，每个请求都读取，因此强制退出在所有节点立即生效',
                    en: 'Not cached: sessions are sys_session rows read on every request, so a force logout takes effect at once on every node',
                  },
          },
          {
            name: 'captchas',
            entries: await storedCaptchas(db),
            description: {
              zh: '不缓存：验证码答案保存在 sys_captcha 表，使用一次即删除',
              en: 'Not cached: captcha answers are sys_captcha rows, deleted on first use',
            },
          },
          {
            name: 'jobHandlers',
            entries: jobs.handlers().length,
            description: { zh: '代码中注册的定时任务处理器（进程内存）', en: 'Job handlers registered in code (process memory)' },
          },
          {
            name: 'jobWorkers',
            entries: jobs.workerCount(),
            description: { zh: '本节点上轮询 pg-boss 队列的任务执行器', en: 'pg-boss workers polling job queues on this node' },
          },
          {
            name: 'messages',
            entries: Object.keys(messageCatalog.en).length,
            description: { zh: '服务端中英文消息，随代码发布（进程内存）', en: 'Server messages in zh and en, shipped with the code (process memory)' },
          },
        ],
      };
    },
  };
}
