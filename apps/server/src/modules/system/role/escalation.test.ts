import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, createTestApp, type TestApp } from '../../../../test/harness';
import { sysMenu, sysRoleMenu, sysUser, sysUserRole } from '../../../db/schema';
import { callerWith, makeRole, makeUser, multipart, workbook } from '../user/test-fixtures';

/** Self-escalation attacks of issue 12 item 2: each is refused and changes nothing. */
let t: TestApp;
let admin: Caller;
/** A role holding every seeded menu (the prize of the attacks). */
let everything: number;

const db = () => t.database.db;
const rolesOf = async (userId: number) =>
  (await db().select({ roleId: sysUserRole.roleId }).from(sysUserRole).where(eq(sysUserRole.userId, userId))).map((r) => r.roleId).sort();
const menusOf = async (roleId: number) =>
  (await db().select({ menuId: sysRoleMenu.menuId }).from(sysRoleMenu).where(eq(sysRoleMenu.roleId, roleId))).map((r) => r.menuId).sort();

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  const role = await makeRole(t, [], { roleKey: 'everything', roleName: 'Everything' });
  const menus = await db().select({ menuId: sysMenu.menuId }).from(sysMenu);
  await db()
    .insert(sysRoleMenu)
    .values(menus.map((m) => ({ roleId: role.roleId, menuId: m.menuId })));
  everything = role.roleId;
});
afterAll(() => t.close());

describe('self-escalation through user roles', () => {
  it('attack: a user with system:user:edit assigns themselves a role holding every menu', async () => {
    const { caller, user, role } = await callerWith(t, 'esc_user', ['system:user:edit', 'system:user:query', 'system:user:list']);
    const res = await caller.put('/prod-api/system/user/authRole', { userId: user.userId, roleIds: [role.roleId, everything] });
    expect(res.status).toBe(403);
    expect(res.body.msg).toBe('You cannot change your own roles');
    const edit = await caller.put('/prod-api/system/user', { userId: user.userId, nickName: 'x', roleIds: [role.roleId, everything] });
    expect(edit.status).toBe(403);
    expect(await rolesOf(user.userId)).toEqual([role.roleId]);
    // Saving the own profile form with the same roles still works.
    expect((await caller.put('/prod-api/system/user', { userId: user.userId, nickName: 'same', roleIds: [role.roleId] })).body.code).toBe(200);
  });

  it('attack: the same user gives a friend the all-menu role (a permission the giver does not hold)', async () => {
    const { caller } = await callerWith(t, 'esc_giver', ['system:user:edit', 'system:user:query', 'system:user:add']);
    const friend = await makeUser(t, 'esc_friend', null);
    const res = await caller.put('/prod-api/system/user/authRole', { userId: friend.userId, roleIds: [everything] });
    expect(res.status).toBe(403);
    expect(res.body.msg).toBe('You cannot assign role "Everything": it holds more than you do');
    expect(await rolesOf(friend.userId)).toEqual([]);
    const created = await caller.post('/prod-api/system/user', { userName: 'esc_new', nickName: 'New', password: 'secret123', roleIds: [everything] });
    expect(created.status).toBe(403);
    // A role holding only what the giver holds may be given.
    const small = await makeRole(t, ['system:user:query']);
    expect((await caller.put('/prod-api/system/user/authRole', { userId: friend.userId, roleIds: [small.roleId] })).body.code).toBe(200);
  });

  it('attack: through the role screen, adding oneself (or anyone) to a role beyond one’s own', async () => {
    const { caller, user } = await callerWith(t, 'esc_auth', ['system:role:edit', 'system:role:list']);
    const friend = await makeUser(t, 'esc_frd2', null);
    const self = await caller.put('/prod-api/system/role/authUser/selectAll', { roleId: everything, userIds: [user.userId] });
    expect(self.status).toBe(403);
    const other = await caller.put('/prod-api/system/role/authUser/selectAll', { roleId: everything, userIds: [friend.userId] });
    expect(other.status).toBe(403);
    expect(await rolesOf(friend.userId)).toEqual([]);
  });
});

describe('self-escalation through menus and roles', () => {
  it('attack: role edit + menu add: a button menu with perms *:*:* added to one’s own role', async () => {
    const { caller, user, role } = await callerWith(t, 'esc_menu', ['system:role:edit', 'system:role:query', 'system:menu:add', 'system:menu:edit']);
    const wildcard = await caller.post('/prod-api/system/menu', { menuName: 'god', parentId: 0, orderNum: 1, menuType: 'F', perms: '*:*:*' });
    expect(wildcard.status).toBe(400);
    expect(wildcard.body.msg).toBe('Permission must be concrete permission strings such as system:user:list (comma separated), without wildcards');
    const partial = await caller.post('/prod-api/system/menu', { menuName: 'half', parentId: 0, orderNum: 1, menuType: 'F', perms: 'system:*:*' });
    expect(partial.status).toBe(400);
    const notHeld = await caller.post('/prod-api/system/menu', { menuName: 'reset', parentId: 0, orderNum: 1, menuType: 'F', perms: 'system:user:resetPwd' });
    expect(notHeld.status).toBe(403);
    expect(notHeld.body.msg).toBe('You cannot set permission "system:user:resetPwd": you do not hold it');
    expect(await db().select().from(sysMenu).where(eq(sysMenu.menuName, 'reset'))).toEqual([]);

    // Any existing menu the caller does not hold, added to their own role or to another one.
    const [resetPwd] = await db().select().from(sysMenu).where(eq(sysMenu.perms, 'system:user:resetPwd'));
    const mine = await menusOf(role.roleId);
    const own = await caller.put('/prod-api/system/role', {
      roleId: role.roleId,
      roleName: role.roleName,
      roleKey: role.roleKey,
      roleSort: 1,
      menuIds: [...mine, resetPwd?.menuId],
    });
    expect(own.status).toBe(403);
    expect(own.body.msg).toBe('You cannot change the menus or data scope of a role you hold');
    expect(await menusOf(role.roleId)).toEqual(mine);
    const other = await makeRole(t, []);
    const body = { roleId: other.roleId, roleName: other.roleName, roleKey: other.roleKey, roleSort: 1 };
    expect((await caller.put('/prod-api/system/role', { ...body, menuIds: [resetPwd?.menuId] })).status).toBe(403);
    const created = await caller.post('/prod-api/system/role', { roleName: 'esc made', roleKey: 'esc_made', roleSort: 1, menuIds: [resetPwd?.menuId] });
    expect(created.status).toBe(403);
    // Menus the caller holds may be handed on.
    expect((await caller.put('/prod-api/system/role', { ...body, menuIds: mine })).body.code).toBe(200);
    expect(await menusOf(other.roleId)).toEqual(mine);

    // Turning a held button into another permission through the menu edit.
    const [heldMenu] = await db().select().from(sysMenu).where(eq(sysMenu.perms, 'system:menu:edit'));
    const retarget = await caller.put('/prod-api/system/menu', { ...heldMenu, perms: 'system:user:resetPwd' });
    expect(retarget.status).toBe(403);
    expect(user.userId).toBeGreaterThan(0);
  });

  it('a wildcard already in the database makes nobody an administrator', async () => {
    const { caller, role } = await callerWith(t, 'esc_old', []);
    const [menu] = await db().insert(sysMenu).values({ menuName: 'legacy', menuType: 'F', perms: '*:*:*' }).returning();
    await db()
      .insert(sysRoleMenu)
      .values({ roleId: role.roleId, menuId: menu?.menuId ?? 0 });
    expect((await caller.get('/prod-api/system/user/list')).status).toBe(403);
    expect((await caller.get('/prod-api/getInfo')).body.permissions).toEqual([]);
    // Nor does a role named admin that is not the administrator role (its key is taken: the name is all it can copy).
    const fake = await makeRole(t, [], { roleKey: 'admin2', roleName: 'admin' });
    const fakeUser = await makeUser(t, 'esc_fake', null, [fake.roleId]);
    const fakeCaller = await t.login(fakeUser.userName, 'secret123');
    expect((await fakeCaller.get('/prod-api/system/user/list')).status).toBe(403);
  });

  it('attack: widening a data scope beyond one’s own', async () => {
    const { caller } = await callerWith(t, 'esc_scope', ['system:role:edit'], { dataScope: '5' });
    const other = await makeRole(t, [], { dataScope: '5' });
    const res = await caller.put('/prod-api/system/role/dataScope', { roleId: other.roleId, dataScope: '1' });
    expect(res.status).toBe(403);
    expect(res.body.msg).toBe('You cannot grant a wider data scope than you hold');
    const { caller: wide, role } = await callerWith(t, 'esc_wide', ['system:role:edit'], { dataScope: '1' });
    expect((await wide.put('/prod-api/system/role/dataScope', { roleId: other.roleId, dataScope: '1' })).body.code).toBe(200);
    expect((await wide.put('/prod-api/system/role/dataScope', { roleId: role.roleId, dataScope: '1' })).status).toBe(403);
    // The administrator still does all of it.
    expect((await admin.put('/prod-api/system/role/dataScope', { roleId: other.roleId, dataScope: '3' })).body.code).toBe(200);
  });
});

/**
 * Issue 28 item 5: a user editor took over stronger accounts (reset the password, sign in, keep
 * the account). Every change to another account needs the caller to outrank it: each of its
 * roles is one the caller could grant.
 */
describe('taking over a stronger account', () => {
  const USER = '/prod-api/system/user';
  const ALL_USER_PERMS = ['list', 'query', 'add', 'edit', 'remove', 'resetPwd', 'export', 'import'].map((p) => `system:user:${p}`);
  const refusal = (name: string) => `You cannot change user "${name}": their role "Everything" holds more than you do`;
  const account = async (userId: number) => {
    const [row] = await db().select().from(sysUser).where(eq(sysUser.userId, userId));
    return { row, roles: await rolesOf(userId) };
  };

  /** Every change to another account a holder of system:user:* (or the role and unlock screens) can make, on one user. */
  const attempts = (target: { userId: number; userName: string }, roleId: number) => {
    const edit = { userId: target.userId, nickName: 'taken' };
    return [
      ['reset password', (c: Caller) => c.put(`${USER}/resetPwd`, { userId: target.userId, password: 'taken123' })],
      ['edit', (c: Caller) => c.put(USER, edit)],
      ['edit its roles', (c: Caller) => c.put(USER, { ...edit, roleIds: [] })],
      ['disable', (c: Caller) => c.put(`${USER}/changeStatus`, { userId: target.userId, status: '1' })],
      ['take its roles', (c: Caller) => c.put(`${USER}/authRole`, { userId: target.userId, roleIds: [] })],
      ['remove it from a role', (c: Caller) => c.put('/prod-api/system/role/authUser/cancel', { userId: target.userId, roleId })],
      ['remove it from a role (batch)', (c: Caller) => c.put('/prod-api/system/role/authUser/cancelAll', { userIds: [target.userId], roleId })],
      ['unlock', (c: Caller) => c.get(`/prod-api/monitor/logininfor/unlock/${target.userName}`)],
      ['delete', (c: Caller) => c.delete(`${USER}/${target.userId}`)],
    ] as const;
  };

  it('refuses every change to a user holding more rights, naming why, and changes nothing; the same changes work on a weaker user', async () => {
    const { caller } = await callerWith(t, 'to_editor', [...ALL_USER_PERMS, 'system:role:edit', 'monitor:logininfor:unlock']);
    const lockedUntil = new Date(Date.now() + 3_600_000);
    const strong = await makeUser(t, 'to_strong', null, [everything], { lockedUntil });
    const before = await account(strong.userId);
    for (const [what, attempt] of attempts(strong, everything)) {
      const res = await attempt(caller);
      expect([what, res.status, res.body.msg]).toEqual([what, 403, refusal('to_strong')]);
    }
    expect(await account(strong.userId)).toEqual(before);
    // Still locked, and the password the attacker chose signs nobody in.
    expect((await t.anonymous.post('/prod-api/login', { username: 'to_strong', password: 'taken123' })).body.code).toBe(400);

    // The same requests on a user holding only what the editor holds all pass.
    const small = await makeRole(t, ['system:user:query']);
    for (const [what, attempt] of attempts(await makeUser(t, 'to_weak', null, [small.roleId], { lockedUntil }), small.roleId)) {
      const res = await attempt(caller);
      expect([what, res.body.code]).toEqual([what, 200]);
    }
  });

  it('refuses the import that overwrites a stronger user, and imports the weaker one', async () => {
    const { caller } = await callerWith(t, 'to_import', ALL_USER_PERMS);
    const strong = await makeUser(t, 'to_strong2', null, [everything]);
    const weak = await makeUser(t, 'to_weak2', null);
    const before = await account(strong.userId);
    const file = await workbook([
      ['User name', 'Nickname', 'Status'],
      ['to_strong2', 'Taken', 'Disabled'],
      ['to_weak2', 'Renamed'],
    ]);
    const { payload, headers } = multipart([{ name: 'file', filename: 'u.xlsx', content: file }]);
    const res = await caller.request({ method: 'POST', url: `${USER}/importData?updateSupport=true`, payload, headers });
    expect(res.body.data.rows).toEqual([
      { row: 2, userName: 'to_strong2', ok: false, msg: `Row 2: ${refusal('to_strong2')}` },
      { row: 3, userName: 'to_weak2', ok: true, msg: 'Row 3: user "to_weak2" updated' },
    ]);
    expect(await account(strong.userId)).toEqual(before);
    expect((await account(weak.userId)).row?.nickName).toBe('Renamed');
  });

  it('answers in Chinese too, and lets the administrator do all of it', async () => {
    const { caller } = await callerWith(t, 'to_zh', ['system:user:resetPwd']);
    const strong = await makeUser(t, 'to_strong3', null, [everything]);
    const zh = await caller.request({
      method: 'PUT',
      url: `${USER}/resetPwd`,
      payload: { userId: strong.userId, password: 'taken123' },
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(zh.body).toEqual({ code: 403, msg: '不能操作用户“to_strong3”：其角色“Everything”的权限超出您自己的' });
    for (const [what, attempt] of attempts(strong, everything)) {
      const res = await attempt(admin);
      expect([what, res.body.code]).toEqual([what, 200]);
    }
  });
});
