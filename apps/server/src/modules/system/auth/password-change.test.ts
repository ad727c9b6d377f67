import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, createTestApp, type TestApp } from '../../../../test/harness';
import { sysConfig, sysUser } from '../../../db/schema';
import { multipart, workbook } from '../user/test-fixtures';
import { blankImage, encodePng } from './png';

const PNG = encodePng(blankImage(4, 4, [200, 100, 50]));

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

/** Signed in with a password someone else chose: getInfo, the menu, the own profile, the change and sign-out answer. */
async function expectOnlyPasswordChange(user: Caller, oldPassword: string) {
  // Ours and RuoYi's flags: RuoYi's client reads isDefaultModifyPwd and leads to its password form.
  expect((await user.get('/prod-api/getInfo')).body).toMatchObject({ code: 200, pwdChangeRequired: true, isDefaultModifyPwd: true, isPasswordExpired: false });
  // RuoYi's client builds its shell from getRouters before it shows that prompt; the profile page holds the form.
  const routers = await user.get('/prod-api/getRouters');
  expect(routers.status).toBe(200);
  expect(routers.body.code).toBe(200);
  expect(Array.isArray(routers.body.data)).toBe(true);
  // The header bell RuoYi's client calls on every page load.
  expect((await user.get('/prod-api/system/notice/listTop')).body).toMatchObject({ code: 200, unreadCount: expect.any(Number) });
  const profile = await user.get('/prod-api/system/user/profile');
  expect(profile.body).toMatchObject({ code: 200, data: { userName: profile.body.data.userName } });
  const { nickName, email, phonenumber, sex } = profile.body.data;
  expect((await user.put('/prod-api/system/user/profile', { nickName: `${nickName}x`, email, phonenumber, sex })).body.code).toBe(200);
  const avatar = multipart([{ name: 'avatarfile', filename: 'me.png', content: PNG, contentType: 'image/png' }]);
  expect((await user.request({ method: 'POST', url: '/prod-api/system/user/profile/avatar', ...avatar })).body.code).toBe(200);
  // Everything else stays refused until the password changes.
  for (const url of ['/prod-api/ccms/mxView/list', '/prod-api/ccms/doctype/optionselect', '/prod-api/system/user/list']) {
    const refused = await user.get(url);
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('Someone else set your password (initial password or reset): change it first');
  }
  const changed = await user.put('/prod-api/system/user/profile/updatePwd', { oldPassword, newPassword: 'mine12345' });
  expect(changed.body.code).toBe(200);
  expect((await user.get('/prod-api/getInfo')).body).toMatchObject({ pwdChangeRequired: false, isDefaultModifyPwd: false });
  expect((await user.get('/prod-api/ccms/doctype/optionselect')).status).toBe(200);
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
    const zh = await reset.request({ method: 'GET', url: '/prod-api/system/user/list', headers: { 'accept-language': 'zh' } });
    expect(zh.body.msg).toBe('您的密码由他人设置（初始密码或重置），请先修改密码');
    await expectOnlyPasswordChange(reset, 'reset1234');
    // Sign-out stays open.
    expect((await (await t.login('givenpw', 'init123')).post('/prod-api/logout')).body.code).toBe(200);
  });

  it('does not apply to the seeded administrator', async () => {
    expect((await admin.get('/prod-api/getInfo')).body).toMatchObject({ pwdChangeRequired: false, isDefaultModifyPwd: false, isPasswordExpired: false });
    expect((await admin.get('/prod-api/system/user/profile')).status).toBe(200);
  });
});

describe('password validity (sys.account.passwordValidateDays, RuoYi isPasswordExpired)', () => {
  const setDays = (days: string) =>
    t.database.db.update(sysConfig).set({ configValue: days }).where(eq(sysConfig.configKey, 'sys.account.passwordValidateDays'));
  const changedDaysAgo = (userName: string, days: number | null) =>
    t.database.db
      .update(sysUser)
      .set({ pwdUpdateDate: days === null ? null : new Date(Date.now() - days * 86_400_000) })
      .where(eq(sysUser.userName, userName));

  it('says a password older than the validity has expired, without locking anything (RuoYi only prompts)', async () => {
    expect((await admin.post('/prod-api/system/user', { userName: 'agedpw', nickName: 'Aged', password: 'aged12345' })).body.code).toBe(200);
    const user = await t.login('agedpw', 'aged12345');
    const flags = async () => {
      const { isDefaultModifyPwd, isPasswordExpired } = (await user.get('/prod-api/getInfo')).body;
      return { isDefaultModifyPwd, isPasswordExpired };
    };
    await changedDaysAgo('agedpw', 100);
    // 0 (the seeded value) means passwords never expire.
    expect(await flags()).toEqual({ isDefaultModifyPwd: false, isPasswordExpired: false });
    try {
      await setDays('90');
      expect(await flags()).toEqual({ isDefaultModifyPwd: false, isPasswordExpired: true });
      expect((await user.get('/prod-api/ccms/doctype/optionselect')).status).toBe(200);
      await changedDaysAgo('agedpw', 89);
      expect((await flags()).isPasswordExpired).toBe(false);
      // Never recorded counts as expired, as in RuoYi.
      await changedDaysAgo('agedpw', null);
      expect((await flags()).isPasswordExpired).toBe(true);
      // Changing it starts the period again.
      expect((await user.put('/prod-api/system/user/profile/updatePwd', { oldPassword: 'aged12345', newPassword: 'fresh12345' })).body.code).toBe(200);
      expect((await flags()).isPasswordExpired).toBe(false);
    } finally {
      await setDays('0');
    }
  });
});
