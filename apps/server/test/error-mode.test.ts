import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysConfig, sysUser } from '../src/db/schema';
import { callerWith } from './callers';
import { type Caller, createTestApp, type Reply, type TestApp } from './harness';

/**
 * Refusals under /prod-api as a RuoYi client reads them (issue 37, item 1): by default HTTP 200 with
 * the code in the body (401 and 403 as they are, any other refusal as 500 with its message, the
 * refusal's own status as `status`); with sys.api.httpStatus = true, the HTTP status mirrors the code.
 * The administrator switches it on the parameter page and the next answer follows.
 */
let t: TestApp;
let admin: Caller;
let nobody: Caller;

beforeAll(async () => {
  t = await createTestApp({ ruoyiErrors: true });
  admin = await t.login();
  nobody = await callerWith(t, 'nobody', []);
});
afterAll(() => t.close());

const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, '1').replace(/\*$/, 'x');
const isJson = (r: Reply) => String(r.headers['content-type'] ?? '').includes('application/json');

/** The refusals of one kind each: unknown route, no session, no right, bad input, a stale version. */
async function refusals(userName: string) {
  await admin.post('/prod-api/system/user', { userName, nickName: 'Erin', password: 'passw0rd1', deptId: 103 });
  const [erin] = await t.database.db.select().from(sysUser).where(eq(sysUser.userName, userName));
  const userId = erin?.userId ?? 0;
  const first = await admin.put('/prod-api/system/user', { userId, nickName: 'Erin One', version: 0 });
  expect(first.body.code).toBe(200);
  const result = {
    missing: await admin.get('/prod-api/no/such/route'),
    anonymous: await t.anonymous.get('/prod-api/getInfo'),
    denied: await nobody.get('/prod-api/system/user/list'),
    invalid: await admin.post('/prod-api/system/user', { userName: 'x', nickName: 'X' }),
    stale: await admin.put('/prod-api/system/user', { userId, nickName: 'Erin Stale', version: 0 }),
  };
  await admin.delete(`/prod-api/system/user/${userId}`);
  return result;
}

describe('RuoYi mode (the default)', () => {
  it('answers every refusal with HTTP 200, the code in the body and the message the client shows', async () => {
    const r = await refusals('erin');
    for (const reply of Object.values(r)) expect(reply.status).toBe(200);
    expect(r.missing.body).toMatchObject({ code: 500, status: 404, msg: 'The requested resource does not exist' });
    // 401 and 403 keep their codes: the client's re-login dialog and its no-permission notice.
    expect(r.anonymous.body).toMatchObject({ code: 401, status: 401 });
    expect(r.denied.body).toMatchObject({ code: 403, status: 403, msg: 'The current operation has no permission' });
    expect(r.denied.body.denied.permissions[0].perms).toBe('system:user:list');
    // Business refusals are 500 with their message, as RuoYi's ServiceException.
    expect(r.invalid.body.code).toBe(500);
    expect(r.invalid.body.status).toBe(400);
    expect(r.invalid.body.msg).toMatch(/^User name/);
    expect(r.stale.body).toMatchObject({ code: 500, status: 409 });
    expect(r.stale.body.msg).not.toBe('');
  });

  it('a refused download answers its JSON with 200 too; a file still comes as a file', async () => {
    const refused = await nobody.post('/prod-api/system/user/export', {});
    expect(refused.status).toBe(200);
    expect(refused.body).toMatchObject({ code: 403, status: 403 });
    const file = await admin.request({ method: 'POST', url: '/prod-api/system/user/export', payload: {} });
    expect(file.status).toBe(200);
    expect(isJson(file)).toBe(false);
    expect(file.bytes.subarray(0, 2).toString()).toBe('PK');
  });

  it('no route answers a non-200 status to a caller without a session or without the right', async () => {
    const routes = t.app.routeTable.filter((r) => r.url.startsWith('/prod-api'));
    const failures: string[] = [];
    for (const route of routes) {
      // Guarded routes are refused before their handler; the public ones get an empty request.
      const caller = route.access.permission === undefined ? t.anonymous : nobody;
      if (route.access.public && route.method !== 'GET') continue;
      const res = await caller.request({ method: route.method as 'GET', url: concrete(route.url), payload: route.method === 'GET' ? undefined : {} });
      if (res.status !== 200 && isJson(res)) failures.push(`${route.method} ${route.url} -> ${res.status} ${res.raw.slice(0, 120)}`);
      if (res.status >= 400 && !isJson(res)) failures.push(`${route.method} ${route.url} -> ${res.status} (${String(res.headers['content-type'])})`);
    }
    expect(failures).toEqual([]);
  });
});

describe('HTTP status mode (sys.api.httpStatus = true)', () => {
  it('is switched by the administrator on the parameter page and answers the same refusals with their status', async () => {
    const [row] = await t.database.db.select().from(sysConfig).where(eq(sysConfig.configKey, 'sys.api.httpStatus'));
    expect(row?.configValue).toBe('false');
    const { configId, configName, configKey } = row ?? { configId: 0, configName: '', configKey: '' };
    expect((await admin.put('/prod-api/system/config', { configId, configName, configKey, configValue: 'true' })).body.code).toBe(200);
    try {
      const r = await refusals('frank');
      expect([r.missing.status, r.anonymous.status, r.denied.status, r.invalid.status, r.stale.status]).toEqual([404, 401, 403, 400, 409]);
      expect([r.missing.body.code, r.anonymous.body.code, r.denied.body.code, r.invalid.body.code, r.stale.body.code]).toEqual([404, 401, 403, 400, 409]);
      expect(r.invalid.body.status).toBeUndefined();
      expect(r.invalid.body.msg).toMatch(/^User name/);
    } finally {
      await admin.put('/prod-api/system/config', { configId, configName, configKey, configValue: 'false' });
    }
    expect((await admin.get('/prod-api/no/such/route')).status).toBe(200);
  });
});
