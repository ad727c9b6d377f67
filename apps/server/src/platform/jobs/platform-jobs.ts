import { lt, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { sysCaptcha, sysLogininfor, sysOperLog } from '../../db/schema';
import { purgeExpiredSessions } from '../auth/session';
import type { SessionCache } from '../auth/session-cache';
import { defineJobHandler, type JobHandler } from './registry';

/** Deletes and counts in the database, so cleaning a large log never loads its ids. */
async function deleteCounting(db: Db | Tx, table: PgTable, where: SQL): Promise<number> {
  const result = await db.execute(sql`WITH d AS (DELETE FROM ${table} WHERE ${where} RETURNING 1) SELECT count(*)::int AS n FROM d`);
  const [row] = (result as unknown as { rows: { n: number }[] }).rows;
  return Number(row?.n ?? 0);
}

/** The handlers the platform owns: housekeeping of its own tables. Areas register theirs on app.jobs. */
export const platformJobHandlers = (sessions: SessionCache): JobHandler[] => [
  defineJobHandler({
    name: 'session.purgeExpired',
    description: { zh: '清理过期会话', en: 'Remove expired sessions' },
    schema: z.object({}).strict(),
    async run(_params, { db }) {
      const count = await purgeExpiredSessions(db, sessions);
      return { key: 'job.result.sessionsPurged', params: { count } };
    },
  }),
  defineJobHandler({
    name: 'captcha.purgeExpired',
    description: { zh: '清理过期验证码', en: 'Remove expired captchas' },
    schema: z.object({}).strict(),
    async run(_params, { db }) {
      const count = await deleteCounting(db, sysCaptcha, lt(sysCaptcha.expireTime, sql`now()`));
      return { key: 'job.result.captchasPurged', params: { count } };
    },
  }),
  defineJobHandler({
    name: 'log.cleanOld',
    description: { zh: '删除N天前的操作日志和登录日志', en: 'Delete operation and login logs older than N days' },
    schema: z.object({ days: z.number().int().min(1).max(36500).default(90) }).strict(),
    params: [{ name: 'days', type: 'integer', required: false, description: { zh: '保留天数（默认90）', en: 'Days to keep (default 90)' } }],
    example: { days: 90 },
    async run({ days }, { db }) {
      const before = new Date(Date.now() - days * 86_400_000);
      const [operLogs, loginLogs] = await db.transaction(async (tx) => [
        await deleteCounting(tx, sysOperLog, lt(sysOperLog.operTime, before)),
        await deleteCounting(tx, sysLogininfor, lt(sysLogininfor.loginTime, before)),
      ]);
      return { key: 'job.result.logsCleaned', params: { days, operLogs, loginLogs } };
    },
  }),
];
