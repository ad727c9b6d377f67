import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerWith } from '../../../../test/callers';
import { type Caller, createTestApp, type TestApp } from '../../../../test/harness';
import { sysOperLog, sysSession } from '../../../db/schema';

let t: TestApp;
let admin: Caller;
let watcher: Caller;
let nobody: Caller;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  watcher = await callerWith(t, 'watcher', ['monitor:online:list']);
  nobody = await callerWith(t, 'nobody', []);
  // An expired session still in the table: not online.
  await t.database.db.insert(sysSession).values({ tokenId: 'gone', userId: 1, userName: 'ghost', ipaddr: '10.9.9.9', expireTime: new Date(Date.now() - 1000) });
});
afterAll(() => t.close());

describe('GET /monitor/online/list', () => {
  it('lists live sessions only, filtered by user name and address', async () => {
    const res = await watcher.get('/prod-api/monitor/online/list');
    expect(res.status).toBe(200);
    const names = res.body.rows.map((r: { userName: string }) => r.userName).sort();
    expect(names).toEqual(['admin', 'nobody', 'watcher']);
    expect(res.body.total).toBe(3);
    expect(res.body.rows[0]).toEqual(
      expect.objectContaining({ tokenId: expect.any(String), ipaddr: expect.any(String), browser: expect.any(String), loginTime: expect.any(String) }),
    );
    const byName = await watcher.get('/prod-api/monitor/online/list', { userName: 'watch' });
    expect(byName.body.rows.map((r: { userName: string }) => r.userName)).toEqual(['watcher']);
    expect((await watcher.get('/prod-api/monitor/online/list', { ipaddr: '10.9.9' })).body.total).toBe(0);
    expect((await watcher.get('/prod-api/monitor/online/list', { userName: '%' })).body.total).toBe(0);
  });

  it('sorts by an allowlisted column either way, and refuses any other column', async () => {
    const names = async (query: Record<string, string>) =>
      (await watcher.get('/prod-api/monitor/online/list', query)).body.rows.map((r: { userName: string }) => r.userName);
    expect(await names({ orderByColumn: 'userName', isAsc: 'ascending' })).toEqual(['admin', 'nobody', 'watcher']);
    expect(await names({ orderByColumn: 'userName', isAsc: 'descending' })).toEqual(['watcher', 'nobody', 'admin']);
    // Default: newest sign-in first (nobody signed in last).
    expect((await names({}))[0]).toBe('nobody');
    expect(await names({ orderByColumn: 'loginTime', isAsc: 'asc' })).toEqual(['admin', 'watcher', 'nobody']);
    for (const column of ['tokenId', 'password', 'user_name; drop table sys_session']) {
      const res = await watcher.get('/prod-api/monitor/online/list', { orderByColumn: column });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: 400, msg: `Cannot sort by ${column}` });
    }
  });

  it('is refused without monitor:online:list', async () => {
    const res = await nobody.get('/prod-api/monitor/online/list');
    expect(res).toMatchObject({ status: 403, body: { code: 403, msg: 'The current operation has no permission' } });
  });

  it('refuses a bad page size naming the field', async () => {
    const res = await watcher.get('/prod-api/monitor/online/list', { pageSize: 0 });
    expect(res.body).toEqual({ code: 400, msg: 'Page size must not be less than 1' });
  });
});

describe('DELETE /monitor/online/{tokenId}', () => {
  it('ends the session: that token answers 401 at once, and the force logout is logged', async () => {
    const victim = await t.login();
    const [row] = (await watcher.get('/prod-api/monitor/online/list', { userName: 'admin' })).body.rows.filter(
      (r: { tokenId: string }) => r.tokenId !== admin.token,
    );
    const sessions = await t.database.db.select().from(sysSession).where(eq(sysSession.userName, 'admin'));
    expect(sessions).toHaveLength(2);
    expect((await victim.get('/prod-api/getInfo')).status).toBe(200);
    const victimTokenId = (await t.app.tokens.read(victim.token ?? ''))?.tokenId ?? '';
    expect(row).toBeDefined();

    expect((await watcher.delete(`/prod-api/monitor/online/${victimTokenId}`)).status).toBe(403);
    expect((await victim.get('/prod-api/getInfo')).status).toBe(200);

    const res = await admin.delete(`/prod-api/monitor/online/${victimTokenId}`);
    expect(res.body).toEqual({ code: 200, msg: 'Operation succeeded' });
    const after = await victim.get('/prod-api/getInfo');
    expect(after).toMatchObject({ status: 401, body: { code: 401 } });
    expect((await admin.get('/prod-api/getInfo')).status).toBe(200);
    // The operation log row is written once the response has gone: wait for it.
    let [log] = await t.database.db.select().from(sysOperLog).where(eq(sysOperLog.title, 'online'));
    for (let i = 0; i < 50 && !log; i++) {
      await new Promise((r) => setTimeout(r, 20));
      [log] = await t.database.db.select().from(sysOperLog).where(eq(sysOperLog.title, 'online'));
    }
    expect(log).toMatchObject({ businessType: 7, operName: 'admin', requestMethod: 'DELETE', status: 0 });
  });

  it('answers 404 for a session that is not there, and 400 for a malformed id', async () => {
    expect((await admin.delete('/prod-api/monitor/online/no-such-session')).body).toEqual({
      code: 404,
      msg: 'The session does not exist or has already ended',
    });
    const before = await t.database.db.select().from(sysSession);
    const bad = await admin.delete('/prod-api/monitor/online/bad%20id');
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('Session ID');
    expect(await t.database.db.select().from(sysSession)).toHaveLength(before.length);
  });

  it('can be granted alone with monitor:online:forceLogout', async () => {
    const forcer = await callerWith(t, 'forcer', ['monitor:online:forceLogout']);
    const target = await t.login('watcher', 'secret123');
    const tokenId = (await t.app.tokens.read(target.token ?? ''))?.tokenId ?? '';
    expect((await forcer.delete(`/prod-api/monitor/online/${tokenId}`)).body.code).toBe(200);
    expect((await target.get('/prod-api/getInfo')).status).toBe(401);
  });
});
