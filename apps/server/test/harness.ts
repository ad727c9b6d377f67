import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HTTP_STATUS_KEY } from '@ccms/contracts/system/config';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { type AppDeps, buildApp } from '../src/app';
import { type Database, openDatabase } from '../src/db/client';
import { sysConfig } from '../src/db/schema';
import { seedIfEmpty } from '../src/db/seed';
import { loadConfig } from '../src/platform/config';
import { DATES_HEADER } from '../src/platform/http/wire-dates';
import { ADMIN_PASSWORD } from './constants';

export { ADMIN_PASSWORD };

/** Which database the API tests run on: PGlite by default, PostgreSQL when CCMS_TEST_DB=postgres. */
export const testDbKind = process.env.CCMS_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/**
 * A fresh, migrated and seeded database: a copy of the run's PGlite image, or a new PostgreSQL
 * database made from the run's template and dropped on close (see global-setup.ts).
 */
export async function freshDatabase(): Promise<Database> {
  if (testDbKind === 'pglite') {
    const image = new Blob([await readFile(inject('pgliteImage'))]);
    return openDatabase({ pgliteImage: image });
  }
  const url = process.env.DATABASE_URL;
  const template = inject('pgTemplate');
  if (!url || !template) throw new Error('CCMS_TEST_DB=postgres needs DATABASE_URL');
  // Named after the run's template, so the run's teardown can drop whatever a file left behind.
  const name = `${template}_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  if (!(await takeReadyDatabase(admin, template, name))) {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    // A throwaway database: commits need not wait for the WAL to reach the disk (same answers, no fsync wait).
    if (process.env.CCMS_TEST_SYNC !== 'on') await admin.query(`ALTER DATABASE ${name} SET synchronous_commit = off`);
  }
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: target.toString() });
  return {
    ...database,
    async close() {
      await database.close();
      // Dropping takes from a tenth of a second to seconds (the files are deleted): the file goes on
      // meanwhile, and the run's teardown drops any database whose drop had not ended (global-setup.ts).
      void dropDatabase(url, name);
    },
  };
}

/**
 * Takes one of the copies the run's setup keeps made ahead (global-setup.ts), renaming it to
 * `name`; false when none is ready (or other files took them first), and the caller makes its own.
 */
async function takeReadyDatabase(admin: pg.Client, template: string, name: string): Promise<boolean> {
  const ready = await admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1 ORDER BY oid', [`${template}\\_p\\_%`]);
  for (const { datname } of ready.rows) {
    try {
      await admin.query(`ALTER DATABASE ${datname} RENAME TO ${name}`);
      return true;
    } catch {
      // Another file renamed it first.
    }
  }
  return false;
}

async function dropDatabase(url: string, name: string): Promise<void> {
  const dropper = new pg.Client({ connectionString: url });
  try {
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } catch {
    // The teardown drops it.
  } finally {
    await dropper.end().catch(() => undefined);
  }
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  dataDir: string;
  /** Signs in (captcha is off in tests) and returns a caller bound to that session. */
  login(username?: string, password?: string): Promise<Caller>;
  /** A caller without a token. */
  anonymous: Caller;
  close(): Promise<void>;
}

export interface Reply {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: test replies are read field by field
  body: any;
  headers: Record<string, unknown>;
  raw: string;
  /** The body as bytes (downloads, workbooks). */
  bytes: Buffer;
}

export interface Caller {
  token: string | null;
  get(url: string, query?: Record<string, string | number>): Promise<Reply>;
  post(url: string, body?: unknown): Promise<Reply>;
  put(url: string, body?: unknown): Promise<Reply>;
  delete(url: string): Promise<Reply>;
  request(opts: InjectOptions): Promise<Reply>;
}

/**
 * A client of the API as the product's web app is one: it asks for ISO-8601 dates (which the API
 * tests compare); `{ 'x-ccms-dates': 'ruoyi' }` in a request's headers reads them as RuoYi's client does.
 */
export function callerFor(app: FastifyInstance, token: string | null, lang = 'en'): Caller {
  const request = async (opts: InjectOptions): Promise<Reply> => {
    const headers = {
      'accept-language': lang,
      [DATES_HEADER]: 'iso',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(opts.headers ?? {}),
    };
    const res = await app.inject({ ...opts, headers });
    let body: unknown = null;
    try {
      body = res.json();
    } catch {
      body = null;
    }
    return { status: res.statusCode, body, headers: res.headers, raw: res.body, bytes: res.rawPayload };
  };
  return {
    token,
    request,
    get: (url, query) => request({ method: 'GET', url, query: query ? Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) : undefined }),
    post: (url, body) => request({ method: 'POST', url, payload: body as InjectOptions['payload'] }),
    put: (url, body) => request({ method: 'PUT', url, payload: body as InjectOptions['payload'] }),
    delete: (url) => request({ method: 'DELETE', url }),
  };
}

/** The whole app on a fresh seeded database with captcha off and administrator password admin123. */
/**
 * A server on a fresh database. Its refusals keep their HTTP status (sys.api.httpStatus = true), which
 * the API tests assert; `ruoyiErrors` leaves the product's default, RuoYi's HTTP 200 with the code in the body.
 */
export async function createTestApp(
  opts: { captcha?: boolean; ruoyiErrors?: boolean; env?: Record<string, string>; onRoute?: AppDeps['onRoute'] } = {},
): Promise<TestApp> {
  const database = await freshDatabase();
  await seedIfEmpty(database.db, { adminPassword: ADMIN_PASSWORD, captchaEnabled: opts.captcha ?? false });
  if (opts.captcha) await database.db.update(sysConfig).set({ configValue: 'true' }).where(eq(sysConfig.configKey, 'sys.account.captchaEnabled'));
  if (!opts.ruoyiErrors) await database.db.update(sysConfig).set({ configValue: 'true' }).where(eq(sysConfig.configKey, HTTP_STATUS_KEY));
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ccms-test-'));
  const config = {
    ...loadConfig({ CCMS_DATA_DIR: dataDir, ...(process.env.CCMS_TEST_LOG ? { LOG_LEVEL: process.env.CCMS_TEST_LOG } : {}), ...opts.env }),
    webDir: undefined,
  };
  const app = await buildApp({
    config,
    database,
    secrets: { jwtSecret: randomBytes(32).toString('hex'), secretKey: randomBytes(32).toString('hex') },
    // CCMS_TEST_LOG=error (or another level) shows the server's log, e.g. the error behind a 500.
    logger: Boolean(process.env.CCMS_TEST_LOG),
    onRoute: opts.onRoute,
    // Every answer of every API test is also written by zod's path and must read the same.
    checkAnswers: true,
  });
  await app.ready();
  const anonymous = callerFor(app, null);
  return {
    app,
    database,
    dataDir,
    anonymous,
    async login(username = 'admin', password = ADMIN_PASSWORD) {
      const res = await anonymous.post('/prod-api/login', { username, password });
      if (res.body?.code !== 200) throw new Error(`login ${username} failed: ${res.raw}`);
      return callerFor(app, res.body.token);
    },
    async close() {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
