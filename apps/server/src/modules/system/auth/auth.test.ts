import { LOGIN_MAX_FAILURES } from '@ccms/contracts/constants';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness';
import { sysCaptcha, sysConfig, sysLogininfor, sysUser } from '../../../db/schema';
import { hashPassword } from '../../../platform/auth/password';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const password = await hashPassword('secret123');
  await t.database.db.insert(sysUser).values([
    { userName: 'locky', nickName: 'Locky', password },
    { userName: 'sleepy', nickName: 'Sleepy', password, status: '1' },
  ]);
});
afterAll(() => t.close());

const login = (username: string, password: string, extra: Record<string, string> = {}, lang = 'en') =>
  t.anonymous.request({ method: 'POST', url: '/prod-api/login', payload: { username, password, ...extra }, headers: { 'accept-language': lang } });

describe('POST /login', () => {
  it('signs the administrator in and getInfo answers admin with *:*:*', async () => {
    const admin = await t.login();
    const info = await admin.get('/prod-api/getInfo');
    expect(info.body.code).toBe(200);
    expect(info.body.user.userName).toBe('admin');
    expect(info.body.roles).toEqual(['admin']);
    expect(info.body.permissions).toEqual(['*:*:*']);
    expect(info.body.user).not.toHaveProperty('password');
  });

  it.each([
    ['', 'secret123', 'Please input user name.'],
    ['ab', 'secret123', 'User name must be 3 to 10 characters'],
    ['abcdefghijk', 'secret123', 'User name must be 3 to 10 characters'],
    ['admin', '', 'Please input password'],
    ['admin', '12345', 'Password must be 6 to 15 characters'],
    ['admin', '1234567890123456', 'Password must be 6 to 15 characters'],
  ])('refuses username %j password %j with the spec message', async (username, password, msg) => {
    const res = await login(username, password);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 400, msg });
  });

  it('answers in Chinese by default', async () => {
    const res = await t.anonymous.request({
      method: 'POST',
      url: '/prod-api/login',
      payload: { username: '', password: 'x' },
      headers: { 'accept-language': '' },
    });
    expect(res.body.msg).toBe('请输入您的账号');
  });

  it('refuses a wrong password and a disabled user with their own messages, and logs both', async () => {
    expect((await login('admin', 'wrongpass')).body.msg).toBe('Wrong user name or password');
    expect((await login('sleepy', 'secret123')).body.msg).toBe('Sorry, your account is disabled');
    const rows = await t.database.db.select().from(sysLogininfor).where(eq(sysLogininfor.userName, 'sleepy'));
    expect(rows.at(-1)).toMatchObject({ status: '1', msg: 'Sorry, your account is disabled' });
  });

  it(`locks the account after ${LOGIN_MAX_FAILURES} failures, even for the right password`, async () => {
    for (let i = 1; i < LOGIN_MAX_FAILURES; i++) expect((await login('locky', 'badbadbad')).body.msg).toBe('Wrong user name or password');
    expect((await login('locky', 'badbadbad')).body.msg).toMatch(/locked for 10 minutes/);
    expect((await login('locky', 'secret123')).body.msg).toMatch(/locked for 10 minutes/);
    await t.database.db
      .update(sysUser)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(sysUser.userName, 'locky'));
    expect((await login('locky', 'secret123')).body.code).toBe(200);
  });
});

describe('captcha', () => {
  it('is single use: the same answer does not work twice', async () => {
    await t.database.db.update(sysConfig).set({ configValue: 'true' }).where(eq(sysConfig.configKey, 'sys.account.captchaEnabled'));
    try {
      const image = await t.anonymous.get('/prod-api/captchaImage');
      expect(image.body.captchaEnabled).toBe(true);
      expect(Buffer.from(image.body.img, 'base64').toString()).toContain('<svg');
      const { uuid } = image.body;
      const answerOf = async (id: string) => (await t.database.db.select().from(sysCaptcha).where(eq(sysCaptcha.uuid, id)))[0]?.code ?? '';
      const code = await answerOf(uuid);
      expect((await login('admin', 'admin123', { uuid: 'nope', code })).body.msg).toBe('The captcha has expired');
      expect((await login('admin', 'admin123', { uuid, code: `${code}9` })).body.msg).toBe('The captcha is wrong');
      const again = await t.anonymous.get('/prod-api/captchaImage');
      const fresh = await answerOf(again.body.uuid);
      expect((await login('admin', 'admin123', { uuid: again.body.uuid, code: fresh })).body.code).toBe(200);
      expect((await login('admin', 'admin123', { uuid: again.body.uuid, code: fresh })).body.msg).toBe('The captcha has expired');
    } finally {
      await t.database.db.update(sysConfig).set({ configValue: 'false' }).where(eq(sysConfig.configKey, 'sys.account.captchaEnabled'));
    }
  });
});

describe('session', () => {
  it('logout ends the session: the token answers 401 afterwards', async () => {
    const admin = await t.login();
    expect((await admin.get('/prod-api/getInfo')).status).toBe(200);
    expect((await admin.post('/prod-api/logout')).body.code).toBe(200);
    const after = await admin.get('/prod-api/getInfo');
    expect(after.status).toBe(401);
    expect(after.body.msg).toBe('Invalid session, or the session has expired, please log in again.');
  });

  it('a forged token is refused', async () => {
    const res = await t.anonymous.request({ method: 'GET', url: '/prod-api/getInfo', headers: { authorization: 'Bearer x.y.z' } });
    expect(res.status).toBe(401);
  });
});

describe('GET /getRouters', () => {
  it('gives the administrator the menu tree with titles in both languages', async () => {
    const admin = await t.login();
    const res = await admin.get('/prod-api/getRouters');
    expect(res.body.code).toBe(200);
    const system = res.body.data.find((n: { path: string }) => n.path === '/system');
    expect(system).toMatchObject({ component: 'Layout', alwaysShow: true, redirect: 'noRedirect' });
    expect(system.meta.titles).toEqual({ zh: '系统管理', en: 'System' });
    expect(system.meta.title).toBe('System');
  });
});

describe('POST /register', () => {
  it('is refused while sys.account.registerUser is off', async () => {
    const res = await t.anonymous.post('/prod-api/register', { username: 'newbie', password: 'secret123' });
    expect(res.body.code).toBe(400);
    expect(res.body.msg).toMatch(/Registration is not open/);
  });
});
