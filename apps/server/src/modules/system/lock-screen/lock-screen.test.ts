import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerWith } from '../../../../test/callers';
import { ADMIN_PASSWORD, type Caller, createTestApp, type TestApp } from '../../../../test/harness';

let t: TestApp;
let admin: Caller;

// The unlock is held to the sign-in form's pace: CCMS_LOGIN_RATE_LIMIT requests a minute from an address.
const LIMIT = 8;
beforeAll(async () => {
  t = await createTestApp({ env: { CCMS_LOGIN_RATE_LIMIT: String(LIMIT) } });
  admin = await t.login();
});
afterAll(() => t.close());

describe('POST /unlockscreen (RuoYi 3.9 lock screen)', () => {
  it("unlocks with the signed-in user's own password", async () => {
    const res = await admin.post('/prod-api/unlockscreen', { password: ADMIN_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(200);
  });

  it('answers code 500 with a message for a wrong password, or for another user’s, and the session stays', async () => {
    const wrong = await admin.post('/prod-api/unlockscreen', { password: 'not-the-password' });
    expect(wrong.body).toEqual({ code: 500, msg: 'Wrong password, please try again' });
    const zh = await admin.request({ method: 'POST', url: '/prod-api/unlockscreen', payload: { password: 'x' }, headers: { 'accept-language': 'zh-CN' } });
    expect(zh.body.msg).toBe('密码错误，请重新输入');
    // Another user's password does not unlock the admin's screen.
    const plain = await callerWith(t, 'locker', []);
    expect((await plain.post('/prod-api/unlockscreen', { password: ADMIN_PASSWORD })).body.code).toBe(500);
    expect((await admin.get('/prod-api/getInfo')).body.code).toBe(200);
  });

  it('refuses a missing password naming the field, and an anonymous caller', async () => {
    const none = await admin.post('/prod-api/unlockscreen', {});
    expect(none.status).toBe(400);
    expect(none.body.msg).toBe('Password is required');
    expect((await t.anonymous.post('/prod-api/unlockscreen', { password: ADMIN_PASSWORD })).status).toBe(401);
  });

  it('holds password guesses through a session to the sign-in pace: then even the right one waits, and the session stays', async () => {
    let answer = await admin.post('/prod-api/unlockscreen', { password: 'guess-0' });
    for (let i = 1; i <= LIMIT && answer.status !== 429; i++) answer = await admin.post('/prod-api/unlockscreen', { password: `guess-${i}` });
    expect(answer.status).toBe(429);
    expect((await admin.post('/prod-api/unlockscreen', { password: ADMIN_PASSWORD })).status).toBe(429);
    expect((await admin.get('/prod-api/getInfo')).body.code).toBe(200);
  });
});
