import type { Language } from '@ccms/contracts/constants';
import { translate } from '@ccms/contracts/messages';
import { lt, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { sysCaptcha, sysLogininfor, sysOperLog, sysSession } from '../../db/schema';
import { catalogReindexJob } from '../../modules/content/catalog/catalog.jobs';
import { libraryFetchAllJob } from '../../modules/content/library/library.jobs';
import { projectUpdateBranchesJob } from '../../modules/work/project/project.jobs';
import { purgeExpiredSessions } from '../auth/session';
import type { Storage } from '../storage/storage';

/** What a handler gets besides its parameters. */
export interface JobContext {
  db: Db;
  storage: Storage;
  log: FastifyBaseLogger;
  jobId: number | null;
  jobName: string;
}

/** A handler's report: a message key with its values (translated when the log is read), or plain text. */
export type JobMessage = string | { key: string; params?: Record<string, string | number> };

interface Texts {
  zh: string;
  en: string;
}

export interface ParamDoc {
  name: string;
  type: string;
  required: boolean;
  description: Texts;
}

/** A handler as the runner and the job form see it; parameters are checked before every run. */
export interface JobHandler {
  name: string;
  description: Texts;
  params: ParamDoc[];
  example: Record<string, unknown>;
  /** The first problem with the parameters, its path starting at invokeParams; null when they are fine. */
  check(raw: unknown): z.core.$ZodIssue | null;
  run(raw: unknown, ctx: JobContext): Promise<JobMessage>;
}

export interface JobHandlerSpec<S extends z.ZodType> {
  name: string;
  description: Texts;
  schema: S;
  params?: ParamDoc[];
  example?: Record<string, unknown>;
  run(params: z.output<S>, ctx: JobContext): Promise<JobMessage>;
}

/** Deletes and counts in the database, so cleaning a large log never loads its ids. */
async function deleteCounting(db: Db | Tx, table: PgTable, where: SQL): Promise<number> {
  const result = await db.execute(sql`WITH d AS (DELETE FROM ${table} WHERE ${where} RETURNING 1) SELECT count(*)::int AS n FROM d`);
  const [row] = (result as unknown as { rows: { n: number }[] }).rows;
  return Number(row?.n ?? 0);
}

/** How a handler's report is kept in sys_job_log.job_message: message objects as JSON, text as is. */
export const encodeJobMessage = (message: JobMessage) => (typeof message === 'string' ? message : JSON.stringify(message));

/** A stored report in the reader's language; text that is not an encoded message comes back unchanged. */
export function decodeJobMessage(stored: string, lang: Language): string {
  if (!stored.startsWith('{')) return stored;
  try {
    const parsed: unknown = JSON.parse(stored);
    if (parsed && typeof parsed === 'object' && 'key' in parsed && typeof parsed.key === 'string') {
      const params = 'params' in parsed && parsed.params && typeof parsed.params === 'object' ? (parsed.params as Record<string, string | number>) : {};
      return translate(lang, parsed.key, params);
    }
  } catch {
    // not JSON after all: shown as written
  }
  return stored;
}

const handlers = new Map<string, JobHandler>();

/**
 * Adds a handler under a name that sys_job.invoke_target can hold. Names only, never a
 * class/method string: the database cannot make the server call arbitrary code.
 */
export function registerJobHandler<S extends z.ZodType>(spec: JobHandlerSpec<S>): JobHandler {
  if (!/^[\w.-]{1,100}$/.test(spec.name)) throw new Error(`job handler name "${spec.name}" must be 1-100 letters, digits, _ . -`);
  const handler: JobHandler = {
    name: spec.name,
    description: spec.description,
    params: spec.params ?? [],
    example: spec.example ?? {},
    check(raw) {
      const parsed = spec.schema.safeParse(raw ?? {}, { reportInput: true });
      const issue = parsed.success ? undefined : parsed.error.issues[0];
      if (!issue) return null;
      const path = ['invokeParams', ...issue.path];
      // Unknown keys are named by their full path too, so the form can point at them.
      if (issue.code === 'unrecognized_keys') return { ...issue, path, keys: issue.keys.map((k) => [...path, k].join('.')) };
      return { ...issue, path };
    },
    async run(raw, ctx) {
      return spec.run(spec.schema.parse(raw ?? {}), ctx);
    },
  };
  handlers.set(spec.name, handler);
  return handler;
}

export const findJobHandler = (name: string) => handlers.get(name);

export const jobHandlers = () => [...handlers.values()].sort((a, b) => a.name.localeCompare(b.name));

registerJobHandler({
  name: 'session.purgeExpired',
  description: { zh: '清理过期会话', en: 'Remove expired sessions' },
  schema: z.object({}).strict(),
  async run(_params, { db }) {
    const removed = await purgeExpiredSessions(db).returning({ tokenId: sysSession.tokenId });
    return { key: 'job.result.sessionsPurged', params: { count: removed.length } };
  },
});

registerJobHandler({
  name: 'captcha.purgeExpired',
  description: { zh: '清理过期验证码', en: 'Remove expired captchas' },
  schema: z.object({}).strict(),
  async run(_params, { db }) {
    const count = await deleteCounting(db, sysCaptcha, lt(sysCaptcha.expireTime, sql`now()`));
    return { key: 'job.result.captchasPurged', params: { count } };
  },
});

registerJobHandler({
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
});

registerJobHandler(libraryFetchAllJob);
registerJobHandler(catalogReindexJob);
registerJobHandler(projectUpdateBranchesJob);
