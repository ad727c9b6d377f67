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
    expect(names).toEqual(['dictionaries', 'sessions', 'captchas', 'jobHandlers', 'jobWorkers', 'messages']);
    expect(caches[1]).toMatchObject({ entries: 2, description: { en: expect.stringContaining('Not cached') } });
    expect(caches[3].entries).toBeGreaterThanOrEqual(3);
  });

  it("answers RuoYi's info, dbSize and commandStats from the in-process cache without REDIS_URL", async () => {
    const before = (await watcher.get('/prod-api/monitor/cache')).body.data;
    expect(before.backend).toBe('memory');
    expect(before.info).toMatchObject({ cache_backend: 'memory', redis_mode: 'standalone', connected_clients: '1', aof_enabled: '0' });
    // Every field RuoYi's page reads is there, as text.
    for (const field of [
      'redis_version',
      'redis_mode',
      'tcp_port',
      'connected_clients',
      'uptime_in_days',
      'used_memory_human',
      'used_cpu_user_children',
      'maxmemory_human',
      'aof_enabled',
      'rdb_last_bgsave_status',
      'instantaneous_input_kbps',
      'instantaneous_output_kbps',
    ])
      expect(typeof before.info[field], field).toBe('string');
    // Reading two dictionaries (twice each) fills the cache: two keys, two misses then two hits.
    const admin = await t.login();
    for (const type of ['sys_normal_disable', 'sys_user_sex', 'sys_normal_disable', 'sys_user_sex'])
      expect((await admin.get(`/prod-api/system/dict/data/type/${type}`)).body.data.length).toBeGreaterThan(1);
    const after = (await watcher.get('/prod-api/monitor/cache')).body.data;
    expect(after.dbSize).toBe(before.dbSize + 2);
    expect(after.caches[0]).toMatchObject({ name: 'dictionaries', entries: before.caches[0].entries + 2 });
    expect(Number(after.info.keyspace_hits) - Number(before.info.keyspace_hits)).toBe(2);
    expect(Number(after.info.keyspace_misses) - Number(before.info.keyspace_misses)).toBe(2);
    expect(Number(after.info.used_memory)).toBeGreaterThan(Number(before.info.used_memory));
    const calls = (data: { commandStats: { name: string; value: string }[] }, name: string) =>
      Number(data.commandStats.find((c) => c.name === name)?.value ?? 0);
    expect(calls(after, 'get') - calls(before, 'get')).toBe(4);
    expect(calls(after, 'set') - calls(before, 'set')).toBe(2);
    // Refreshing the dictionary cache empties it.
    expect((await admin.delete('/prod-api/system/dict/type/refreshCache')).body.code).toBe(200);
    expect((await watcher.get('/prod-api/monitor/cache')).body.data.caches[0].entries).toBe(0);
  });

  it('is refused without monitor:cache:list', async () => {
    expect((await nobody.get('/prod-api/monitor/cache')).status).toBe(403);
  });
});
