import { SECRET_MASK } from '@ccms/contracts/system/config';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, createTestApp, type TestApp } from '../../../../test/harness';
import { sysConfig, sysUser } from '../../../db/schema';
import { multipart, workbook } from './test-fixtures';

const API = '/prod-api/system/user';
const INIT = 'init123';

let t: TestApp;
let admin: Caller;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterAll(() => t.close());

const setInitPassword = (value: string) => t.database.db.update(sysConfig).set({ configValue: value }).where(eq(sysConfig.configKey, 'sys.user.initPassword'));
const userRow = async (userName: string) => (await t.database.db.select().from(sysUser).where(eq(sysUser.userName, userName)))[0];
const signIn = (username: string, password: string) => t.anonymous.post('/prod-api/login', { username, password });

describe('the masked initial password (RuoYi user page fills its form from configKey)', () => {
  it('a new user given the mask gets the configured initial password and must change it', async () => {
    await setInitPassword(INIT);
    // What RuoYi's user page reads and puts into the new user's password.
    const shown = await admin.get(`/prod-api/system/config/configKey/sys.user.initPassword`);
    expect(shown.body.msg).toBe(SECRET_MASK);
    expect((await admin.post(API, { userName: 'masked1', nickName: 'Masked', password: shown.body.msg })).body.code).toBe(200);
    expect((await userRow('masked1'))?.pwdChangeRequired).toBe(true);
    expect((await signIn('masked1', SECRET_MASK)).body).toMatchObject({ code: 400, msg: 'Wrong user name or password' });
    const user = await t.login('masked1', INIT);
    expect((await user.get('/prod-api/getInfo')).body).toMatchObject({ isDefaultModifyPwd: true, pwdChangeRequired: true });
  });

  it('a reset to the mask sets the initial password, and forces the change even on oneself', async () => {
    await setInitPassword(INIT);
    expect((await admin.post(API, { userName: 'masked2', nickName: 'Masked', password: 'own12345' })).body.code).toBe(200);
    const row = await userRow('masked2');
    expect((await admin.put(`${API}/resetPwd`, { userId: row?.userId, password: SECRET_MASK })).body.code).toBe(200);
    expect((await signIn('masked2', SECRET_MASK)).body.code).toBe(400);
    expect((await signIn('masked2', 'own12345')).body.code).toBe(400);
    expect((await signIn('masked2', INIT)).body.code).toBe(200);
    expect((await userRow('masked2'))?.pwdChangeRequired).toBe(true);

    // The administrator resets their own password to the mask: the initial password, to be changed at once.
    const self = await t.login('masked2', INIT);
    expect((await self.put('/prod-api/system/user/profile/updatePwd', { oldPassword: INIT, newPassword: 'mine12345' })).body.code).toBe(200);
    expect((await userRow('masked2'))?.pwdChangeRequired).toBe(false);
    expect((await admin.put(`${API}/resetPwd`, { userId: 1, password: SECRET_MASK })).body.code).toBe(200);
    expect((await userRow('admin'))?.pwdChangeRequired).toBe(true);
    const again = await t.login('admin', INIT);
    expect((await again.put('/prod-api/system/user/profile/updatePwd', { oldPassword: INIT, newPassword: 'admin123' })).body.code).toBe(200);
    admin = await t.login();
  });

  it('without an initial password, the mask is refused naming the password, and nothing changes', async () => {
    await setInitPassword('');
    const created = await admin.post(API, { userName: 'masked3', nickName: 'Masked', password: SECRET_MASK });
    expect(created.body).toEqual({
      code: 400,
      msg: 'Password cannot be ****** (the masked initial password): sys.user.initPassword (initial password) is not set, so type a password',
    });
    expect(await userRow('masked3')).toBeUndefined();
    expect((await admin.post(API, { userName: 'masked3', nickName: 'Masked', password: 'own12345' })).body.code).toBe(200);
    const row = await userRow('masked3');
    const zh = await admin.request({
      method: 'PUT',
      url: `${API}/resetPwd`,
      payload: { userId: row?.userId, password: SECRET_MASK },
      headers: { 'accept-language': 'zh' },
    });
    expect(zh.body).toEqual({ code: 400, msg: '密码不能为 ******（账号初始密码的掩码）：参数 sys.user.initPassword（账号初始密码）未设置，请输入密码' });
    expect((await signIn('masked3', 'own12345')).body.code).toBe(200);
    expect((await userRow('masked3'))?.pwdChangeRequired).toBe(false);
  });
});

describe('import outcome in msg (RuoYi importData)', () => {
  it('lists the failed rows one per <br/>, in the caller language, markup from the sheet escaped', async () => {
    await setInitPassword(INIT);
    const file = await workbook([
      ['User name', 'Nickname'],
      ['<i>q</i>', 'Markup'],
      ['<i>q</i>', 'Twice'],
      ['imp_ok', 'Fine'],
      ['imp_nonick', ''],
    ]);
    const { payload, headers } = multipart([{ name: 'file', filename: 'users.xlsx', content: file }]);
    const res = await admin.request({ method: 'POST', url: `${API}/importData`, payload, headers: { ...headers, 'accept-language': 'zh' } });
    expect(res.body.msg).toBe(
      '很抱歉，部分数据导入失败！导入完成：成功 2 条，失败 2 条，错误如下：' +
        '<br/>1、第 3 行：新增用户“&lt;i&gt;q&lt;/i&gt;”失败，登录账号已存在<br/>2、第 5 行：用户名称不能为空',
    );
    expect(res.body.data).toMatchObject({ summary: '导入完成：成功 2 条，失败 2 条', successCount: 2, failureCount: 2 });
    expect(res.body.data.rows.map((r: { row: number; ok: boolean }) => [r.row, r.ok])).toEqual([
      [2, true],
      [3, false],
      [4, true],
      [5, false],
    ]);
    const ok = multipart([
      {
        name: 'file',
        filename: 'users.xlsx',
        content: await workbook([
          ['User name', 'Nickname'],
          ['imp_two', 'Two'],
        ]),
      },
    ]);
    const all = await admin.request({ method: 'POST', url: `${API}/importData`, payload: ok.payload, headers: { ...ok.headers, 'accept-language': 'zh' } });
    expect(all.body).toMatchObject({ code: 200, msg: '恭喜您，数据已全部导入成功！共 1 条，数据如下：<br/>1、第 2 行：账号“imp_two”导入成功' });
  });
});
