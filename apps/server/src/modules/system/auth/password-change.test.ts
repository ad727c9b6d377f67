import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, createTestApp, type TestApp } from '../../../../test/harness';
import { sysConfig, sysUser } from '../../../db/schema';
import { multipart, workbook } from '../user/test-fixtures';

let t: TestApp;
let admin: Caller;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  await t.database.db.update(sysConfig).set({ configValue: 'init123' }).where(eq(sysConfig.configKey, 'sys.user.initPassword'));
});
afterAll(() => t.close());

const required = async (userName: string) =>
  (await t.database.db.select({ r: sysUser.pwdChangeRequired }).from(sysUser).where(eq(sysUser.userName, userName)))[0]?.r;

/** Signed in with a password someone else chose: only getInfo, the change and sign-out answer. */
async function expectOnlyPasswordChange(user: Caller, oldPassword: string) {
  expect((await user.get('/prod-api/getInfo')).body).toMatchObject({ code: 200, pwdChangeRequired: true });
  const refused = await user.get('/prod-api/system/user/profile');
  expect(refused.status).toBe(403);
  expect(refused.body.msg).toBe('Someone else set your password (initial password or reset): change it first');
  expect((await user.get('/prod-api/getRouters')).status).toBe(403);
  const changed = await user.put('/prod-api/system/user/profile/updatePwd', { oldPassword, newPassword: 'mine12345' });
  expect(changed.body.code).toBe(200);
  expect((await user.get('/prod-api/getInfo')).body.pwdChangeRequired).toBe(false);
  expect((await user.get('/prod-api/system/user/profile')).status).toBe(200);
}

describe('forced password change', () => {
  it('attack: signing in as an imported user with the initial password gives nothing but the password change', async () => {
    const file = await workbook([
      ['User name', 'Nickname'],
      ['imported', 'Imported'],
    ]);
    const { payload, headers } = multipart([{ name: 'file', filename: 'users.xlsx', content: file }]);
    expect((await admin.request({ method: 'POST', url: '/prod-api/system/user/importData', payload, headers })).body.code).toBe(200);
    expect(await required('imported')).toBe(true);
    const user = await t.login('imported', 'init123');
    await expectOnlyPasswordChange(user, 'init123');
  });

  it('applies to a user an administrator creates with the initial password or whose password an administrator resets', async () => {
    const body = { userName: 'givenpw', nickName: 'Given', password: 'init123' };
    expect((await admin.post('/prod-api/system/user', body)).body.code).toBe(200);
    expect(await required('givenpw')).toBe(true);
    expect((await admin.post('/prod-api/system/user', { ...body, userName: 'ownpw', password: 'chosen123' })).body.code).toBe(200);
    expect(await required('ownpw')).toBe(false);
    const own = await t.login('ownpw', 'chosen123');
    expect((await own.get('/prod-api/system/user/profile')).status).toBe(200);

    const [row] = await t.database.db.select().from(sysUser).where(eq(sysUser.userName, 'ownpw'));
    expect((await admin.put('/prod-api/system/user/resetPwd', { userId: row?.userId, password: 'reset1234' })).body.code).toBe(200);
    const reset = await t.login('ownpw', 'reset1234');
    const zh = await reset.request({ method: 'GET', url: '/prod-api/system/user/profile', headers: { 'accept-language': 'zh' } });
    expect(zh.body.msg).toBe('您的密码由他人设置（初始密码或重置），请先修改密码');
    await expectOnlyPasswordChange(reset, 'reset1234');
    // Sign-out stays open.
    expect((await (await t.login('givenpw', 'init123')).post('/prod-api/logout')).body.code).toBe(200);
  });

  it('does not apply to the seeded administrator', async () => {
    expect((await admin.get('/prod-api/getInfo')).body.pwdChangeRequired).toBe(false);
    expect((await admin.get('/prod-api/system/user/profile')).status).toBe(200);
  });
});
