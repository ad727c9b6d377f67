/**
 * The user API on a real database: list and data scope, create, update, delete, passwords, roles, import
 * and export.
 * Over 400 lines: one entity's CRUD, scope and permission cases on one seeded department tree; each server
 * test file gets its own database (migrate and seed), so a split would cost suite time.
 */
import { and, count, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, createTestApp, type TestApp } from '../../../../test/harness';
import { sysConfig, sysSession, sysUser, sysUserPost, sysUserRole } from '../../../db/schema';
import { callerWith, FIXTURE_PASSWORD, makeDept, makeRole, makeUser, multipart, readSheet, workbook } from './test-fixtures';

const API = '/prod-api/system/user';
const ALL_USER_PERMS = ['list', 'query', 'add', 'edit', 'remove', 'resetPwd', 'export', 'import'].map((p) => `system:user:${p}`);

let t: TestApp;
let admin: Caller;
let nobody: Caller;
const root = { deptId: 100, ancestors: '0' };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  nobody = (await callerWith(t, 'nobody', [], { deptId: 103 })).caller;
});
afterAll(() => t.close());

const db = () => t.database.db;
const userCount = async () => (await db().select({ n: count() }).from(sysUser))[0]?.n;
const userRow = async (userName: string) => (await db().select().from(sysUser).where(eq(sysUser.userName, userName)))[0];
/** A request whose answer is a file: the raw bytes, not the JSON reading of the harness. */
const download = (caller: Caller, opts: InjectOptions) =>
  t.app.inject({ ...opts, headers: { authorization: `Bearer ${caller.token}`, 'accept-language': 'en', ...(opts.headers ?? {}) } });
const namesOf = (res: { body: { rows: { userName: string }[] } }) => res.body.rows.map((r) => r.userName).sort();

function newUser(userName: string, extra: Record<string, unknown> = {}) {
  return { userName, nickName: `${userName} nick`, password: 'passw0rd', deptId: 103, sex: '1', status: '0', ...extra };
}

describe('GET /system/user/list', () => {
  it('lists live users with their department and never a password', async () => {
    const res = await admin.get(`${API}/list`, { userName: 'admin' });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(1);
    const [row] = res.body.rows;
    expect(row).toMatchObject({ userId: 1, userName: 'admin', admin: true, dept: { deptId: 100, deptName: 'CCMS', leader: 'admin' } });
    expect(row).not.toHaveProperty('password');
    expect(JSON.stringify(res.body)).not.toContain('argon2');
  });

  it('filters by status, phone, department (with sub-departments) and creation days', async () => {
    const top = await makeDept(t, 'Filter top', root);
    const child = await makeDept(t, 'Filter child', top);
    await makeUser(t, 'flt_top', top.deptId, [], { phonenumber: '13900000001' });
    await makeUser(t, 'flt_child', child.deptId, [], { status: '1', createTime: new Date('2020-01-15T12:00:00Z') });
    await makeUser(t, 'flt_other', 104);
    expect(namesOf(await admin.get(`${API}/list`, { deptId: top.deptId }))).toEqual(['flt_child', 'flt_top']);
    expect(namesOf(await admin.get(`${API}/list`, { deptId: child.deptId }))).toEqual(['flt_child']);
    expect(namesOf(await admin.get(`${API}/list`, { userName: 'flt_', status: '1' }))).toEqual(['flt_child']);
    expect(namesOf(await admin.get(`${API}/list`, { phonenumber: '1390000000' }))).toEqual(['flt_top']);
    expect(namesOf(await admin.get(`${API}/list`, { 'params[beginTime]': '2020-01-15', 'params[endTime]': '2020-01-15' }))).toEqual(['flt_child']);
    expect(namesOf(await admin.get(`${API}/list`, { userName: 'flt_', 'params[beginTime]': '2020-01-16' }))).toEqual(['flt_other', 'flt_top']);
  });

  it('pages and sorts only by allowed columns', async () => {
    const page = await admin.get(`${API}/list`, { pageNum: 1, pageSize: 2, orderByColumn: 'userName', isAsc: 'desc' });
    expect(page.body.rows).toHaveLength(2);
    expect(page.body.total).toBeGreaterThan(2);
    const bad = await admin.get(`${API}/list`, { orderByColumn: 'password' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('Cannot sort by password');
    const badDate = await admin.get(`${API}/list`, { 'params[beginTime]': 'yesterday' });
    expect(badDate.status).toBe(400);
    expect(badDate.body.msg).toBe('Start time is not in a valid format');
  });

  it('answers 403 without system:user:list', async () => {
    const res = await nobody.get(`${API}/list`);
    expect(res.status).toBe(403);
    expect(res.body.msg).toBe('The current operation has no permission');
  });
});

describe('data scope of the user list', () => {
  // Tree under CCMS: A > A1 > A1a, and B and C beside A. Viewers see the list through a role of one scope.
  const expected: Record<string, string[]> = {};
  const callers: Record<string, Caller> = {};
  const depts: Record<string, { deptId: number; ancestors: string }> = {};

  beforeAll(async () => {
    depts.A = await makeDept(t, 'Scope A', root);
    depts.A1 = await makeDept(t, 'Scope A1', depts.A);
    depts.A1a = await makeDept(t, 'Scope A1a', depts.A1);
    depts.B = await makeDept(t, 'Scope B', root);
    depts.C = await makeDept(t, 'Scope C', root);
    const at = (k: string) => depts[k]?.deptId ?? null;
    await makeUser(t, 'dsA', at('A'));
    await makeUser(t, 'dsA1', at('A1'));
    await makeUser(t, 'dsA1a', at('A1a'));
    await makeUser(t, 'dsB', at('B'));
    await makeUser(t, 'dsNone', null);
    const perms = ['system:user:list'];
    callers.all = (await callerWith(t, 'dsv1', perms, { deptId: at('C'), dataScope: '1' })).caller;
    callers.custom = (await callerWith(t, 'dsv2', perms, { deptId: at('C'), dataScope: '2', deptIds: [at('A1') ?? 0, at('B') ?? 0] })).caller;
    callers.dept = (await callerWith(t, 'dsv3', perms, { deptId: at('A'), dataScope: '3' })).caller;
    callers.deptAndBelow = (await callerWith(t, 'dsv4', perms, { deptId: at('A'), dataScope: '4' })).caller;
    callers.self = (await callerWith(t, 'dsv5', perms, { deptId: at('A'), dataScope: '5' })).caller;
    // Two roles are OR-ed: self plus a custom department.
    const selfRole = await makeRole(t, perms, { dataScope: '5' });
    const customRole = await makeRole(t, [], { dataScope: '2', deptIds: [at('A1a') ?? 0] });
    await makeUser(t, 'dsv6', at('C'), [selfRole.roleId, customRole.roleId]);
    callers.combined = await t.login('dsv6', FIXTURE_PASSWORD);
    Object.assign(expected, {
      all: ['dsA', 'dsA1', 'dsA1a', 'dsB', 'dsNone', 'dsv1', 'dsv2', 'dsv3', 'dsv4', 'dsv5', 'dsv6'],
      custom: ['dsA1', 'dsB'],
      dept: ['dsA', 'dsv3', 'dsv4', 'dsv5'],
      deptAndBelow: ['dsA', 'dsA1', 'dsA1a', 'dsv3', 'dsv4', 'dsv5'],
      self: ['dsv5'],
      combined: ['dsA1a', 'dsv6'],
    });
  });

  it.each([
    ['all', '1 all data'],
    ['custom', '2 custom departments (sys_role_dept)'],
    ['dept', '3 own department'],
    ['deptAndBelow', '4 own department and below'],
    ['self', '5 only self'],
    ['combined', 'self OR custom across two roles'],
  ])('scope %s (%s) lists exactly its users', async (key) => {
    const caller = callers[key];
    if (!caller) throw new Error(`no caller ${key}`);
    const res = await caller.get(`${API}/list`, { userName: 'ds', pageSize: 100 });
    expect(res.status).toBe(200);
    expect(namesOf(res)).toEqual(expected[key]);
    expect(res.body.total).toBe(expected[key]?.length);
  });

  it('the department tree follows the scope too', async () => {
    const tree = async (c: Caller | undefined) => (await c?.get(`${API}/deptTree`))?.body.data;
    expect(await tree(callers.dept)).toEqual([{ id: depts.A?.deptId, label: 'Scope A', disabled: false }]);
    const below = await tree(callers.deptAndBelow);
    expect(below).toHaveLength(1);
    expect(below[0].children[0]).toMatchObject({ label: 'Scope A1', children: [{ label: 'Scope A1a' }] });
    expect(await tree(callers.self)).toEqual([]);
    const customTree = await tree(callers.custom);
    expect(customTree.map((n: { label: string }) => n.label).sort()).toEqual(['Scope A1', 'Scope B']);
    const full = await tree(callers.all);
    expect(full).toHaveLength(1);
    expect(full[0]).toMatchObject({ id: 100, label: 'CCMS' });
  });

  it('a scoped editor cannot read or change a user outside its scope', async () => {
    const { caller } = await callerWith(t, 'scoped1', ['system:user:query', 'system:user:edit'], { deptId: depts.A?.deptId, dataScope: '3' });
    const outside = await userRow('dsB');
    const inside = await userRow('dsA');
    if (!outside || !inside) throw new Error('fixtures missing');
    expect((await caller.get(`${API}/${inside.userId}`)).status).toBe(200);
    const read = await caller.get(`${API}/${outside.userId}`);
    expect(read.status).toBe(403);
    expect(read.body.msg).toBe('No permission to access this user data');
    const edit = await caller.put(API, { userId: outside.userId, nickName: 'hijacked' });
    expect(edit.status).toBe(403);
    expect((await userRow('dsB'))?.nickName).toBe('dsB');
    // Nor move a visible user into a department it cannot see.
    const move = await caller.put(API, { userId: inside.userId, deptId: depts.B?.deptId });
    expect(move.status).toBe(403);
    expect(move.body.msg).toBe('No permission to access this department data');
    expect((await userRow('dsA'))?.deptId).toBe(depts.A?.deptId);
  });
});

describe('POST /system/user', () => {
  it('creates a user with posts and roles; GET returns it with choices and ids, without the password', async () => {
    const role = await makeRole(t, [], { roleName: 'Writers', roleKey: 'writers' });
    const res = await admin.post(API, newUser('carol', { postIds: [2, 3], roleIds: [role.roleId], email: 'carol@example.com', phonenumber: '13800000001' }));
    expect(res.body).toEqual({ code: 200, msg: 'Operation succeeded' });
    const row = await userRow('carol');
    expect(row?.password).toMatch(/^\$argon2id\$/);
    expect(row?.createBy).toBe('admin');
    const detail = await admin.get(`${API}/${row?.userId}`);
    expect(detail.body.data).toMatchObject({ userName: 'carol', nickName: 'carol nick', email: 'carol@example.com', sex: '1', version: 0, admin: false });
    expect(detail.body.data).not.toHaveProperty('password');
    expect(detail.body.postIds.sort()).toEqual([2, 3]);
    expect(detail.body.roleIds).toEqual([role.roleId]);
    expect(detail.body.posts.map((p: { postId: number }) => p.postId)).toEqual(expect.arrayContaining([1, 2, 3, 4]));
    expect(detail.body.roles.map((r: { roleKey: string }) => r.roleKey)).toEqual(expect.arrayContaining(['admin', 'writers']));
    // The new user can sign in with the password given.
    expect((await t.login('carol', 'passw0rd')).token).toBeTruthy();
  });

  it('GET /system/user/ gives the form choices; a non-admin is not offered the admin role', async () => {
    const adminForm = await admin.get(`${API}/`);
    expect(adminForm.body.data).toBeUndefined();
    expect(adminForm.body.roles.some((r: { roleKey: string }) => r.roleKey === 'admin')).toBe(true);
    const { caller } = await callerWith(t, 'formq', ['system:user:query']);
    const form = await caller.get(`${API}/`);
    expect(form.status).toBe(200);
    expect(form.body.roles.some((r: { roleKey: string }) => r.roleKey === 'admin')).toBe(false);
    expect((await nobody.get(`${API}/`)).status).toBe(403);
  });

  it.each([
    [{ userName: 'ab' }, 'User name must be at least 3 characters'],
    [{ userName: 'abcdefghijk' }, 'User name must be at most 10 characters'],
    [{ nickName: '' }, 'Nickname is required'],
    [{ password: '12345' }, 'Password must be at least 6 characters'],
    [{ password: '1234567890123456' }, 'Password must be at most 15 characters'],
    [{ email: 'not-an-email' }, 'Email is not in a valid format'],
    [{ phonenumber: '12ab' }, 'Phone is not in a valid format'],
    [{ sex: '7' }, 'Sex must be one of: 0, 1, 2'],
    [{ status: '9' }, 'Status must be one of: 0, 1'],
    [{ deptId: 987654 }, 'Department 987654 does not exist'],
    [{ roleIds: [987654] }, 'Role 987654 does not exist'],
    [{ postIds: [987654] }, 'Post 987654 does not exist'],
    [{ roleIds: 'x,y' }, 'Roles is invalid'],
  ])('refuses %j with a 400 naming the field, adding nothing', async (override, msg) => {
    const before = await userCount();
    const res = await admin.post(API, newUser('badone', override));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 400, msg });
    expect(await userCount()).toBe(before);
  });

  it('refuses a taken user name, phone or email, adding nothing', async () => {
    await admin.post(API, newUser('dave', { phonenumber: '13800000002', email: 'dave@example.com' }));
    const before = await userCount();
    const again = await admin.post(API, newUser('dave'));
    expect(again.status).toBe(400);
    expect(again.body.msg).toBe('Cannot add user "dave": the user name already exists');
    const phone = await admin.post(API, newUser('dave2', { phonenumber: '13800000002' }));
    expect(phone.body.msg).toBe('Cannot save user "dave2": the phone number already exists');
    const email = await admin.post(API, newUser('dave3', { email: 'dave@example.com' }));
    expect(email.body.msg).toBe('Cannot save user "dave3": the email already exists');
    expect(await userCount()).toBe(before);
  });

  it('answers 403 without system:user:add; allowed with it; a non-admin cannot grant the admin role', async () => {
    const before = await userCount();
    expect((await nobody.post(API, newUser('nope1'))).status).toBe(403);
    expect(await userCount()).toBe(before);
    const { caller } = await callerWith(t, 'adder', ['system:user:add']);
    expect((await caller.post(API, newUser('added1'))).body.code).toBe(200);
    const escalate = await caller.post(API, newUser('added2', { roleIds: [1] }));
    expect(escalate.status).toBe(403);
    expect(escalate.body.msg).toBe('Only the super administrator can grant the administrator role');
    expect(await userRow('added2')).toBeUndefined();
  });
});

describe('PUT /system/user', () => {
  it('updates fields and relations, bumping the version; a stale version answers 409 and loses nothing', async () => {
    await admin.post(API, newUser('erin', { postIds: [2] }));
    const id = (await userRow('erin'))?.userId;
    const read = (await admin.get(`${API}/${id}`)).body;
    expect(read.data.version).toBe(0);
    const first = await admin.put(API, { userId: id, nickName: 'Erin One', postIds: [3], roleIds: [2], version: 0 });
    expect(first.body.code).toBe(200);
    const stale = await admin.put(API, { userId: id, nickName: 'Erin Stale', postIds: [4], roleIds: [], version: 0 });
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toBe('Someone else changed this data; refresh and try again');
    const after = (await admin.get(`${API}/${id}`)).body;
    expect(after.data).toMatchObject({ nickName: 'Erin One', version: 1 });
    expect(after.postIds).toEqual([3]);
    expect(after.roleIds).toEqual([2]);
    // Without a version the write goes through (RuoYi's web does not send one).
    expect((await admin.put(API, { userId: id, email: 'erin@example.com' })).body.code).toBe(200);
    expect(await userRow('erin')).toMatchObject({ email: 'erin@example.com', nickName: 'Erin One', version: 2 });
  });

  it('refuses a bad field or a taken name with a 400, changing nothing', async () => {
    await admin.post(API, newUser('frank'));
    await admin.post(API, newUser('gina', { email: 'gina@example.com' }));
    const id = (await userRow('frank'))?.userId;
    const before = await userRow('frank');
    const bad = await admin.put(API, { userId: id, email: 'nope' });
    expect(bad.body).toEqual({ code: 400, msg: 'Email is not in a valid format' });
    const taken = await admin.put(API, { userId: id, userName: 'gina' });
    expect(taken.body).toEqual({ code: 400, msg: 'Cannot save user "gina": the user name already exists' });
    const takenEmail = await admin.put(API, { userId: id, email: 'gina@example.com' });
    expect(takenEmail.body.msg).toBe('Cannot save user "frank": the email already exists');
    const missing = await admin.put(API, { nickName: 'x' });
    expect(missing.body).toEqual({ code: 400, msg: 'User is required' });
    expect(await userRow('frank')).toEqual(before);
  });

  it('only an administrator may change the super administrator, who keeps the admin role and stays enabled', async () => {
    const { caller } = await callerWith(t, 'editor1', ['system:user:edit', 'system:user:resetPwd']);
    const before = await userRow('admin');
    const edit = await caller.put(API, { userId: 1, nickName: 'pwned' });
    expect(edit.status).toBe(403);
    expect(edit.body.msg).toBe('The super administrator cannot be changed');
    expect((await caller.put(`${API}/resetPwd`, { userId: 1, password: 'hacked123' })).status).toBe(403);
    expect((await caller.put(`${API}/changeStatus`, { userId: 1, status: '1' })).status).toBe(403);
    expect(await userRow('admin')).toEqual(before);
    // The administrator may edit itself, but not drop its role or disable itself.
    expect((await admin.put(API, { userId: 1, remark: 'Administrator' })).body.code).toBe(200);
    const drop = await admin.put(API, { userId: 1, roleIds: [2] });
    expect(drop.body.msg).toBe('The super administrator cannot be disabled, deleted or lose the administrator role');
    expect((await admin.put(`${API}/changeStatus`, { userId: 1, status: '1' })).status).toBe(400);
    expect((await db().select().from(sysUserRole).where(eq(sysUserRole.userId, 1))).map((r) => r.roleId)).toEqual([1]);
  });

  it('answers 403 without system:user:edit, 404 for an unknown user', async () => {
    await admin.post(API, newUser('hank'));
    const id = (await userRow('hank'))?.userId;
    expect((await nobody.put(API, { userId: id, nickName: 'x' })).status).toBe(403);
    const { caller } = await callerWith(t, 'editor2', ['system:user:edit']);
    expect((await caller.put(API, { userId: id, nickName: 'Hank' })).body.code).toBe(200);
    expect((await userRow('hank'))?.nickName).toBe('Hank');
    expect((await admin.put(API, { userId: 999999, nickName: 'x' })).status).toBe(404);
  });
});

describe('DELETE /system/user/{ids}', () => {
  it('soft-deletes users, drops their roles, posts and sessions, and frees the name', async () => {
    await admin.post(API, newUser('ivan', { postIds: [2], roleIds: [2] }));
    await admin.post(API, newUser('judy'));
    const ivan = await userRow('ivan');
    const judy = await userRow('judy');
    const session = await t.login('ivan', 'passw0rd');
    const res = await admin.delete(`${API}/${ivan?.userId},${judy?.userId}`);
    expect(res.body.code).toBe(200);
    expect((await userRow('ivan'))?.delFlag).toBe('2');
    expect((await admin.get(`${API}/list`, { userName: 'ivan' })).body.total).toBe(0);
    expect(
      await db()
        .select()
        .from(sysUserRole)
        .where(eq(sysUserRole.userId, ivan?.userId ?? 0)),
    ).toEqual([]);
    expect(
      await db()
        .select()
        .from(sysUserPost)
        .where(eq(sysUserPost.userId, ivan?.userId ?? 0)),
    ).toEqual([]);
    expect((await session.get('/prod-api/getInfo')).status).toBe(401);
    expect((await admin.get(`${API}/${ivan?.userId}`)).status).toBe(404);
    expect((await admin.post(API, newUser('ivan'))).body.code).toBe(200);
  });

  it('refuses to delete yourself or the super administrator, deleting nothing', async () => {
    const { caller, user } = await callerWith(t, 'remover', ['system:user:remove']);
    await admin.post(API, newUser('kate'));
    const kate = await userRow('kate');
    const self = await caller.delete(`${API}/${kate?.userId},${user.userId}`);
    expect(self.body).toEqual({ code: 400, msg: 'You cannot delete yourself' });
    const adminToo = await caller.delete(`${API}/${kate?.userId},1`);
    expect(adminToo.status).toBe(403);
    expect((await admin.delete(`${API}/1`)).body.msg).toBe('You cannot delete yourself');
    expect((await userRow('kate'))?.delFlag).toBe('0');
    expect((await userRow('admin'))?.delFlag).toBe('0');
    expect((await nobody.delete(`${API}/${kate?.userId}`)).status).toBe(403);
    expect((await caller.delete(`${API}/${kate?.userId}`)).body.code).toBe(200);
    const badIds = await admin.delete(`${API}/1,x`);
    expect(badIds.status).toBe(400);
  });
});

describe('password reset and status', () => {
  it("resetPwd sets a new password and ends the user's sessions", async () => {
    await admin.post(API, newUser('liam'));
    const id = (await userRow('liam'))?.userId;
    const session = await t.login('liam', 'passw0rd');
    const short = await admin.put(`${API}/resetPwd`, { userId: id, password: '123' });
    expect(short.body).toEqual({ code: 400, msg: 'Password must be at least 6 characters' });
    expect((await session.get('/prod-api/getInfo')).status).toBe(200);
    expect((await nobody.put(`${API}/resetPwd`, { userId: id, password: 'newpass1' })).status).toBe(403);
    // Recent failed sign-ins are forgotten with the old password.
    await db()
      .update(sysUser)
      .set({ failedLogins: 2, loginFailures: [new Date(), new Date()] })
      .where(eq(sysUser.userName, 'liam'));
    expect((await admin.put(`${API}/resetPwd`, { userId: id, password: 'newpass1' })).body.code).toBe(200);
    expect(await userRow('liam')).toMatchObject({ failedLogins: 0, loginFailures: [] });
    expect((await session.get('/prod-api/getInfo')).status).toBe(401);
    expect((await t.login('liam', 'newpass1')).token).toBeTruthy();
  });

  it('disabling a user ends its sessions at once; enabling lets it sign in again', async () => {
    await admin.post(API, newUser('mona'));
    const id = (await userRow('mona'))?.userId ?? 0;
    const session = await t.login('mona', 'passw0rd');
    expect((await session.get('/prod-api/getInfo')).status).toBe(200);
    expect((await nobody.put(`${API}/changeStatus`, { userId: id, status: '1' })).status).toBe(403);
    const bad = await admin.put(`${API}/changeStatus`, { userId: id, status: '5' });
    expect(bad.body.msg).toBe('Status must be one of: 0, 1');
    expect((await admin.put(`${API}/changeStatus`, { userId: id, status: '1' })).body.code).toBe(200);
    expect(await db().select().from(sysSession).where(eq(sysSession.userId, id))).toEqual([]);
    expect((await session.get('/prod-api/getInfo')).status).toBe(401);
    await expect(t.login('mona', 'passw0rd')).rejects.toThrow(/disabled/);
    const version = (await userRow('mona'))?.version ?? 0;
    expect((await admin.put(`${API}/changeStatus`, { userId: id, status: '0', version: version - 1 })).status).toBe(409);
    expect((await admin.put(`${API}/changeStatus`, { userId: id, status: '0', version })).body.code).toBe(200);
    expect((await t.login('mona', 'passw0rd')).token).toBeTruthy();
  });
});

describe('authRole', () => {
  it('shows every role with a flag and replaces the roles, also from query parameters', async () => {
    const r1 = await makeRole(t, [], { roleName: 'Auth one', roleKey: 'auth_one' });
    const r2 = await makeRole(t, [], { roleName: 'Auth two', roleKey: 'auth_two' });
    await admin.post(API, newUser('nina', { roleIds: [r1.roleId] }));
    const id = (await userRow('nina'))?.userId;
    const view = await admin.get(`${API}/authRole/${id}`);
    expect(view.body.user.userName).toBe('nina');
    const flags = Object.fromEntries(view.body.roles.map((r: { roleKey: string; flag: boolean }) => [r.roleKey, r.flag]));
    expect(flags).toMatchObject({ auth_one: true, auth_two: false });
    const put = await admin.request({ method: 'PUT', url: `${API}/authRole?userId=${id}&roleIds=${r2.roleId},2` });
    expect(put.body.code).toBe(200);
    expect((await admin.get(`${API}/${id}`)).body.roleIds.sort()).toEqual([2, r2.roleId].sort());
    expect((await admin.put(`${API}/authRole`, { userId: id, roleIds: [] })).body.code).toBe(200);
    expect((await admin.get(`${API}/${id}`)).body.roleIds).toEqual([]);
  });

  it('answers 403 without permission; a non-admin cannot hand out the admin role', async () => {
    await admin.post(API, newUser('oscar'));
    const id = (await userRow('oscar'))?.userId;
    expect((await nobody.get(`${API}/authRole/${id}`)).status).toBe(403);
    expect((await nobody.put(`${API}/authRole`, { userId: id, roleIds: [2] })).status).toBe(403);
    const { caller } = await callerWith(t, 'granter', ['system:user:edit', 'system:user:query']);
    const view = await caller.get(`${API}/authRole/${id}`);
    expect(view.body.roles.some((r: { roleKey: string }) => r.roleKey === 'admin')).toBe(false);
    expect((await caller.put(`${API}/authRole`, { userId: id, roleIds: [1] })).status).toBe(403);
    // The common role holds more than the granter: refused; a role within the granter's permissions is fine.
    expect((await caller.put(`${API}/authRole`, { userId: id, roleIds: [2] })).status).toBe(403);
    const within = await makeRole(t, ['system:user:query']);
    expect((await caller.put(`${API}/authRole`, { userId: id, roleIds: [within.roleId] })).body.code).toBe(200);
    expect(
      (
        await db()
          .select()
          .from(sysUserRole)
          .where(eq(sysUserRole.userId, id ?? 0))
      ).map((r) => r.roleId),
    ).toEqual([within.roleId]);
  });
});

describe('export and import', () => {
  it("exports the filtered, scoped list as xlsx with headings in the caller's language", async () => {
    await admin.post(API, newUser('expo1', { phonenumber: '13700000001' }));
    const res = await download(admin, { method: 'POST', url: `${API}/export`, payload: { userName: 'expo' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const sheet = await readSheet(res.rawPayload);
    expect(sheet[0]).toEqual([
      'User ID',
      'Department ID',
      'User name',
      'Nickname',
      'Email',
      'Phone',
      'Gender',
      'Status',
      'Last login IP',
      'Last login time',
      'Department',
      'Department leader',
    ]);
    expect(sheet).toHaveLength(2);
    expect(sheet[1]?.slice(2, 8)).toEqual(['expo1', 'expo1 nick', '', '13700000001', 'Female', 'Normal']);
    expect(sheet[1]?.[10]).toBe('写作组');
    // RuoYi's web posts form fields.
    const form = await download(admin, {
      method: 'POST',
      url: `${API}/export`,
      payload: 'userName=expo1',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'zh' },
    });
    const zh = await readSheet(form.rawPayload);
    expect(zh[0]?.[2]).toBe('登录名称');
    expect(zh[1]?.[6]).toBe('女');
    expect((await nobody.post(`${API}/export`, {})).status).toBe(403);
  });

  it('a scoped exporter only gets the users it may see', async () => {
    const dept = await makeDept(t, 'Export dept', root);
    await makeUser(t, 'expin', dept.deptId);
    await makeUser(t, 'expout', 104);
    const { caller } = await callerWith(t, 'exper', ['system:user:export'], { deptId: dept.deptId, dataScope: '3' });
    const res = await download(caller, { method: 'POST', url: `${API}/export`, payload: {} });
    const names = (await readSheet(res.rawPayload)).slice(1).map((r) => r[2]);
    expect(names.sort()).toEqual(['exper', 'expin']);
  });

  it('gives an import template with the import headings', async () => {
    const res = await download(admin, { method: 'POST', url: `${API}/importTemplate` });
    expect(res.statusCode).toBe(200);
    const sheet = await readSheet(res.rawPayload);
    expect(sheet).toEqual([['Department ID', 'User name', 'Nickname', 'Email', 'Phone', 'Gender', 'Status']]);
    expect((await nobody.post(`${API}/importTemplate`)).status).toBe(403);
  });

  it('imports valid rows and reports each invalid one by row and field, writing nothing of it', async () => {
    await db().update(sysConfig).set({ configValue: 'init123' }).where(eq(sysConfig.configKey, 'sys.user.initPassword'));
    await admin.post(API, newUser('imp_old'));
    const file = await workbook([
      ['部门编号', 'User name', 'Nickname', 'Email', 'Phone', 'Gender', 'Status'],
      [103, 'imp_a', 'Import A', 'a@imp.example', '13600000001', 'Male', 'Normal'],
      [104, 'imp_b', 'Import B', 'not-an-email', '', '女', '正常'],
      [null, null, null, null, null, null, null],
      [104, 'imp_old', 'Old user', '', '', '', ''],
      [987654, 'imp_c', 'Import C', '', '', '', ''],
      ['', 'imp_d', '', '', '', '', ''],
      ['', 'imp_e', 'Import E', '', '', 'Alien', ''],
      ['', 'imp_f', 'Import F', '', '', '1', '1'],
    ]);
    const before = await userCount();
    const { payload, headers } = multipart([{ name: 'file', filename: 'users.xlsx', content: file }]);
    const res = await admin.request({ method: 'POST', url: `${API}/importData`, payload, headers });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(601);
    // RuoYi's msg: the failed rows one per <br/> (its client shows it as HTML); the summary and every row stay structured.
    expect(res.body.msg).toBe(
      'Some rows could not be imported. Import finished: 2 rows imported, 5 failed. Errors:' +
        '<br/>1. Row 3: Email is not in a valid format<br/>2. Row 5: user "imp_old" already exists' +
        '<br/>3. Row 6: Department 987654 does not exist<br/>4. Row 7: Nickname is required<br/>5. Row 8: Gender must be one of: 0, 1, 2',
    );
    expect(res.body.data.summary).toBe('Import finished: 2 rows imported, 5 failed');
    expect(res.body.data.rows).toEqual([
      { row: 2, userName: 'imp_a', ok: true, msg: 'Row 2: user "imp_a" imported' },
      { row: 3, userName: 'imp_b', ok: false, msg: 'Row 3: Email is not in a valid format' },
      { row: 5, userName: 'imp_old', ok: false, msg: 'Row 5: user "imp_old" already exists' },
      { row: 6, userName: 'imp_c', ok: false, msg: 'Row 6: Department 987654 does not exist' },
      { row: 7, userName: 'imp_d', ok: false, msg: 'Row 7: Nickname is required' },
      { row: 8, userName: 'imp_e', ok: false, msg: 'Row 8: Gender must be one of: 0, 1, 2' },
      { row: 9, userName: 'imp_f', ok: true, msg: 'Row 9: user "imp_f" imported' },
    ]);
    expect(await userCount()).toBe((before ?? 0) + 2);
    expect(await userRow('imp_a')).toMatchObject({ deptId: 103, nickName: 'Import A', email: 'a@imp.example', sex: '0', status: '0', createBy: 'admin' });
    expect(await userRow('imp_f')).toMatchObject({ sex: '1', status: '1' });
    for (const name of ['imp_b', 'imp_c', 'imp_d', 'imp_e']) expect(await userRow(name)).toBeUndefined();
    expect((await userRow('imp_old'))?.nickName).toBe('imp_old nick');
    expect((await t.login('imp_a', 'init123')).token).toBeTruthy();
  });

  it('updates existing users when updateSupport is on, only the cells given', async () => {
    await admin.post(API, newUser('imp_up', { email: 'up@imp.example' }));
    const file = await workbook([
      ['User name', 'Nickname', 'Phone'],
      ['imp_up', 'Updated', '13600000009'],
    ]);
    const { payload, headers } = multipart([{ name: 'file', filename: 'u.xlsx', content: file }]);
    const res = await admin.request({ method: 'POST', url: `${API}/importData?updateSupport=true`, payload, headers });
    expect(res.body).toMatchObject({
      code: 200,
      msg: 'All 1 rows imported:<br/>1. Row 2: user "imp_up" updated',
      data: { summary: 'All 1 rows imported', successCount: 1, failureCount: 0 },
    });
    expect(await userRow('imp_up')).toMatchObject({ nickName: 'Updated', phonenumber: '13600000009', email: 'up@imp.example', version: 1 });
  });

  it('refuses new users while no initial password is set, and files that are not workbooks', async () => {
    await db().update(sysConfig).set({ configValue: '' }).where(eq(sysConfig.configKey, 'sys.user.initPassword'));
    const file = await workbook([
      ['User name', 'Nickname'],
      ['imp_np', 'No password'],
    ]);
    const one = multipart([{ name: 'file', filename: 'u.xlsx', content: file }]);
    const res = await admin.request({ method: 'POST', url: `${API}/importData`, ...one });
    expect(res.body.data.rows[0].msg).toBe('Row 2: Set sys.user.initPassword (initial password) before importing new users');
    expect(await userRow('imp_np')).toBeUndefined();
    const junk = multipart([{ name: 'file', filename: 'u.xlsx', content: Buffer.from('not a workbook') }]);
    const bad = await admin.request({ method: 'POST', url: `${API}/importData`, ...junk });
    expect(bad.body).toEqual({ code: 400, msg: 'The file is not a readable Excel workbook' });
    const none = await admin.request({ method: 'POST', url: `${API}/importData`, payload: {} });
    expect(none.body).toEqual({ code: 400, msg: 'Choose an Excel file to import (form field file)' });
    expect((await nobody.request({ method: 'POST', url: `${API}/importData`, ...one })).status).toBe(403);
  });
});

describe('permissions, one by one', () => {
  it.each(ALL_USER_PERMS)('%s is enough for its routes and required by them', async (perm) => {
    const name = `p${perm.split(':')[2]?.slice(0, 8)}`;
    const { caller } = await callerWith(t, name, [perm]);
    const target = await makeUser(t, `t${name}`.slice(0, 10), 103);
    const requests: Record<string, [string, string, unknown?][]> = {
      'system:user:list': [
        ['GET', `${API}/list`],
        ['GET', `${API}/deptTree`],
      ],
      'system:user:query': [
        ['GET', `${API}/`],
        ['GET', `${API}/${target.userId}`],
        ['GET', `${API}/authRole/${target.userId}`],
      ],
      'system:user:add': [['POST', API, newUser(`n${name}`.slice(0, 10))]],
      'system:user:edit': [
        ['PUT', API, { userId: target.userId, nickName: 'changed' }],
        ['PUT', `${API}/changeStatus`, { userId: target.userId, status: '0' }],
        ['PUT', `${API}/authRole`, { userId: target.userId, roleIds: [] }],
      ],
      'system:user:remove': [['DELETE', `${API}/${target.userId}`]],
      'system:user:resetPwd': [['PUT', `${API}/resetPwd`, { userId: target.userId, password: 'another1' }]],
      'system:user:export': [['POST', `${API}/export`, {}]],
      'system:user:import': [['POST', `${API}/importTemplate`]],
    };
    for (const [method, url, payload] of requests[perm] ?? []) {
      const denied = await nobody.request({ method: method as 'GET', url, payload: payload as object });
      expect(denied.status, `${method} ${url} denied`).toBe(403);
      const allowed = await caller.request({ method: method as 'GET', url, payload: payload as object });
      expect(allowed.status, `${method} ${url} allowed: ${allowed.raw.slice(0, 200)}`).toBe(200);
    }
    // A permission does not leak into its neighbours.
    const other = perm === 'system:user:list' ? `${API}/${target.userId}` : `${API}/list`;
    expect((await caller.get(other)).status).toBe(403);
    expect(
      (
        await db()
          .select()
          .from(sysUser)
          .where(and(eq(sysUser.userName, 'nobody'), eq(sysUser.delFlag, '0')))
      ).length,
    ).toBe(1);
  });
});
