import { messageCatalog } from '@ccms/contracts/messages';
import type { CacheInfo } from '@ccms/contracts/monitor/cache';
import pg from 'pg';
import type { Database } from '../../../db/client';
import type { JobRunner } from '../../../platform/jobs/runner';
import { databaseFacts, liveSessions, storedCaptchas, tableRows } from './cache.queries';

/** The app's PostgreSQL pool, when there is one. */
function poolOf(database: Database) {
  const client = (database.db as unknown as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : null;
}

export function cacheService(database: Database, jobs: JobRunner) {
  const db = database.db;
  return {
    /**
     * RuoYi shows Redis here. This server has none: sessions, captchas and sign-in locks are
     * database rows, so the page shows the database and the little the process keeps in memory.
     */
    async info(): Promise<CacheInfo> {
      const facts = await databaseFacts(db);
      const pool = poolOf(database);
      return {
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
            name: 'sessions',
            entries: await liveSessions(db),
            description: {
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
