/**
 * The work item condition query over 100,000 items: three conditions (title contains, status
 * in, priority at most), sorted by creation time, paged, under 50 concurrent requests against
 * the real server process, on PGlite and on PostgreSQL (when DATABASE_URL is set). Prints
 * requests per second and p50/p95/p99, for the administrator and for a project member (whose
 * queries also carry the project-level check), and beside them the same load on `GET /getInfo`,
 * the cheapest signed-in call, with the ratio of the query's p95 to it (target: at most 2× on
 * PostgreSQL; issue 33). The query is answered from the server's in-memory index
 * (work-item-index.ts); the heap that index takes per 100,000 items is measured in this process.
 *
 * BENCH_WORK_ITEMS (default 100000) and BENCH_WORK_REQUESTS (default 2000) change the sizes;
 * BENCH_WORK_SKIP_PGLITE skips the PGlite run and BENCH_WORK_KEEP_DB=<name> seeds that PostgreSQL
 * database once and reuses it on later runs (for iterating on the server).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../../apps/server/src/db/client';
import { ccmsProject, ccmsProjectGrant, ccmsWorkItem, sysMenu, sysRole, sysRoleMenu, sysUser, sysUserRole } from '../../apps/server/src/db/schema';
import { seedIfEmpty } from '../../apps/server/src/db/seed';
import { workItemIndex } from '../../apps/server/src/modules/work/work-item/work-item-index';
import { hashPassword } from '../../apps/server/src/platform/auth/password';
import { cpuMeter } from '../lib/cpu';
import { httpClient } from '../lib/http';
import { fmt, type LoadResult, runLoad } from '../lib/load';
import { freshPgDatabase, startServer } from '../lib/server';

const ITEMS = Number(process.env.BENCH_WORK_ITEMS ?? 100_000);
const REQUESTS = Number(process.env.BENCH_WORK_REQUESTS ?? 2000);
const CONCURRENCY = 50;
const PROJECTS = 20;
const PASSWORD = 'bench12345';
const BATCH = 1000;
/**
 * Requests each timed load is preceded by, the same for the query and the floor: the server's JIT,
 * statement plans and caches settle, and its index finishes the load it starts at boot (about 2 s
 * for 100,000 items). With 200 the first caller measured was still paying for both.
 */
const WARM_UP = 1000;

const WORDS = [
  'torque',
  'wiring',
  'landing',
  'gear',
  'hydraulic',
  'pump',
  'valve',
  'engine',
  'cabin',
  'pressure',
  'sensor',
  'fuel',
  'brake',
  'wheel',
  'door',
  'panel',
  'light',
  'harness',
  'bracket',
  'seal',
  'filter',
  'actuator',
  'antenna',
  'battery',
  'cable',
  'duct',
  'flap',
  'gauge',
  'hinge',
  'inlet',
];
const STATUSES = { requirement: ['draft', 'reviewing', 'active', 'changing', 'closed'], defect: ['active', 'resolved', 'closed'] } as const;
const MODULES = ['engine', 'electrical', 'gear', 'cabin', 'fuel', 'hydraulics'];

/** A small deterministic generator, so every run seeds the same rows. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}
const pick = <T>(r: () => number, list: readonly T[]): T => list[Math.floor(r() * list.length)] as T;

async function seed(opts: { databaseUrl?: string; dataDir: string }) {
  const database = await openDatabase(opts);
  await database.migrate();
  await seedIfEmpty(database.db, { adminPassword: PASSWORD, captchaEnabled: false });
  const db = database.db;
  const projects = await db
    .insert(ccmsProject)
    .values(
      Array.from({ length: PROJECTS }, (_, i) => ({
        title: `Bench project ${i + 1}`,
        name: `bench${i + 1}`,
        version: '1.0',
        projectBranch: 'main',
        createBy: 'admin',
      })),
    )
    .returning({ projectId: ccmsProject.projectId });
  const projectIds = projects.map((p) => p.projectId);

  // A project member: the list permission through a role, write on every project through grants.
  const [role] = await db.insert(sysRole).values({ roleName: 'Bench member', roleKey: 'benchmember', roleSort: 9 }).returning();
  const [user] = await db
    .insert(sysUser)
    .values({ userName: 'member', nickName: 'Member', password: await hashPassword(PASSWORD) })
    .returning();
  const [menu] = await db.select({ menuId: sysMenu.menuId }).from(sysMenu).where(eq(sysMenu.perms, 'ccms:workitem:list'));
  if (!role || !user || !menu) throw new Error('member fixture not created');
  await db.insert(sysRoleMenu).values({ roleId: role.roleId, menuId: menu.menuId });
  await db.insert(sysUserRole).values({ userId: user.userId, roleId: role.roleId });
  await db.insert(ccmsProjectGrant).values(projectIds.map((projectId) => ({ projectId, granteeType: 'user', granteeId: user.userId, level: 'write' })));

  const r = rng(42);
  const now = Date.now();
  const started = performance.now();
  for (let start = 0; start < ITEMS; start += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, ITEMS - start) }, () => {
      const type = r() < 0.5 ? 'requirement' : 'defect';
      return {
        projectId: pick(r, projectIds),
        workItemType: type,
        title: `${pick(r, WORDS)} ${pick(r, WORDS)} ${pick(r, WORDS)} ${pick(r, WORDS)}`,
        status: pick(r, STATUSES[type]),
        priority: 1 + Math.floor(r() * 4),
        severity: 1 + Math.floor(r() * 4),
        module: pick(r, MODULES),
        assigneeId: r() < 0.7 ? 1 : user.userId,
        createUserId: 1,
        createBy: 'admin',
        createTime: new Date(now - Math.floor(r() * 90 * 86_400_000)),
      };
    });
    await db.insert(ccmsWorkItem).values(rows);
  }
  await database.executeSql('ANALYZE');
  console.log(`seeded ${ITEMS} work items in ${PROJECTS} projects in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  await database.close();
  return projectIds;
}

/** The bench projects of a database a previous run seeded and kept (BENCH_WORK_KEEP_DB), or undefined. */
async function seededProjects(url: string): Promise<number[] | undefined> {
  const admin = new URL(url);
  const name = admin.pathname.slice(1);
  admin.pathname = '/postgres';
  const c = new pg.Client({ connectionString: admin.toString() });
  await c.connect();
  const exists = await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (exists.rowCount === 0) await c.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
  await c.end();
  if (exists.rowCount === 0) return undefined;
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    const items = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM ccms_work_item WHERE create_by = 'admin'");
    if (items.rows[0]?.n !== ITEMS) throw new Error(`${name} holds ${items.rows[0]?.n} items, not ${ITEMS}: drop it or name another`);
    const projects = await db.query<{ project_id: number }>("SELECT project_id FROM ccms_project WHERE name LIKE 'bench%' ORDER BY project_id");
    return projects.rows.map((r) => r.project_id);
  } finally {
    await db.end();
  }
}

async function tokenOf(base: string, username: string) {
  const res = await fetch(`${base}/prod-api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  const body = (await res.json()) as { code: number; token?: string; msg?: string };
  if (!body.token) throw new Error(`sign-in of ${username} failed: ${body.msg}`);
  return body.token;
}

/** The i-th request: three conditions, a sort and a page, spread over projects and words. */
function queryBody(i: number, projectIds: number[]) {
  return {
    projectId: projectIds[i % projectIds.length],
    conditions: [
      { field: 'title', operator: 'contains', value: WORDS[i % WORDS.length] },
      { field: 'status', operator: 'in', value: ['draft', 'active', 'resolved'] },
      { field: 'priority', operator: 'le', value: 2 },
    ],
    logic: 'and',
    orderByColumn: 'createTime',
    isAsc: 'descending',
    pageNum: (i % 3) + 1,
    pageSize: 20,
  };
}

/** The heap the condition index takes for every bench project, per 100,000 items (this process, after GC). */
async function indexMemory(opts: { databaseUrl?: string; dataDir: string }, projectIds: number[]) {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const database = await openDatabase(opts);
  try {
    const index = await workItemIndex(database);
    // The index's columns are typed arrays, whose bytes count in arrayBuffers, not in heapUsed.
    const settle = () => {
      for (let i = 0; i < 3; i++) gc();
      const m = process.memoryUsage();
      return m.heapUsed + m.arrayBuffers;
    };
    const before = settle();
    const started = performance.now();
    for (const p of projectIds) if (!(await index.warm(p))) throw new Error(`project ${p} was not indexed`);
    const seconds = (performance.now() - started) / 1000;
    const after = settle();
    const items = index.size();
    const perItem = (after - before) / items;
    console.log(
      `index: ${items} items in ${projectIds.length} projects loaded in ${seconds.toFixed(2)} s; heap + array buffers +${((after - before) / 2 ** 20).toFixed(1)} MB, ${perItem.toFixed(0)} bytes an item, ${((perItem * 100_000) / 2 ** 20).toFixed(1)} MB per 100,000 items`,
    );
    await index.close();
  } finally {
    await database.close();
  }
}

const ratio = (label: string, who: string, query: LoadResult, floor: LoadResult) =>
  console.log(
    `${label} ${who.padEnd(6)} query p95 / getInfo p95 = ${(query.p95 / floor.p95).toFixed(2)}× (${query.p95.toFixed(1)} / ${floor.p95.toFixed(1)} ms; target ≤ 2× on PostgreSQL)`,
  );

async function measure(label: string, env: Record<string, string>, projectIds: number[]) {
  const onPostgres = Boolean(env.DATABASE_URL);
  // Several nodes may share a PostgreSQL database, so the server wants its shared secrets named.
  const secrets: Record<string, string> =
    onPostgres && !process.env.CCMS_JWT_SECRET ? { CCMS_JWT_SECRET: randomBytes(32).toString('hex'), CCMS_SECRET_KEY: randomBytes(32).toString('hex') } : {};
  const server = await startServer({ ...secrets, ...env });
  const results: Record<string, LoadResult> = {};
  const client = httpClient(server.base, { connections: CONCURRENCY });
  try {
    const callers = [];
    for (const who of ['admin', 'member']) {
      const headers = { authorization: `Bearer ${await tokenOf(server.base, who)}`, 'content-type': 'application/json', 'x-ccms-dates': 'iso' };
      const send = async (i: number) => {
        const res = await client.request('POST', '/prod-api/ccms/workitem/query', headers, JSON.stringify(queryBody(i, projectIds)));
        const body = res.json as { code: number; rows?: unknown[]; msg?: string };
        if (body.code !== 200 && process.env.BENCH_DEBUG) console.error(body);
        return body.code === 200 && Array.isArray(body.rows);
      };
      // The floor: the cheapest signed-in call (session check and one read), same client and load.
      const info = async () => ((await client.request('GET', '/prod-api/getInfo', headers)).json as { code: number }).code === 200;
      callers.push({ who, send, info });
    }
    // Every load warms the server (JIT, statement plans, caches, the index's load at start) before any is timed,
    // so the first one timed is not the one that paid for the warm-up.
    for (const { send, info } of callers) {
      await runLoad({ total: Math.min(WARM_UP, REQUESTS), concurrency: CONCURRENCY, send });
      await runLoad({ total: Math.min(WARM_UP, REQUESTS), concurrency: CONCURRENCY, send: info });
    }
    for (const { who, send, info } of callers) {
      const meter = cpuMeter(server.child.pid);
      const result = await runLoad({ total: REQUESTS, concurrency: CONCURRENCY, send });
      results[who] = result;
      console.log(`${label} ${who.padEnd(6)} query 3 conditions + sort  ${fmt(result)}`);
      console.log(`${' '.repeat(label.length + 8)}${meter.report(result.requests, { postgres: onPostgres })}`);
      if (who === 'admin') {
        const infoMeter = cpuMeter(server.child.pid);
        const floor = await runLoad({ total: REQUESTS, concurrency: CONCURRENCY, send: info });
        console.log(`${label} ${who.padEnd(6)} GET /getInfo (floor)        ${fmt(floor)}`);
        console.log(`${' '.repeat(label.length + 8)}${infoMeter.report(floor.requests, { postgres: onPostgres })}`);
        results.floor = floor;
      }
    }
    const floor = results.floor;
    for (const who of ['admin', 'member']) {
      const query = results[who];
      if (query && floor) ratio(label, who, query, floor);
    }
  } finally {
    client.close();
    await server.stop();
  }
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'ccms-bench-work-'));
try {
  console.log(`# work item condition query: ${ITEMS} items, ${REQUESTS} requests, ${CONCURRENCY} concurrent`);
  if (process.env.BENCH_WORK_SKIP_PGLITE) {
    console.log('pglite: skipped (BENCH_WORK_SKIP_PGLITE is set)');
  } else {
    const projectIds = await seed({ dataDir });
    // DATABASE_URL cleared: the PGlite server must not pick up the PostgreSQL one from the environment.
    await measure('pglite  ', { CCMS_DATA_DIR: dataDir, DATABASE_URL: '' }, projectIds);
    await indexMemory({ dataDir }, projectIds);
  }
  if (process.env.DATABASE_URL) {
    const kept = process.env.BENCH_WORK_KEEP_DB;
    if (kept) {
      // Iterating on the server: seed a named database once and measure it again on later runs.
      const url = new URL(process.env.DATABASE_URL);
      url.pathname = `/${kept}`;
      const pgProjects = (await seededProjects(url.toString())) ?? (await seed({ databaseUrl: url.toString(), dataDir }));
      await measure('postgres', { CCMS_DATA_DIR: dataDir, DATABASE_URL: url.toString() }, pgProjects);
      await indexMemory({ databaseUrl: url.toString(), dataDir }, pgProjects);
    } else {
      const pgdb = await freshPgDatabase(process.env.DATABASE_URL);
      try {
        const pgProjects = await seed({ databaseUrl: pgdb.url, dataDir });
        await measure('postgres', { CCMS_DATA_DIR: dataDir, DATABASE_URL: pgdb.url }, pgProjects);
        await indexMemory({ databaseUrl: pgdb.url, dataDir }, pgProjects);
      } finally {
        await pgdb.drop();
      }
    }
  } else {
    console.log('postgres: DATABASE_URL is not set, skipped (target p95 < 50 ms there)');
  }
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
