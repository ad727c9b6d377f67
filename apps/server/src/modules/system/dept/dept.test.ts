import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, createTestApp, type TestApp } from '../../../../test/harness';
import { sysDept, sysMenu, sysOperLog, sysRole, sysRoleDept, sysRoleMenu, sysUser, sysUserRole } from '../../../db/schema';
import { hashPassword } from '../../../platform/auth/password';

let t: TestApp;
let admin: Caller;

/** A signed-in user of `deptId` whose one role has this data scope and the seeded menus carrying these permissions. */
async function userWith(userName: string, perms: string[], dataScope = '1', deptId = 103) {
  const db = t.database.db;
  const menus = await db.select({ menuId: sysMenu.menuId }).from(sysMenu).where(inArray(sysMenu.perms, perms));
  const [role] = await db.insert(sysRole).values({ roleName: userName, roleKey: userName, dataScope }).returning();
  const [user] = await db
    .insert(sysUser)
    .values({ userName, nickName: userName, password: await hashPassword('secret123'), deptId })
    .returning();
  if (!role || !user) throw new Error('fixture rows not created');
  if (menus.length > 0) await db.insert(sysRoleMenu).values(menus.map((m) => ({ roleId: role.roleId, menuId: m.menuId })));
  await db.insert(sysUserRole).values({ userId: user.userId, roleId: role.roleId });
  return { caller: await t.login(userName, 'secret123'), roleId: role.roleId, userId: user.userId };
}

const depts = () => t.database.db.select().from(sysDept).orderBy(sysDept.deptId);
const dept = async (deptId: number) => (await t.database.db.select().from(sysDept).where(eq(sysDept.deptId, deptId)))[0];
const byName = async (deptName: string) => (await t.database.db.select().from(sysDept).where(eq(sysDept.deptName, deptName)))[0];
const ids = (rows: { deptId: number }[]) => rows.map((r) => r.deptId).sort((a, b) => a - b);
const ALL = ['system:dept:list', 'system:dept:query', 'system:dept:add', 'system:dept:edit', 'system:dept:remove'];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterAll(() => t.close());

describe('GET /system/dept/list, /list/exclude/{id} and /{id}', () => {
  it('lists every department for the administrator, filtered by name and status', async () => {
    const res = await admin.get('/prod-api/system/dept/list');
    expect(ids(res.body.data)).toEqual([100, 101, 102, 103, 104, 105, 106]);
    expect(res.body.data[0]).toMatchObject({ deptId: 100, parentId: 0, ancestors: '0' });
    expect(res.body.data[0]).not.toHaveProperty('delFlag');
    expect(ids((await admin.get('/prod-api/system/dept/list', { deptName: '组' })).body.data)).toEqual([103, 104, 105, 106]);
    expect((await admin.get('/prod-api/system/dept/list', { status: '1' })).body.data).toEqual([]);
  });

  it('leaves out a department and everything below it for its parent picker', async () => {
    const res = await admin.get('/prod-api/system/dept/list/exclude/101');
    expect(ids(res.body.data)).toEqual([100, 102, 106]);
  });

  it('answers one department with its parent name, or 404', async () => {
    expect((await admin.get('/prod-api/system/dept/103')).body.data).toMatchObject({ deptName: '写作组', parentId: 101, parentName: '技术出版部' });
    expect((await admin.get('/prod-api/system/dept/999')).status).toBe(404);
  });

  it("narrows everything to the caller's data scope", async () => {
    const own = await userWith('owndept', ALL, '3', 103);
    expect(ids((await own.caller.get('/prod-api/system/dept/list')).body.data)).toEqual([103]);
    const below = await userWith('belowdept', ALL, '4', 101);
    expect(ids((await below.caller.get('/prod-api/system/dept/list')).body.data)).toEqual([101, 103, 104, 105]);
    const custom = await userWith('customdept', ALL, '2', 103);
    await t.database.db.insert(sysRoleDept).values([
      { roleId: custom.roleId, deptId: 102 },
      { roleId: custom.roleId, deptId: 106 },
    ]);
    expect(ids((await custom.caller.get('/prod-api/system/dept/list')).body.data)).toEqual([102, 106]);

    // Scope 1 (all) sees every department; scope 5 (self) has no user column here, so it sees none.
    const all = await userWith('alldept', ALL, '1', 103);
    expect(ids((await all.caller.get('/prod-api/system/dept/list')).body.data)).toEqual([100, 101, 102, 103, 104, 105, 106]);
    expect((await all.caller.get('/prod-api/system/dept/102')).status).toBe(200);
    const self = await userWith('selfdept', ALL, '5', 103);
    expect((await self.caller.get('/prod-api/system/dept/list')).body).toMatchObject({ code: 200, data: [] });
    expect((await self.caller.get('/prod-api/system/dept/103')).status).toBe(403);

    const outside = await own.caller.get('/prod-api/system/dept/102');
    expect(outside.status).toBe(403);
    expect(outside.body.msg).toBe('No permission to access this department');
    const before = await depts();
    expect((await own.caller.put('/prod-api/system/dept', { deptId: 102, parentId: 100, deptName: 'Hijacked', orderNum: 1 })).status).toBe(403);
    expect((await own.caller.delete('/prod-api/system/dept/106')).status).toBe(403);
    expect((await below.caller.post('/prod-api/system/dept', { parentId: 102, deptName: 'Sneaky', orderNum: 1 })).status).toBe(403);
    expect(await depts()).toEqual(before);
  });
});

describe('POST, PUT and DELETE /system/dept', () => {
  it('creates a department with its ancestors, edits it and deletes it, writing the operation log', async () => {
    const body = { parentId: 103, deptName: '结构组', orderNum: 1, leader: 'Li', phone: '13800000000', email: 'li@example.com' };
    expect((await admin.post('/prod-api/system/dept', body)).body.code).toBe(200);
    const row = await byName('结构组');
    expect(row).toMatchObject({ ancestors: '0,100,101,103', status: '0', createBy: 'admin' });
    const deptId = row?.deptId ?? 0;
    expect((await admin.put('/prod-api/system/dept', { ...body, deptId, deptName: '结构写作组', leader: 'Wang' })).body.code).toBe(200);
    expect(await dept(deptId)).toMatchObject({ deptName: '结构写作组', leader: 'Wang', ancestors: '0,100,101,103', updateBy: 'admin' });
    expect((await admin.delete(`/prod-api/system/dept/${deptId}`)).body.code).toBe(200);
    expect((await dept(deptId))?.delFlag).toBe('2');
    expect((await admin.get(`/prod-api/system/dept/${deptId}`)).status).toBe(404);
    expect(ids((await admin.get('/prod-api/system/dept/list')).body.data)).not.toContain(deptId);
    // The operation log row is written after the response is sent: wait for it.
    const logs = () => t.database.db.select().from(sysOperLog).where(eq(sysOperLog.title, 'dept')).orderBy(sysOperLog.operId);
    await expect
      .poll(async () => (await logs()).filter((l) => l.operName === 'admin').map((l) => [l.businessType, l.status]))
      .toEqual([
        [1, 0],
        [2, 0],
        [3, 0],
      ]);
    // The refusals of the data scope test were logged too, as failures.
    expect((await logs()).filter((l) => l.operName !== 'admin').every((l) => l.status === 1)).toBe(true);
  });

  it.each([
    [{ parentId: 101, deptName: '', orderNum: 1 }, 'Department is required'],
    [{ parentId: 101, deptName: 'X'.repeat(31), orderNum: 1 }, 'Department must be at most 30 characters'],
    [{ parentId: 101, deptName: 'X', orderNum: 1, email: 'not-an-email' }, 'Email is not in a valid format'],
    [{ parentId: 101, deptName: 'X', orderNum: 1, phone: 'call me' }, 'Phone is not in a valid format'],
    [{ parentId: 101, deptName: 'X', orderNum: 1, status: '3' }, 'Status must be one of: 0, 1'],
    [{ parentId: 101, deptName: 'X' }, 'Order is required'],
    [{ parentId: 101, deptName: '写作组', orderNum: 1 }, 'Cannot save department "写作组": a department with this name already exists under the same parent'],
    [{ parentId: 999, deptName: 'X', orderNum: 1 }, 'Parent: the parent department does not exist'],
    [{ parentId: 0, deptName: 'Second root', orderNum: 1 }, 'Parent: the parent department does not exist'],
  ])('refuses %j naming the problem, changing nothing', async (body, msg) => {
    const before = await depts();
    const res = await admin.post('/prod-api/system/dept', body);
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe(msg);
    expect(await depts()).toEqual(before);
  });

  it('accepts a name already used under another parent', async () => {
    expect((await admin.post('/prod-api/system/dept', { parentId: 102, deptName: '写作组', orderNum: 5 })).body.code).toBe(200);
  });

  it('moves a department and rewrites the ancestors of everything below it', async () => {
    await admin.post('/prod-api/system/dept', { parentId: 103, deptName: '手册组', orderNum: 1 });
    const grandchild = await byName('手册组');
    expect(grandchild?.ancestors).toBe('0,100,101,103');
    const moved = { deptId: 101, parentId: 102, deptName: '技术出版部', orderNum: 1 };
    expect((await admin.put('/prod-api/system/dept', moved)).body.code).toBe(200);
    expect((await dept(101))?.ancestors).toBe('0,100,102');
    for (const id of [103, 104, 105]) expect((await dept(id))?.ancestors).toBe('0,100,102,101');
    expect((await dept(grandchild?.deptId ?? 0))?.ancestors).toBe('0,100,102,101,103');
    expect((await dept(106))?.ancestors).toBe('0,100,102');
    // And back again.
    expect((await admin.put('/prod-api/system/dept', { ...moved, parentId: 100 })).body.code).toBe(200);
    expect((await dept(103))?.ancestors).toBe('0,100,101');
    expect((await dept(grandchild?.deptId ?? 0))?.ancestors).toBe('0,100,101,103');
  });

  it('refuses a department as its own parent or under one of its sub-departments, changing nothing', async () => {
    const before = await depts();
    const self = await admin.put('/prod-api/system/dept', { deptId: 101, parentId: 101, deptName: '技术出版部', orderNum: 1 });
    expect(self.body).toEqual({ code: 400, msg: 'Cannot save department "技术出版部": parentId cannot be the department itself' });
    const below = await admin.put('/prod-api/system/dept', { deptId: 101, parentId: 103, deptName: '技术出版部', orderNum: 1 });
    expect(below.body.msg).toBe('Cannot save department "技术出版部": parentId cannot be one of its own sub-departments');
    expect(await depts()).toEqual(before);
  });

  it('refuses to disable a department while a sub-department is enabled; enabling one enables those above it', async () => {
    const before = await depts();
    const refused = await admin.put('/prod-api/system/dept', { deptId: 102, parentId: 100, deptName: '工程部', orderNum: 2, status: '1' });
    expect(refused.body).toEqual({ code: 400, msg: 'The department has enabled sub-departments and cannot be disabled' });
    expect(await depts()).toEqual(before);

    expect((await admin.put('/prod-api/system/dept', { deptId: 106, parentId: 102, deptName: '适航组', orderNum: 1, status: '1' })).body.code).toBe(200);
    const extra = await t.database.db.select().from(sysDept).where(eq(sysDept.parentId, 102));
    for (const d of extra.filter((x) => x.deptId !== 106)) await admin.delete(`/prod-api/system/dept/${d.deptId}`);
    expect((await admin.put('/prod-api/system/dept', { deptId: 102, parentId: 100, deptName: '工程部', orderNum: 2, status: '1' })).body.code).toBe(200);
    expect((await admin.post('/prod-api/system/dept', { parentId: 102, deptName: '新组', orderNum: 1 })).body).toEqual({
      code: 400,
      msg: 'The parent department is disabled: no department can be added under it',
    });
    expect((await admin.put('/prod-api/system/dept', { deptId: 106, parentId: 102, deptName: '适航组', orderNum: 1, status: '0' })).body.code).toBe(200);
    expect((await dept(102))?.status).toBe('0');
  });

  it('refuses to delete a department with sub-departments or users, as warnings', async () => {
    const before = await depts();
    expect((await admin.delete('/prod-api/system/dept/101')).body).toEqual({ code: 601, msg: 'The department has sub-departments and cannot be deleted' });
    expect((await admin.delete('/prod-api/system/dept/100')).body.code).toBe(601);
    await t.database.db.insert(sysUser).values({ userName: 'member', nickName: 'Member', password: 'x', deptId: 104 });
    expect((await admin.delete('/prod-api/system/dept/104')).body).toEqual({ code: 601, msg: 'The department has users and cannot be deleted' });
    expect(await depts()).toEqual(before);
  });
});

describe('permissions', () => {
  it('lets system:dept:list list and refuses everything else', async () => {
    const { caller } = await userWith('deptread', ['system:dept:list']);
    expect((await caller.get('/prod-api/system/dept/list')).body.code).toBe(200);
    expect((await caller.get('/prod-api/system/dept/list/exclude/103')).body.code).toBe(200);
    const before = await depts();
    for (const res of [
      await caller.get('/prod-api/system/dept/103'),
      await caller.post('/prod-api/system/dept', { parentId: 101, deptName: 'Nope', orderNum: 1 }),
      await caller.put('/prod-api/system/dept', { deptId: 103, parentId: 101, deptName: 'Nope', orderNum: 1 }),
      await caller.delete('/prod-api/system/dept/105'),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.msg).toBe('The current operation has no permission');
    }
    expect(await depts()).toEqual(before);
  });

  it('lets each write permission do its one thing', async () => {
    const { caller } = await userWith('deptwrite', ['system:dept:query', 'system:dept:add', 'system:dept:edit', 'system:dept:remove']);
    expect((await caller.get('/prod-api/system/dept/103')).body.code).toBe(200);
    expect((await caller.post('/prod-api/system/dept', { parentId: 105, deptName: '日语组', orderNum: 1 })).body.code).toBe(200);
    const deptId = (await byName('日语组'))?.deptId ?? 0;
    expect((await caller.put('/prod-api/system/dept', { deptId, parentId: 105, deptName: '日文组', orderNum: 1 })).body.code).toBe(200);
    expect((await caller.delete(`/prod-api/system/dept/${deptId}`)).body.code).toBe(200);
    expect((await caller.get('/prod-api/system/dept/list')).status).toBe(403);
  });
});

describe('PUT /system/dept/updateSort (RuoYi 3.9)', () => {
  it('saves the display order of several departments as the client sends the two comma lists', async () => {
    const res = await admin.put('/prod-api/system/dept/updateSort', { deptIds: '103,104', orderNums: '9,8' });
    expect(res.body.code).toBe(200);
    expect([(await dept(103))?.orderNum, (await dept(104))?.orderNum]).toEqual([9, 8]);
  });

  it.each([
    [{ deptIds: '103,104', orderNums: '1,2,3' }, 400, 'Display orders has 3 values for 2 ids'],
    [{ deptIds: '103;104', orderNums: '1,2' }, 400, 'Departments is not in a valid format'],
    [{ deptIds: '103,104' }, 400, 'Display orders is required'],
    [{ deptIds: '103,999999', orderNums: '1,2' }, 404, undefined],
  ])('refuses %j naming the field, changing no order', async (body, status, msg) => {
    const before = await depts();
    const res = await admin.put('/prod-api/system/dept/updateSort', body);
    expect(res.status).toBe(status);
    if (msg) expect(res.body.msg).toBe(msg);
    expect(await depts()).toEqual(before);
  });

  it('needs system:dept:edit and keeps to the caller data scope', async () => {
    const { caller: lister } = await userWith('dsortlist', ['system:dept:list']);
    expect((await lister.put('/prod-api/system/dept/updateSort', { deptIds: '103', orderNums: '5' })).status).toBe(403);
    // Scope 3: the own department only.
    const { caller: own } = await userWith('dsortown', ['system:dept:edit'], '3', 103);
    const before = await depts();
    expect((await own.put('/prod-api/system/dept/updateSort', { deptIds: '103,104', orderNums: '5,6' })).status).toBe(403);
    expect(await depts()).toEqual(before);
    expect((await own.put('/prod-api/system/dept/updateSort', { deptIds: '103', orderNums: '5' })).body.code).toBe(200);
    expect((await dept(103))?.orderNum).toBe(5);
  });
});
