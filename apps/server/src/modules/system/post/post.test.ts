import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, createTestApp, type TestApp } from '../../../../test/harness';
import { sysMenu, sysOperLog, sysPost, sysRole, sysRoleMenu, sysUser, sysUserPost, sysUserRole } from '../../../db/schema';
import { hashPassword } from '../../../platform/auth/password';

let t: TestApp;
let admin: Caller;
let reader: Caller;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  const db = t.database.db;
  const [menu] = await db.insert(sysMenu).values({ menuName: 'post list', menuType: 'F', perms: 'system:post:list' }).returning();
  const [role] = await db.insert(sysRole).values({ roleName: 'Post reader', roleKey: 'postreader' }).returning();
  const [user] = await db
    .insert(sysUser)
    .values({ userName: 'reader', nickName: 'Reader', password: await hashPassword('reader123') })
    .returning();
  if (!menu || !role || !user) throw new Error('fixture rows not created');
  await db.insert(sysRoleMenu).values({ roleId: role.roleId, menuId: menu.menuId });
  await db.insert(sysUserRole).values({ userId: user.userId, roleId: role.roleId });
  reader = await t.login('reader', 'reader123');
});
afterAll(() => t.close());

const count = async () => (await t.database.db.select().from(sysPost)).length;

describe('/system/post', () => {
  it('lists with paging, filters and an allowlisted sort', async () => {
    const res = await admin.get('/prod-api/system/post/list', { pageNum: 1, pageSize: 2, orderByColumn: 'postCode', isAsc: 'desc' });
    expect(res.body).toMatchObject({ code: 200, total: 4 });
    expect(res.body.rows.map((r: { postCode: string }) => r.postCode)).toEqual(['writer', 'translator']);
    const filtered = await admin.get('/prod-api/system/post/list', { postName: '译' });
    expect(filtered.body.rows).toHaveLength(1);
  });

  it('refuses a sort column outside the allowlist, naming it', async () => {
    const res = await admin.get('/prod-api/system/post/list', { orderByColumn: 'password; drop table sys_user' });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('Cannot sort by password; drop table sys_user');
  });

  it('creates, updates and deletes, writing the operation log', async () => {
    expect((await admin.post('/prod-api/system/post', { postCode: 'qa', postName: 'QA', postSort: 9 })).body.code).toBe(200);
    const [row] = await t.database.db.select().from(sysPost).where(eq(sysPost.postCode, 'qa'));
    expect(row).toMatchObject({ postName: 'QA', createBy: 'admin' });
    const postId = row?.postId ?? 0;
    expect((await admin.put('/prod-api/system/post', { postId, postCode: 'qa', postName: 'Quality', postSort: 9 })).body.code).toBe(200);
    expect((await admin.get(`/prod-api/system/post/${postId}`)).body.data.postName).toBe('Quality');
    expect((await admin.delete(`/prod-api/system/post/${postId}`)).body.code).toBe(200);
    expect((await admin.get(`/prod-api/system/post/${postId}`)).status).toBe(404);
    const logs = await t.database.db.select().from(sysOperLog).where(eq(sysOperLog.title, 'post'));
    expect(logs.map((l) => l.businessType)).toEqual([1, 2, 3]);
    expect(logs.every((l) => l.operName === 'admin' && l.status === 0)).toBe(true);
  });

  it.each([
    [{ postCode: '', postName: 'X', postSort: 1 }, 'Post code is required'],
    [{ postCode: 'x', postName: 'X', postSort: -1 }, 'Order must not be less than 0'],
    [{ postCode: 'x', postName: 'X', postSort: 1, status: '7' }, 'Status must be one of: 0, 1'],
    [{ postCode: 'x'.repeat(65), postName: 'X', postSort: 1 }, 'Post code must be at most 64 characters'],
    [{ postCode: 5, postName: 'X', postSort: 1 }, 'Post code has the wrong type'],
    [{ postName: 'X', postSort: 1 }, 'Post code is required'],
  ])('refuses bad input %j naming the field, changing nothing', async (body, msg) => {
    const before = await count();
    const res = await admin.post('/prod-api/system/post', body);
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe(msg);
    expect(await count()).toBe(before);
  });

  it('refuses a duplicate name or code, and deleting a post in use', async () => {
    expect((await admin.post('/prod-api/system/post', { postCode: 'other', postName: '技术作者', postSort: 1 })).body.msg).toBe(
      'Post name "技术作者" already exists',
    );
    expect((await admin.post('/prod-api/system/post', { postCode: 'writer', postName: 'Other', postSort: 1 })).body.msg).toBe(
      'Post code "writer" already exists',
    );
    const inUse = await t.database.db.select().from(sysUserPost);
    expect((await admin.delete(`/prod-api/system/post/${inUse[0]?.postId}`)).body.msg).toMatch(/assigned to users/);
  });

  it("exports the filtered posts as a workbook with headings in the caller's language", async () => {
    const res = await admin.request({ method: 'POST', url: '/prod-api/system/post/export', payload: { postName: '译' } });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.bytes as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet?.getRow(1).getCell(2).text).toBe('Code');
    expect(sheet?.getRow(2).getCell(2).text).toBe('translator');
    expect(sheet?.rowCount).toBe(2);
  });

  it('lets a user with system:post:list list, and refuses it everything else', async () => {
    expect((await reader.get('/prod-api/system/post/list')).body.code).toBe(200);
    const before = await count();
    const res = await reader.post('/prod-api/system/post', { postCode: 'nope', postName: 'Nope', postSort: 1 });
    expect(res.status).toBe(403);
    expect(res.body.msg).toBe('The current operation has no permission');
    expect(await count()).toBe(before);
  });
});
