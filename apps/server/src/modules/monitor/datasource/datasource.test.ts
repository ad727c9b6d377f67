import { DATASOURCE_TOP } from '@ccms/contracts/monitor/datasource';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerWith } from '../../../../test/callers';
import { type Caller, createTestApp, type TestApp, testDbKind } from '../../../../test/harness';

let t: TestApp;
let watcher: Caller;
let nobody: Caller;

beforeAll(async () => {
  t = await createTestApp();
  watcher = await callerWith(t, 'watcher', ['monitor:druid:list']);
  nobody = await callerWith(t, 'nobody', []);
});
afterAll(() => t.close());

interface Statement {
  text: string;
  calls: number;
  meanMs: number;
  maxMs: number;
  totalMs: number;
}

describe('GET /monitor/druid', () => {
  it('shows the database, its pool and connections, and its largest tables', async () => {
    const res = await watcher.get('/prod-api/monitor/druid');
    expect(res.status).toBe(200);
    const { database, pool, connections, tables } = res.body.data;
    expect(database.kind).toBe(testDbKind);
    expect(database.version).toMatch(/^\d+/);
    expect(database.size).toBeGreaterThan(0);
    expect(pool.inUse).toBe(pool.total - pool.idle);
    if (testDbKind === 'pglite') {
      expect(pool).toEqual({ max: 1, total: 1, idle: 0, inUse: 1, waiting: 0 });
      expect(connections).toEqual({ active: 1, idle: 0, idleInTransaction: 0, total: 1, max: 1 });
    } else {
      expect(pool.max).toBe(20);
      expect(pool.total).toBeGreaterThanOrEqual(1);
      // This request's own session is active on the database.
      expect(connections.active).toBeGreaterThanOrEqual(1);
      expect(connections.total).toBeGreaterThanOrEqual(connections.active + connections.idle);
    }
    expect(tables.length).toBe(DATASOURCE_TOP);
    const sizes = tables.map((x: { totalBytes: number }) => x.totalBytes);
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
    expect(sizes[0]).toBeGreaterThan(0);
  });

  it("lists the server's own statement timings: the slowest by mean and the most frequent, with the session check among them", async () => {
    // Requests that each check the session: the same parameterised statement, many times.
    for (let i = 0; i < 5; i++) await watcher.get('/prod-api/getInfo');
    const { statements } = (await watcher.get('/prod-api/monitor/druid')).body.data;
    expect(statements.source).toBe('server');
    expect(Date.parse(statements.since)).not.toBeNaN();
    const frequent: Statement[] = statements.frequent;
    const slowest: Statement[] = statements.slowest;
    expect(frequent.length).toBe(DATASOURCE_TOP);
    expect(frequent.map((s) => s.calls)).toEqual(frequent.map((s) => s.calls).sort((a, b) => b - a));
    expect(slowest.map((s) => s.meanMs)).toEqual(slowest.map((s) => s.meanMs).sort((a, b) => b - a));
    expect(frequent[0]?.calls).toBeGreaterThanOrEqual(6);
    expect(frequent.some((s) => /sys_session/.test(s.text))).toBe(true);
    for (const s of [...frequent, ...slowest]) {
      expect(s.maxMs).toBeGreaterThanOrEqual(s.meanMs);
      expect(s.totalMs).toBeCloseTo(s.meanMs * s.calls, 1);
    }
    // A statement run more often later counts more calls.
    const before = frequent.find((s) => /sys_session/.test(s.text));
    await watcher.get('/prod-api/getInfo');
    const after = ((await watcher.get('/prod-api/monitor/druid')).body.data.statements.frequent as Statement[]).find((s) => s.text === before?.text);
    expect(after?.calls).toBeGreaterThan(before?.calls ?? 0);
  });

  it('is refused without monitor:druid:list', async () => {
    expect((await nobody.get('/prod-api/monitor/druid')).status).toBe(403);
    expect((await t.anonymous.get('/prod-api/monitor/druid')).status).toBe(401);
  });
});
