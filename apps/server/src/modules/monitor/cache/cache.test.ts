import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerWith } from '../../../../test/callers';
import { type Caller, createTestApp, type TestApp, testDbKind } from '../../../../test/harness';
import { sysUser } from '../../../db/schema';

let t: TestApp;
let watcher: Caller;
let nobody: Caller;

beforeAll(async () => {
  t = await createTestApp();
  watcher = await callerWith(t, 'watcher', ['monitor:cache:list']);
  nobody = await callerWith(t, 'nobody', []);
});
afterAll(() => t.close());

describe('GET /monitor/cache', () => {
  it('shows the database, table row counts and what the process caches', async () => {
    const res = await watcher.get('/prod-api/monitor/cache');
    expect(res.status).toBe(200);
    const { database, tables, caches } = res.body.data;
    expect(database.kind).toBe(testDbKind);
    expect(database.version).toMatch(/^\d+/);
    expect(database.size).toBeGreaterThan(0);
    if (testDbKind === 'postgres') expect(database.pool).toEqual(expect.objectContaining({ total: expect.any(Number) }));
    else expect(database.pool).toBeNull();
    const [userCount] = await t.database.db.select({ n: count() }).from(sysUser);
    const users = tables.find((x: { name: string }) => x.name === 'sys_user');
    expect(users).toEqual({ name: 'sys_user', rows: userCount?.n, estimated: false });
    expect(tables.some((x: { name: string }) => x.name === 'sys_job_log')).toBe(true);
    const names = caches.map((c: { name: string }) => c.name);
    expect(names).toEqual(['sessions', 'captchas', 'jobHandlers', 'jobWorkers', 'messages']);
    expect(caches[0]).toMatchObject({ entries: 2, description: { en: expect.stringContaining('Not cached') } });
    expect(caches[2].entries).toBeGreaterThanOrEqual(3);
  });

  it('is refused without monitor:cache:list', async () => {
    expect((await nobody.get('/prod-api/monitor/cache')).status).toBe(403);
  });
});
