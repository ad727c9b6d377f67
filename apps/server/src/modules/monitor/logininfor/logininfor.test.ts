import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerWith } from '../../../../test/callers';
import { type Caller, createTestApp, type TestApp } from '../../../../test/harness';
import { sysLogininfor, sysUser } from '../../../db/schema';
import { hashPassword } from '../../../platform/auth/password';

let t: TestApp;
let admin: Caller;
let reader: Caller;
let nobody: Caller;
const infoCount = async () => (await t.database.db.select({ n: count() }).from(sysLogininfor))[0]?.n ?? 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  reader = await callerWith(t, 'reader', ['monitor:logininfor:list']);
  nobody = await callerWith(t, 'nobody', []);
  await t.database.db.insert(sysUser).values({
    userName: 'locked',
    nickName: 'Locked',
    password: await hashPassword('secret123'),
    failedLogins: 3,
    loginFailures: [new Date(), new Date(), new Date()],
    lockedUntil: new Date(Date.now() + 600_000),
  });
  await t.database.db.insert(sysLogininfor).values([
    { userName: 'old', ipaddr: '10.1.1.1', status: '1', msg: 'wrong', loginTime: new Date(2023, 5, 1, 12, 0, 0) },
    { userName: 'old', ipaddr: '10.1.1.2', status: '0', msg: 'ok', loginTime: new Date(2023, 5, 2, 12, 0, 0) },
  ]);
});
afterAll(() => t.close());

describe('GET /monitor/logininfor/list', () => {
  it('lists sign-ins (written by the sign-in itself) with filters', async () => {
    const all = await reader.get('/prod-api/monitor/logininfor/list');
    expect(all.body.rows.map((r: { userName: string }) => r.userName)).toEqual(expect.arrayContaining(['admin', 'reader', 'nobody', 'old']));
    expect((await reader.get('/prod-api/monitor/logininfor/list', { userName: 'old', status: '1' })).body.rows).toHaveLength(1);
    expect((await reader.get('/prod-api/monitor/logininfor/list', { ipaddr: '10.1.1.2' })).body.rows[0].msg).toBe('ok');
    const range = await reader.get('/prod-api/monitor/logininfor/list', { 'params[beginTime]': '2023-06-01', 'params[endTime]': '2023-06-01' });
    expect(range.body.rows.map((r: { ipaddr: string }) => r.ipaddr)).toEqual(['10.1.1.1']);
    const sorted = await reader.get('/prod-api/monitor/logininfor/list', { orderByColumn: 'loginTime', isAsc: 'asc', pageSize: 1 });
    expect(sorted.body.rows[0].ipaddr).toBe('10.1.1.1');
    expect((await reader.get('/prod-api/monitor/logininfor/list', { status: '2' })).body).toEqual({ code: 400, msg: 'Status must be one of: 0, 1' });
  });

  it('is refused without monitor:logininfor:list', async () => {
    expect((await nobody.get('/prod-api/monitor/logininfor/list')).status).toBe(403);
  });
});

describe('GET /monitor/logininfor/unlock/{userName}', () => {
  it('clears the lock and the failure count (monitor:logininfor:unlock)', async () => {
    expect((await reader.get('/prod-api/monitor/logininfor/unlock/locked')).status).toBe(403);
    const still = await t.anonymous.post('/prod-api/login', { username: 'locked', password: 'secret123' });
    expect(still.body.msg).toMatch(/locked/);
    const unlocker = await callerWith(t, 'unlocker', ['monitor:logininfor:unlock']);
    expect((await unlocker.get('/prod-api/monitor/logininfor/unlock/locked')).body.code).toBe(200);
    const [user] = await t.database.db.select().from(sysUser).where(eq(sysUser.userName, 'locked'));
    expect(user).toMatchObject({ lockedUntil: null, failedLogins: 0, loginFailures: [] });
    expect((await t.anonymous.post('/prod-api/login', { username: 'locked', password: 'secret123' })).body.code).toBe(200);
  });

  it('answers 404 for an unknown user', async () => {
    expect((await admin.get('/prod-api/monitor/logininfor/unlock/nosuchuser')).body).toEqual({ code: 404, msg: 'User nosuchuser does not exist' });
  });
});

describe('export, delete and clean', () => {
  it('exports (monitor:logininfor:export)', async () => {
    expect((await reader.post('/prod-api/monitor/logininfor/export', {})).status).toBe(403);
    const res = await admin.post('/prod-api/monitor/logininfor/export', { userName: 'old' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
  });

  it('deletes by ids and cleans (monitor:logininfor:remove); bad ids change nothing', async () => {
    const remover = await callerWith(t, 'remover', ['monitor:logininfor:remove']);
    const [row] = (await reader.get('/prod-api/monitor/logininfor/list', { userName: 'old' })).body.rows;
    const before = await infoCount();
    expect((await reader.delete(`/prod-api/monitor/logininfor/${row.infoId}`)).status).toBe(403);
    expect((await remover.delete('/prod-api/monitor/logininfor/,')).body).toEqual({ code: 400, msg: 'The id list is malformed' });
    expect(await infoCount()).toBe(before);
    expect((await remover.delete(`/prod-api/monitor/logininfor/${row.infoId}`)).body.code).toBe(200);
    expect(await infoCount()).toBe(before - 1);
    expect((await reader.delete('/prod-api/monitor/logininfor/clean')).status).toBe(403);
    expect((await remover.delete('/prod-api/monitor/logininfor/clean')).body.code).toBe(200);
    expect(await infoCount()).toBe(0);
  });
});
