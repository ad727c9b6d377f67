import { count, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, createTestApp, type TestApp } from '../../../../test/harness';
import { sysMenu, sysRole, sysRoleDept, sysRoleMenu, sysUserRole } from '../../../db/schema';
import { callerWith, FIXTURE_PASSWORD, makeDept, makeRole, makeUser, readSheet } from '../user/test-fixtures';

const API = '/prod-api/system/role';
const ALL_ROLE_PERMS = ['list', 'query', 'add', 'edit', 'remove', 'export'].map((p) => `system:role:${p}`);

let t: TestApp;
let admin: Caller;
let nobody: Caller;
let menuIds: number[] = [];
const root = { deptId: 100, ancestors: '0' };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  nobody = (await callerWith(t, 'nobody', [], { deptId: 103 })).caller;
  // Menus of our own, so nothing depends on the seeded menu ids.
  const menus = await t.database.db
    .insert(sysMenu)
    .values([
      { menuName: 'Role test dir', menuType: 'M', path: 'roletest' },
      { menuName: 'Role test page', menuType: 'C', path: 'page', perms: 'roletest:page:list' },
      { menuName: 'Role test button', menuType: 'F', perms: 'roletest:page:edit' },
    ])
    .returning();
  menuIds = menus.map((m) => m.menuId);
});
afterAll(() => t.close());

const db = () => t.database.db;
const roleCount = async () => (await db().select({ n: count() }).from(sysRole))[0]?.n;
const roleRow = async (roleKey: string) => (await db().select().from(sysRole).where(eq(sysRole.roleKey, roleKey)))[0];
const menusOf = async (roleId: number) => (await db().select().from(sysRoleMenu).where(eq(sysRoleMenu.roleId, roleId))).map((r) => r.menuId).sort();
const download = (caller: Caller, opts: InjectOptions) =>
  t.app.inject({ ...opts, headers: { authorization: `Bearer ${caller.token}`, 'accept-language': 'en', ...(opts.headers ?? {}) } });

const newRole = (roleKey: string, extra: Record<string, unknown> = {}) => ({
  roleName: `Role ${roleKey}`,
  roleKey,
  roleSort: 3,
  status: '0',
  menuIds,
  ...extra,
});

describe('GET /system/role/list and /{roleId}', () => {
  it('lists live roles with the admin flag, filtered and paged', async () => {
    const res = await admin.get(`${API}/list`);
    expect(res.status).toBe(200);
    const keys = res.body.rows.map((r: { roleKey: string }) => r.roleKey);
    expect(keys).toEqual(expect.arrayContaining(['admin', 'common']));
    expect(res.body.rows.find((r: { roleKey: string }) => r.roleKey === 'admin')).toMatchObject({ roleId: 1, admin: true, dataScope: '1' });
    expect((await admin.get(`${API}/list`, { roleKey: 'comm' })).body.rows.map((r: { roleKey: string }) => r.roleKey)).toEqual(['common']);
    expect((await admin.get(`${API}/list`, { status: '1', roleName: 'zzz' })).body.total).toBe(0);
    expect((await admin.get(`${API}/list`, { pageSize: 1 })).body.rows).toHaveLength(1);
    expect((await admin.get(`${API}/list`, { orderByColumn: 'delFlag' })).body.msg).toBe('Cannot sort by delFlag');
    expect((await nobody.get(`${API}/list`)).status).toBe(403);
  });

  it('gives one role with its menus and departments; 404 for an unknown one', async () => {
    await admin.post(API, newRole('detail1'));
    const role = await roleRow('detail1');
    const res = await admin.get(`${API}/${role?.roleId}`);
    expect(res.body.data).toMatchObject({ roleKey: 'detail1', admin: false, deptIds: [] });
    expect(res.body.data.menuIds.sort()).toEqual([...menuIds].sort());
    expect((await admin.get(`${API}/987654`)).status).toBe(404);
    expect((await nobody.get(`${API}/${role?.roleId}`)).status).toBe(403);
  });

  it('optionselect lists every live role', async () => {
    const res = await admin.get(`${API}/optionselect`);
    expect(res.body.data.map((r: { roleKey: string }) => r.roleKey)).toEqual(expect.arrayContaining(['admin', 'common']));
    expect((await nobody.get(`${API}/optionselect`)).status).toBe(403);
  });
});

describe('POST and PUT /system/role', () => {
  it('creates a role with its menus', async () => {
    const res = await admin.post(API, newRole('writer', { remark: 'Writes' }));
    expect(res.body).toEqual({ code: 200, msg: 'Operation succeeded' });
    const role = await roleRow('writer');
    expect(role).toMatchObject({ roleName: 'Role writer', createBy: 'admin', remark: 'Writes', delFlag: '0' });
    expect(await menusOf(role?.roleId ?? 0)).toEqual([...menuIds].sort());
  });

  it.each([
    [{ roleName: '' }, 'Role name is required'],
    [{ roleKey: '' }, 'Role key is required'],
    [{ roleName: 'x'.repeat(31) }, 'Role name must be at most 30 characters'],
    [{ roleSort: -1 }, 'Order must not be less than 0'],
    [{ status: '3' }, 'Status must be one of: 0, 1'],
    [{ menuIds: [987654] }, 'Menu 987654 does not exist'],
    [{ roleName: 'Role writer' }, 'Cannot save role "Role writer": the role name already exists'],
    [{ roleKey: 'writer' }, 'Cannot save role "Role badrole": the role key already exists'],
    [{ roleKey: 'admin' }, 'Cannot save role "Role badrole": the role key already exists'],
  ])('refuses %j with a 400 naming the field, adding nothing', async (override, msg) => {
    if (!(await roleRow('writer'))) await admin.post(API, newRole('writer'));
    const before = await roleCount();
    const res = await admin.post(API, newRole('badrole', override));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 400, msg });
    expect(await roleCount()).toBe(before);
  });

  it('updates a role and replaces its menus; refuses a taken name, changing nothing', async () => {
    await admin.post(API, newRole('editme'));
    await admin.post(API, newRole('other1'));
    const role = await roleRow('editme');
    const id = role?.roleId ?? 0;
    const ok = await admin.put(API, { ...newRole('editme2', { roleName: 'Edited', menuIds: [menuIds[0]] }), roleId: id });
    expect(ok.body.code).toBe(200);
    expect(await roleRow('editme2')).toMatchObject({ roleName: 'Edited', updateBy: 'admin' });
    expect(await menusOf(id)).toEqual([menuIds[0]]);
    const before = await roleRow('editme2');
    const taken = await admin.put(API, { ...newRole('editme2', { roleName: 'Role other1' }), roleId: id });
    expect(taken.body).toEqual({ code: 400, msg: 'Cannot save role "Role other1": the role name already exists' });
    expect(await roleRow('editme2')).toEqual(before);
    expect(await menusOf(id)).toEqual([menuIds[0]]);
    expect((await admin.put(API, { ...newRole('ghost'), roleId: 987654 })).status).toBe(404);
  });

  it('answers 403 without add or edit; only an administrator may change the admin role, whose key and status stay', async () => {
    const before = await roleCount();
    expect((await nobody.post(API, newRole('nope'))).status).toBe(403);
    expect(await roleCount()).toBe(before);
    const { caller } = await callerWith(t, 'roleed', ['system:role:add', 'system:role:edit']);
    // The editor holds none of the test menus, so grants none of them (escalation.test.ts has the refusals).
    expect((await caller.post(API, newRole('byeditor', { menuIds: [] }))).body.code).toBe(200);
    const target = await roleRow('byeditor');
    expect((await nobody.put(API, { ...newRole('byeditor', { roleName: 'x' }), roleId: target?.roleId })).status).toBe(403);
    expect((await caller.put(API, { ...newRole('byeditor', { roleName: 'By editor', menuIds: [] }), roleId: target?.roleId })).body.code).toBe(200);
    const adminRole = await roleRow('admin');
    const denied = await caller.put(API, { ...newRole('admin', { roleName: 'Mine now' }), roleId: 1 });
    expect(denied.status).toBe(403);
    expect(denied.body.msg).toBe('The super administrator role cannot be changed');
    expect((await caller.put(`${API}/changeStatus`, { roleId: 1, status: '0' })).status).toBe(403);
    expect((await caller.put(`${API}/dataScope`, { roleId: 1, dataScope: '5' })).status).toBe(403);
    expect(await roleRow('admin')).toEqual(adminRole);
    const rekey = await admin.put(API, { ...newRole('root', { roleName: '超级管理员' }), roleId: 1 });
    expect(rekey.body.msg).toBe('The super administrator role cannot be deleted or disabled');
    expect((await admin.put(`${API}/changeStatus`, { roleId: 1, status: '1' })).status).toBe(400);
    expect(await roleRow('admin')).toEqual(adminRole);
    expect((await admin.put(API, { ...newRole('admin', { roleName: 'Super admin', menuIds: [] }), roleId: 1 })).body.code).toBe(200);
  });
});

describe('status, data scope and department tree', () => {
  it('disabling a role takes its permissions away from its holders at once', async () => {
    const { caller, role } = await callerWith(t, 'holder1', ['roletest:thing:list']);
    expect((await caller.get('/prod-api/getInfo')).body.permissions).toEqual(['roletest:thing:list']);
    expect((await nobody.put(`${API}/changeStatus`, { roleId: role.roleId, status: '1' })).status).toBe(403);
    expect((await admin.put(`${API}/changeStatus`, { roleId: role.roleId, status: 'x' })).body.msg).toBe('Status must be one of: 0, 1');
    expect((await admin.put(`${API}/changeStatus`, { roleId: role.roleId, status: '1' })).body.code).toBe(200);
    expect((await caller.get('/prod-api/getInfo')).body.permissions).toEqual([]);
  });

  it('sets a custom data scope with departments, and clears them for another scope', async () => {
    const top = await makeDept(t, 'Scope top', root);
    const child = await makeDept(t, 'Scope child', top);
    const role = await makeRole(t, []);
    const deptsOf = async () => (await db().select().from(sysRoleDept).where(eq(sysRoleDept.roleId, role.roleId))).map((r) => r.deptId).sort();
    const set = await admin.put(`${API}/dataScope`, { roleId: role.roleId, dataScope: '2', deptIds: [top.deptId, child.deptId] });
    expect(set.body.code).toBe(200);
    expect(await deptsOf()).toEqual([top.deptId, child.deptId].sort());
    // Parent and child linked (deptCheckStrictly): only the child shows ticked.
    const tree = await admin.get(`${API}/deptTree/${role.roleId}`);
    expect(tree.body.checkedKeys).toEqual([child.deptId]);
    expect(tree.body.depts[0]).toMatchObject({ id: 100, label: 'CCMS' });
    await admin.put(`${API}/dataScope`, { roleId: role.roleId, dataScope: '2', deptIds: [top.deptId, child.deptId], deptCheckStrictly: false });
    expect((await admin.get(`${API}/deptTree/${role.roleId}`)).body.checkedKeys.sort()).toEqual([top.deptId, child.deptId].sort());
    const bad = await admin.put(`${API}/dataScope`, { roleId: role.roleId, dataScope: '9', deptIds: [] });
    expect(bad.body).toEqual({ code: 400, msg: 'Scope must be one of: 1, 2, 3, 4, 5' });
    const missing = await admin.put(`${API}/dataScope`, { roleId: role.roleId, dataScope: '2', deptIds: [987654] });
    expect(missing.body).toEqual({ code: 400, msg: 'Department 987654 does not exist' });
    expect(await deptsOf()).toEqual([top.deptId, child.deptId].sort());
    expect((await admin.put(`${API}/dataScope`, { roleId: role.roleId, dataScope: '4' })).body.code).toBe(200);
    expect(await deptsOf()).toEqual([]);
    expect((await roleRow(role.roleKey))?.dataScope).toBe('4');
    expect((await nobody.get(`${API}/deptTree/${role.roleId}`)).status).toBe(403);
  });

  it('a scoped editor cannot hand out departments outside its own scope', async () => {
    const mine = await makeDept(t, 'Editor dept', root);
    const theirs = await makeDept(t, 'Other dept', root);
    const { caller } = await callerWith(t, 'scopeed', ['system:role:edit', 'system:role:query'], { deptId: mine.deptId, dataScope: '3' });
    const role = await makeRole(t, []);
    const refused = await caller.put(`${API}/dataScope`, { roleId: role.roleId, dataScope: '2', deptIds: [theirs.deptId] });
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('No permission to access this department data');
    expect((await caller.put(`${API}/dataScope`, { roleId: role.roleId, dataScope: '2', deptIds: [mine.deptId] })).body.code).toBe(200);
    const tree = await caller.get(`${API}/deptTree/${role.roleId}`);
    expect(tree.body).toMatchObject({ checkedKeys: [mine.deptId], depts: [{ id: mine.deptId, label: 'Editor dept' }] });
  });
});

describe('DELETE /system/role/{ids}', () => {
  it('refuses the admin role and roles still assigned, deleting nothing', async () => {
    const used = await makeRole(t, [], { roleName: 'Used role', roleKey: 'usedrole' });
    await makeUser(t, 'roleuser', 103, [used.roleId]);
    const free = await makeRole(t, [], { roleKey: 'freerole' });
    const inUse = await admin.delete(`${API}/${free.roleId},${used.roleId}`);
    expect(inUse.body).toEqual({ code: 400, msg: 'Role "Used role" is assigned to users and cannot be deleted' });
    const adminRole = await admin.delete(`${API}/1`);
    expect(adminRole.body.msg).toBe('The super administrator role cannot be deleted or disabled');
    expect((await roleRow('freerole'))?.delFlag).toBe('0');
    expect((await roleRow('admin'))?.delFlag).toBe('0');
    expect((await admin.delete(`${API}/987654`)).status).toBe(404);
  });

  it('soft-deletes a free role with its menu and department links; 403 without remove', async () => {
    const role = await makeRole(t, ['roletest:x:y'], { roleKey: 'gone', dataScope: '2', deptIds: [103] });
    expect((await nobody.delete(`${API}/${role.roleId}`)).status).toBe(403);
    const { caller } = await callerWith(t, 'roledel', ['system:role:remove']);
    expect((await caller.delete(`${API}/${role.roleId}`)).body.code).toBe(200);
    expect((await roleRow('gone'))?.delFlag).toBe('2');
    expect(await menusOf(role.roleId)).toEqual([]);
    expect(await db().select().from(sysRoleDept).where(eq(sysRoleDept.roleId, role.roleId))).toEqual([]);
    expect((await admin.get(`${API}/${role.roleId}`)).status).toBe(404);
    // The key is free again.
    expect((await admin.post(API, newRole('gone'))).body.code).toBe(200);
  });
});

describe('authUser', () => {
  let role: { roleId: number };
  let u1: { userId: number };
  let u2: { userId: number };
  let u3: { userId: number };

  beforeAll(async () => {
    // Department scope: the department-scoped team lead below may hand it out (no wider than their own).
    role = await makeRole(t, [], { roleKey: 'team', dataScope: '3' });
    u1 = await makeUser(t, 'team_a', 103, [role.roleId], { phonenumber: '13500000001' });
    u2 = await makeUser(t, 'team_b', 104);
    u3 = await makeUser(t, 'team_c', 106);
  });

  const names = (res: { body: { rows: { userName: string }[] } }) => res.body.rows.map((r) => r.userName).sort();

  it('lists the users holding and not holding the role', async () => {
    expect(names(await admin.get(`${API}/authUser/allocatedList`, { roleId: role.roleId }))).toEqual(['team_a']);
    expect(names(await admin.get(`${API}/authUser/unallocatedList`, { roleId: role.roleId, userName: 'team' }))).toEqual(['team_b', 'team_c']);
    expect(names(await admin.get(`${API}/authUser/allocatedList`, { roleId: role.roleId, phonenumber: '1350000' }))).toEqual(['team_a']);
    const noRole = await admin.get(`${API}/authUser/allocatedList`);
    expect(noRole.body).toEqual({ code: 400, msg: 'Role is required' });
    expect((await nobody.get(`${API}/authUser/allocatedList`, { roleId: role.roleId })).status).toBe(403);
  });

  it('selectAll and cancelAll take RuoYi query parameters; cancel takes a body', async () => {
    const select = await admin.request({ method: 'PUT', url: `${API}/authUser/selectAll?roleId=${role.roleId}&userIds=${u2.userId},${u3.userId}` });
    expect(select.body.code).toBe(200);
    expect(names(await admin.get(`${API}/authUser/allocatedList`, { roleId: role.roleId }))).toEqual(['team_a', 'team_b', 'team_c']);
    // Selecting again is harmless.
    expect((await admin.put(`${API}/authUser/selectAll`, { roleId: role.roleId, userIds: [u2.userId] })).body.code).toBe(200);
    expect((await admin.put(`${API}/authUser/cancel`, { roleId: role.roleId, userId: u1.userId })).body.code).toBe(200);
    const cancelAll = await admin.request({ method: 'PUT', url: `${API}/authUser/cancelAll?roleId=${role.roleId}&userIds=${u2.userId}` });
    expect(cancelAll.body.code).toBe(200);
    expect(names(await admin.get(`${API}/authUser/allocatedList`, { roleId: role.roleId }))).toEqual(['team_c']);
    const empty = await admin.put(`${API}/authUser/selectAll`, { roleId: role.roleId, userIds: '' });
    expect(empty.body).toEqual({ code: 400, msg: 'Users is required' });
    const badIds = await admin.put(`${API}/authUser/cancelAll`, { roleId: role.roleId, userIds: 'a,b' });
    expect(badIds.status).toBe(400);
    expect((await nobody.put(`${API}/authUser/selectAll`, { roleId: role.roleId, userIds: [u1.userId] })).status).toBe(403);
    expect((await nobody.put(`${API}/authUser/cancel`, { roleId: role.roleId, userId: u3.userId })).status).toBe(403);
    expect((await nobody.put(`${API}/authUser/cancelAll`, { roleId: role.roleId, userIds: [u3.userId] })).status).toBe(403);
    expect(names(await admin.get(`${API}/authUser/allocatedList`, { roleId: role.roleId }))).toEqual(['team_c']);
  });

  it('keeps the super administrator in the admin role and non-admins out of it', async () => {
    const cancel = await admin.put(`${API}/authUser/cancel`, { roleId: 1, userId: 1 });
    expect(cancel.body.msg).toBe('The super administrator cannot be disabled, deleted or lose the administrator role');
    expect((await db().select().from(sysUserRole).where(eq(sysUserRole.userId, 1))).map((r) => r.roleId)).toEqual([1]);
    const { caller } = await callerWith(t, 'teamlead', ['system:role:edit', 'system:role:list']);
    const escalate = await caller.put(`${API}/authUser/selectAll`, { roleId: 1, userIds: [u1.userId] });
    expect(escalate.status).toBe(403);
    expect((await db().select().from(sysUserRole).where(eq(sysUserRole.userId, u1.userId))).map((r) => r.roleId)).toEqual([]);
  });

  it("applies the caller's data scope to the lists and to the users it assigns", async () => {
    const { caller } = await callerWith(t, 'teamscope', ['system:role:edit', 'system:role:list'], { deptId: 104, dataScope: '3' });
    expect(names(await caller.get(`${API}/authUser/unallocatedList`, { roleId: role.roleId, userName: 'team' }))).toEqual(['team_b', 'teamscope']);
    const outside = await caller.put(`${API}/authUser/selectAll`, { roleId: role.roleId, userIds: [u1.userId] });
    expect(outside.status).toBe(403);
    expect(outside.body.msg).toBe('No permission to access this user data');
    expect((await caller.put(`${API}/authUser/selectAll`, { roleId: role.roleId, userIds: [u2.userId] })).body.code).toBe(200);
    expect(names(await caller.get(`${API}/authUser/allocatedList`, { roleId: role.roleId }))).toEqual(['team_b']);
    expect(names(await admin.get(`${API}/authUser/allocatedList`, { roleId: role.roleId }))).toEqual(['team_b', 'team_c']);
  });
});

describe('POST /system/role/export', () => {
  it('exports the filtered roles as xlsx', async () => {
    const res = await download(admin, { method: 'POST', url: `${API}/export`, payload: { roleKey: 'common' } });
    expect(res.statusCode).toBe(200);
    const sheet = await readSheet(res.rawPayload);
    expect(sheet).toEqual([
      ['Role ID', 'Role name', 'Role key', 'Order', 'Data scope', 'Status'],
      ['2', '普通角色', 'common', '2', 'Custom departments', 'Normal'],
    ]);
    const zh = await download(admin, {
      method: 'POST',
      url: `${API}/export`,
      payload: 'roleKey=admin',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'zh' },
    });
    expect((await readSheet(zh.rawPayload))[1]?.slice(2)).toEqual(['admin', '3', '全部数据权限', '正常']);
    expect((await nobody.post(`${API}/export`, {})).status).toBe(403);
  });
});

describe('permissions, one by one', () => {
  it.each(ALL_ROLE_PERMS)('%s is enough for its routes and required by them', async (perm) => {
    const name = `r${perm.split(':')[2]}`;
    const { caller } = await callerWith(t, name, [perm]);
    const target = await makeRole(t, []);
    const requests: Record<string, [string, string, unknown?][]> = {
      'system:role:list': [
        ['GET', `${API}/list`],
        ['GET', `${API}/authUser/allocatedList?roleId=${target.roleId}`],
        ['GET', `${API}/authUser/unallocatedList?roleId=${target.roleId}`],
      ],
      'system:role:query': [
        ['GET', `${API}/${target.roleId}`],
        ['GET', `${API}/optionselect`],
        ['GET', `${API}/deptTree/${target.roleId}`],
      ],
      'system:role:add': [['POST', API, newRole(`new_${name}`, { menuIds: [] })]],
      'system:role:edit': [
        ['PUT', API, { ...newRole(target.roleKey, { menuIds: [] }), roleId: target.roleId }],
        ['PUT', `${API}/changeStatus`, { roleId: target.roleId, status: '0' }],
        ['PUT', `${API}/dataScope`, { roleId: target.roleId, dataScope: '1' }],
        ['PUT', `${API}/authUser/selectAll`, { roleId: target.roleId, userIds: [1] }],
        ['PUT', `${API}/authUser/cancelAll`, { roleId: target.roleId, userIds: [1] }],
        ['PUT', `${API}/authUser/cancel`, { roleId: target.roleId, userId: 1 }],
      ],
      'system:role:remove': [['DELETE', `${API}/${target.roleId}`]],
      'system:role:export': [['POST', `${API}/export`, {}]],
    };
    for (const [method, url, payload] of requests[perm] ?? []) {
      const denied = await nobody.request({ method: method as 'GET', url, payload: payload as object });
      expect(denied.status, `${method} ${url} denied`).toBe(403);
      const allowed = await caller.request({ method: method as 'GET', url, payload: payload as object });
      expect(allowed.status, `${method} ${url} allowed: ${allowed.raw.slice(0, 200)}`).toBe(200);
    }
    const other = perm === 'system:role:list' ? `${API}/optionselect` : `${API}/list`;
    expect((await caller.get(other)).status).toBe(403);
  });

  it('signs in fixture users with the shared password', async () => {
    expect((await t.login('nobody', FIXTURE_PASSWORD)).token).toBeTruthy();
  });
});
