import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app';
import { openDatabase } from '../../apps/server/src/db/client';
import { sysConfig } from '../../apps/server/src/db/schema';
import { seedIfEmpty } from '../../apps/server/src/db/seed';
import { loadConfig } from '../../apps/server/src/platform/config';
import { DATES_HEADER } from '../../apps/server/src/platform/http/wire-dates';

/** The app on a fresh in-memory PGlite database, signed in as the administrator. */
export async function startApp(dataDir: string, adminPassword: string) {
  const database = await openDatabase({});
  await database.migrate();
  await seedIfEmpty(database.db, { adminPassword, captchaEnabled: false });
  // The bench remote listens on loopback, which library URLs may only use when allowed.
  await database.db.update(sysConfig).set({ configValue: '127.0.0.1' }).where(eq(sysConfig.configKey, 'ccms.library.allowPrivateUrls'));
  const app = await buildApp({
    config: { ...loadConfig({ CCMS_DATA_DIR: dataDir }), webDir: undefined },
    database,
    secrets: { jwtSecret: randomBytes(32).toString('hex'), secretKey: randomBytes(32).toString('hex') },
    logger: false,
  });
  await app.ready();
  const login = await app.inject({ method: 'POST', url: '/prod-api/login', payload: { username: 'admin', password: adminPassword } });
  const token = (login.json() as { token?: string }).token;
  if (!token) throw new Error(`sign-in failed: ${login.body}`);
  return {
    async close() {
      await app.close();
      await database.close();
    },
    /** Raw SQL on the app's database (bulk set-up a benchmark measures nothing of): the rows. */
    async sql(text: string): Promise<Record<string, unknown>[]> {
      const res = (await database.db.execute(sql.raw(text))) as unknown as { rows?: Record<string, unknown>[] };
      return res.rows ?? [];
    },
    /** A call answering a file (exports) as the administrator: its size in bytes; anything but 200 stops the bench. */
    async raw(method: 'GET' | 'POST', url: string): Promise<number> {
      const res = await app.inject({ method, url: `/prod-api${url}`, headers: { authorization: `Bearer ${token}`, [DATES_HEADER]: 'iso' } });
      if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.body.slice(0, 300)}`);
      return res.rawPayload.length;
    },
    /** A JSON call as the administrator; anything but code 200 stops the bench. */
    async call<T>(method: 'GET' | 'POST' | 'PUT', url: string, opts: { query?: Record<string, string | number>; body?: object } = {}): Promise<T> {
      const query = opts.query ? Object.fromEntries(Object.entries(opts.query).map(([k, v]) => [k, String(v)])) : undefined;
      const res = await app.inject({
        method,
        url: `/prod-api${url}`,
        query,
        payload: opts.body,
        headers: { authorization: `Bearer ${token}`, [DATES_HEADER]: 'iso' },
      });
      const body = res.json() as T & { code?: number };
      if (body.code !== 200) throw new Error(`${method} ${url}: ${res.body.slice(0, 300)}`);
      return body;
    },
  };
}
