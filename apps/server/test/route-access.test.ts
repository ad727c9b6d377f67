import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysMenu, sysRole, sysUser, sysUserRole } from '../src/db/schema';
import { hashPassword } from '../src/platform/auth/password';
import { type Caller, createTestApp, type TestApp } from './harness';

/**
 * Walks every registered route: each non-public one answers 401 without a token, and each
 * permission-guarded one answers 403 to a signed-in user holding no permission at all; and every
 * permission a route declares can be granted, through some seeded menu.
 */
let t: TestApp;
let nobody: Caller;

beforeAll(async () => {
  t = await createTestApp();
  const [role] = await t.database.db.insert(sysRole).values({ roleName: 'Nothing', roleKey: 'nothing', roleSort: 9 }).returning();
  const [user] = await t.database.db
    .insert(sysUser)
    .values({ userName: 'nobody', nickName: 'Nobody', password: await hashPassword('nobody123'), deptId: 103 })
    .returning();
  if (!role || !user) throw new Error('fixture rows not created');
  await t.database.db.insert(sysUserRole).values({ userId: user.userId, roleId: role.roleId });
  nobody = await t.login('nobody', 'nobody123');
});
afterAll(() => t.close());

const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, '1').replace(/\*$/, 'x');

describe('every route declares its access', () => {
  it('has API routes to walk', () => {
    expect(t.app.routeTable.filter((r) => r.url.startsWith('/prod-api')).length).toBeGreaterThan(5);
  });

  it('answers 401 without a token on every non-public route', async () => {
    const guarded = t.app.routeTable.filter((r) => !r.access.public);
    const failures: string[] = [];
    for (const route of guarded) {
      const res = await t.anonymous.request({ method: route.method as 'GET', url: concrete(route.url), payload: route.method === 'GET' ? undefined : {} });
      if (res.status !== 401 || res.body?.code !== 401) failures.push(`${route.method} ${route.url} -> ${res.status}`);
    }
    expect(failures).toEqual([]);
  });

  it('answers 403 "The current operation has no permission" without the permission, naming the permissions that would do', async () => {
    const guarded = t.app.routeTable.filter((r) => r.access.permission !== undefined);
    const failures: string[] = [];
    for (const route of guarded) {
      const res = await nobody.request({ method: route.method as 'GET', url: concrete(route.url), payload: route.method === 'GET' ? undefined : {} });
      if (res.status !== 403 || res.body?.msg !== 'The current operation has no permission') failures.push(`${route.method} ${route.url} -> ${res.status}`);
      // RuoYi's code and msg stay; the added `denied` names each permission string of the route with its menu's name.
      const wanted = [route.access.permission ?? []].flat();
      const named = (res.body?.denied?.permissions ?? []) as { perms: string; name: string }[];
      if (named.map((p) => p.perms).join() !== wanted.join() || named.some((p) => !p.name))
        failures.push(`${route.method} ${route.url} denied ${JSON.stringify(res.body?.denied)}`);
    }
    expect(failures).toEqual([]);
  });

  it("names the missing permission by its menu, under its page, in the caller's language", async () => {
    const url = '/prod-api/ccms/library/publishConfig/list?libraryId=1';
    expect((await nobody.get(url)).body).toEqual({
      code: 403,
      msg: 'The current operation has no permission',
      denied: { permissions: [{ perms: 'ccms:library:query', name: 'Libraries › Query library' }] },
    });
    const zh = await nobody.request({ method: 'GET', url, headers: { 'accept-language': 'zh' } });
    expect(zh.body).toEqual({ code: 403, msg: '当前操作没有权限', denied: { permissions: [{ perms: 'ccms:library:query', name: '库 › 库查询' }] } });
    // Any one of several would do: each is named.
    const outputs = await nobody.get('/prod-api/ccms/output/list?publicationId=1');
    expect(outputs.body.denied.permissions.map((p: { name: string }) => p.name)).toEqual([
      'Content Manager › Publications',
      'Publications › Query publication',
      'Content Manager › Documents',
      'Documents › Query document',
    ]);
  });
});

describe('every declared permission can be granted', () => {
  it('is the permission of some seeded menu (menus and routes take it from the same contract)', async () => {
    const granted = new Set((await t.database.db.select({ perms: sysMenu.perms }).from(sysMenu)).map((m) => m.perms));
    const declared = t.app.routeTable.flatMap((r) => [r.access.permission ?? []].flat().map((permission) => ({ route: `${r.method} ${r.url}`, permission })));
    expect(declared.length).toBeGreaterThan(100);
    expect(declared.filter((d) => !granted.has(d.permission)).map((d) => `${d.route} needs ${d.permission}`)).toEqual([]);
  });
});

describe('unknown paths', () => {
  it('answer 404 in the envelope, with or without a token', async () => {
    expect((await t.anonymous.get('/prod-api/no/such/route')).body).toEqual({ code: 404, msg: 'The requested resource does not exist' });
    expect((await nobody.get('/prod-api/no/such/route')).status).toBe(404);
  });
});
