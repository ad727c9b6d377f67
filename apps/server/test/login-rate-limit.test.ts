import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysConfig, sysLogininfor, sysUser } from '../src/db/schema';
import { createTestApp, type TestApp } from './harness';

/** Sign-in and registration share the per-address limit CCMS_LOGIN_RATE_LIMIT (per minute), each counted on its own. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { CCMS_LOGIN_RATE_LIMIT: '3' } });
  await t.database.db.update(sysConfig).set({ configValue: 'true' }).where(eq(sysConfig.configKey, 'sys.account.registerUser'));
});
afterAll(() => t.close());

const lastAttempt = async () => (await t.database.db.select().from(sysLogininfor).orderBy(desc(sysLogininfor.infoId)).limit(1))[0];
const post = (url: string, payload: Record<string, string>, lang = 'en') =>
  t.anonymous.request({ method: 'POST', url, payload, headers: { 'accept-language': lang, 'user-agent': 'curl/8.5.0' } });

describe('POST /login', () => {
  it('answers 429 past the limit, even for the right password, and logs the refusal with the name given', async () => {
    for (let i = 0; i < 3; i++) expect((await post('/prod-api/login', { username: 'admin', password: 'wrongpass' })).status).toBe(400);
    const limited = await post('/prod-api/login', { username: 'admin', password: 'admin123' });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ code: 429, msg: 'Too many requests, please try again later' });
    expect(await lastAttempt()).toMatchObject({
      userName: 'admin',
      ipaddr: '127.0.0.1',
      status: '1',
      msg: 'Too many requests, please try again later',
    });
    const zh = await post('/prod-api/login', { username: 'someone', password: 'x' }, 'zh');
    expect(zh.status).toBe(429);
    expect(await lastAttempt()).toMatchObject({ userName: 'someone', status: '1', msg: '请求过于频繁，请稍后再试' });
  });
});

describe('POST /register', () => {
  it('is limited the same way, and the refusal is logged', async () => {
    const form = (username: string) => ({ username, password: 'secret123', confirmPassword: 'secret123' });
    expect((await post('/prod-api/register', form('first'))).body.code).toBe(200);
    expect((await post('/prod-api/register', form('second'))).body.code).toBe(200);
    expect((await post('/prod-api/register', form('ab'))).status).toBe(400);
    const limited = await post('/prod-api/register', form('fourth'));
    expect(limited.status).toBe(429);
    expect(await t.database.db.select().from(sysUser).where(eq(sysUser.userName, 'fourth'))).toEqual([]);
    expect(await lastAttempt()).toMatchObject({ userName: 'fourth', status: '1', msg: 'Too many requests, please try again later' });
  });
});
