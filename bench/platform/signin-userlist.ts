/**
 * Sign-in and the user list page over 10,000 users, 20 concurrent requests, on PGlite and on
 * PostgreSQL (when DATABASE_URL is set). Prints requests per second and p50/p95/p99.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../apps/server/src/db/client';
import { sysUser } from '../../apps/server/src/db/schema';
import { seedIfEmpty } from '../../apps/server/src/db/seed';
import { hashPassword } from '../../apps/server/src/platform/auth/password';
import { fmt, runLoad } from '../lib/load';
import { freshPgDatabase, startServer } from '../lib/server';

const USERS = Number(process.env.BENCH_USERS ?? 10_000);
const CONCURRENCY = 20;
const PASSWORD = 'bench12345';

async function seed(opts: { databaseUrl?: string; dataDir: string }) {
  const database = await openDatabase(opts);
  await database.migrate();
  await seedIfEmpty(database.db, { adminPassword: PASSWORD, captchaEnabled: false });
  const hash = await hashPassword(PASSWORD);
  const depts = [100, 101, 102, 103, 104, 105, 106];
  for (let start = 0; start < USERS; start += 1000) {
    const batch = Array.from({ length: Math.min(1000, USERS - start) }, (_, k) => {
      const i = start + k;
      return {
        userName: `u${i}`,
        nickName: `User ${i}`,
        password: hash,
        deptId: depts[i % depts.length] ?? 100,
        phonenumber: `138${String(i).padStart(8, '0')}`,
      };
    });
    await database.db.insert(sysUser).values(batch);
  }
  await database.close();
}

async function measure(label: string, env: Record<string, string>) {
  const server = await startServer(env);
  try {
    const signIn = await runLoad({
      total: 200,
      concurrency: CONCURRENCY,
      send: async () => {
        const res = await fetch(`${server.base}/prod-api/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'admin', password: PASSWORD }),
        });
        const body = (await res.json()) as { code: number; msg?: string };
        if (body.code !== 200 && process.env.BENCH_DEBUG) console.error(body);
        return body.code === 200;
      },
    });
    console.log(`${label} sign-in         ${fmt(signIn)}`);
    const signInReply = await fetch(`${server.base}/prod-api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: PASSWORD }),
    });
    const login = (await signInReply.json()) as { token: string };
    const headers = { authorization: `Bearer ${login.token}`, 'x-ccms-dates': 'iso' };
    const list = await runLoad({
      total: 2000,
      concurrency: CONCURRENCY,
      send: async (i) => {
        const page = (i % 50) + 1;
        const res = await fetch(`${server.base}/prod-api/system/user/list?pageNum=${page}&pageSize=20`, { headers });
        const body = (await res.json()) as { code: number; total: number };
        return body.code === 200 && body.total >= USERS;
      },
    });
    console.log(`${label} user list page  ${fmt(list)}`);
  } finally {
    await server.stop();
  }
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'ccms-bench-'));
try {
  console.log(`# sign-in and user list: ${USERS} users, ${CONCURRENCY} concurrent`);
  await seed({ dataDir });
  await measure('pglite  ', { CCMS_DATA_DIR: dataDir });
  if (process.env.DATABASE_URL) {
    const pgdb = await freshPgDatabase(process.env.DATABASE_URL);
    try {
      await seed({ databaseUrl: pgdb.url, dataDir });
      await measure('postgres', { CCMS_DATA_DIR: dataDir, DATABASE_URL: pgdb.url });
    } finally {
      await pgdb.drop();
    }
  } else {
    console.log('postgres: DATABASE_URL is not set, skipped');
  }
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
