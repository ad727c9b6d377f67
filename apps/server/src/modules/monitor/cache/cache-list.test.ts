import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerWith } from '../../../../test/callers';
import { type Caller, createTestApp, type TestApp } from '../../../../test/harness';
import { sysCaptcha, sysConfig, sysLoginFailure, sysSession, sysUser } from '../../../db/schema';
import { DICT_CACHE_PREFIX } from '../../../platform/cache/keys';

let t: TestApp;
let admin: Caller;
let watcher: Caller;

const sessions = () => t.database.db.select({ tokenId: sysSession.tokenId, userName: sysSession.userName }).from(sysSession);
const userId = async (userName: string) => (await t.database.db.select().from(sysUser).where(eq(sysUser.userName, userName)))[0]?.userId ?? 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  watcher = await callerWith(t, 'watcher', ['monitor:cache:list']);
  await callerWith(t, 'nobody', []);
  await t.database.db.insert(sysCaptcha).values({ uuid: 'cap-1', code: '4821', expireTime: new Date(Date.now() + 60_000) });
  await t.database.db.insert(sysLoginFailure).values({ userId: await userId('nobody'), ipaddr: '10.0.0.9', failures: [new Date()], lockedUntil: null });
  await t.database.db.update(sysConfig).set({ configValue: 'hunter2-secret' }).where(eq(sysConfig.configKey, 'mail.smtp.password'));
});
afterAll(() => t.close());

describe('RuoYi cache list over the server stores', () => {
  it('lists the caches by RuoYi name with remarks in the caller language', async () => {
    const res = await watcher.get('/prod-api/monitor/cache/getNames');
    expect(res.body.code).toBe(200);
    expect(res.body.data.map((c: { cacheName: string }) => c.cacheName)).toEqual([
      'login_tokens:',
      'session:',
      'sys_config:',
      'sys_dict:',
      'captcha_codes:',
      'pwd_err_cnt:',
    ]);
    expect(res.body.data[0].remark).toContain('never the token');
    // The sessions' fast path lives in Redis only: without REDIS_URL it holds nothing.
    expect(res.body.data[1].remark).toContain('with REDIS_URL only');
    expect((await watcher.get('/prod-api/monitor/cache/getKeys/session:')).body.data).toEqual([]);
    const zh = await watcher.request({ method: 'GET', url: '/prod-api/monitor/cache/getNames', headers: { 'accept-language': 'zh-CN' } });
    expect(zh.body.data[0].remark).toContain('用户会话');
  });

  it('lists keys and shows values without secrets: no token, no captcha answer, masked secret parameters', async () => {
    const tokens = (await watcher.get('/prod-api/monitor/cache/getKeys/login_tokens:')).body.data as string[];
    const own = await sessions();
    expect(tokens.sort()).toEqual(own.map((s) => `login_tokens:${s.tokenId}`).sort());
    const adminSession = own.find((s) => s.userName === 'admin');
    const session = await watcher.get(`/prod-api/monitor/cache/getValue/login_tokens:/login_tokens:${adminSession?.tokenId}`);
    expect(session.body.data).toMatchObject({ cacheName: 'login_tokens:', cacheKey: `login_tokens:${adminSession?.tokenId}` });
    const value = JSON.parse(session.body.data.cacheValue);
    expect(value).toMatchObject({ userName: 'admin', ipaddr: expect.any(String), loginTime: expect.any(String) });
    expect(Object.keys(value)).not.toContain('secretHash');
    expect(session.raw).not.toContain(admin.token);

    const captcha = await watcher.get('/prod-api/monitor/cache/getValue/captcha_codes:/captcha_codes:cap-1');
    expect(JSON.parse(captcha.body.data.cacheValue)).toEqual({ expireTime: expect.any(String) });
    expect(captcha.raw).not.toContain('4821');

    expect((await watcher.get('/prod-api/monitor/cache/getKeys/sys_config:')).body.data).toContain('sys_config:sys.account.captchaEnabled');
    const secret = await watcher.get('/prod-api/monitor/cache/getValue/sys_config:/sys_config:mail.smtp.password');
    expect(secret.body.data.cacheValue).not.toContain('hunter2');
    expect((await watcher.get('/prod-api/monitor/cache/getValue/sys_config:/sys_config:sys.account.captchaEnabled')).body.data.cacheValue).toBe('false');

    expect((await watcher.get('/prod-api/monitor/cache/getKeys/sys_dict:')).body.data).toContain('sys_dict:sys_user_sex');
    const dict = JSON.parse((await watcher.get('/prod-api/monitor/cache/getValue/sys_dict:/sys_dict:sys_user_sex')).body.data.cacheValue);
    expect(dict.map((d: { dictValue: string }) => d.dictValue)).toEqual(expect.arrayContaining(['0', '1']));

    expect((await watcher.get('/prod-api/monitor/cache/getKeys/pwd_err_cnt:')).body.data).toEqual(['pwd_err_cnt:nobody@10.0.0.9']);
    const failure = JSON.parse((await watcher.get('/prod-api/monitor/cache/getValue/pwd_err_cnt:/pwd_err_cnt:nobody@10.0.0.9')).body.data.cacheValue);
    expect(failure).toMatchObject({ userName: 'nobody', ipaddr: '10.0.0.9', failures: 1 });
    expect((await watcher.get('/prod-api/monitor/cache/getValue/captcha_codes:/captcha_codes:nope')).status).toBe(404);
  });

  it('refuses a cache name or key it does not know, naming the field', async () => {
    const name = await watcher.get('/prod-api/monitor/cache/getKeys/redis:');
    expect(name.status).toBe(400);
    expect(name.body.msg).toContain('Cache name must be one of');
    const mismatch = await watcher.get('/prod-api/monitor/cache/getValue/sys_dict:/sys_config:sys.index.skinName');
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.msg).toBe('Cache key is not in a valid format');
    const before = await sessions();
    const key = await watcher.delete('/prod-api/monitor/cache/clearCacheKey/unknown:thing');
    expect(key.status).toBe(400);
    expect(key.body.msg).toBe('Cache key is not in a valid format');
    expect(await sessions()).toEqual(before);
  });

  it('clears for real: a key, a cache, all; the clearing session stays, parameters are read from the database after', async () => {
    expect((await watcher.delete('/prod-api/monitor/cache/clearCacheKey/pwd_err_cnt:nobody@10.0.0.9')).body.code).toBe(200);
    expect(await t.database.db.select().from(sysLoginFailure)).toEqual([]);
    expect((await watcher.delete('/prod-api/monitor/cache/clearCacheName/captcha_codes:')).body.code).toBe(200);
    expect(await t.database.db.select().from(sysCaptcha)).toEqual([]);

    const other = await callerWith(t, 'other', []);
    expect((await other.get('/prod-api/getInfo')).status).toBe(200);
    const otherToken = (await sessions()).find((s) => s.userName === 'other')?.tokenId;
    expect((await watcher.delete(`/prod-api/monitor/cache/clearCacheKey/login_tokens:${otherToken}`)).body.code).toBe(200);
    expect((await other.get('/prod-api/getInfo')).status).toBe(401);

    expect((await watcher.delete('/prod-api/monitor/cache/clearCacheAll')).body.code).toBe(200);
    expect((await admin.get('/prod-api/getInfo')).status).toBe(401);
    expect((await watcher.get('/prod-api/getInfo')).status).toBe(200);
    expect((await sessions()).map((s) => s.userName)).toEqual(['watcher']);
    // Dictionaries are held in the cache store once read: clearing "sys_dict:" drops them there.
    expect((await watcher.get('/prod-api/system/dict/data/type/sys_user_sex')).body.code).toBe(200);
    expect(await t.app.cache.keys(DICT_CACHE_PREFIX)).toContain('sys_dict:sys_user_sex');
    expect((await watcher.delete('/prod-api/monitor/cache/clearCacheName/sys_dict:')).body.code).toBe(200);
    expect(await t.app.cache.keys(DICT_CACHE_PREFIX)).toEqual([]);
    // Parameters are not held in memory: a cleared "sys_config:" still answers what the database holds.
    await t.database.db.update(sysConfig).set({ configValue: 'true' }).where(eq(sysConfig.configKey, 'sys.account.captchaEnabled'));
    expect((await watcher.get('/prod-api/monitor/cache/getValue/sys_config:/sys_config:sys.account.captchaEnabled')).body.data.cacheValue).toBe('true');
    await t.database.db.update(sysConfig).set({ configValue: 'false' }).where(eq(sysConfig.configKey, 'sys.account.captchaEnabled'));
  });

  it('needs monitor:cache:list for every call', async () => {
    // Signed in after the clear-all above.
    const nobody = await callerWith(t, 'denied', []);
    const before = await sessions();
    for (const res of [
      await nobody.get('/prod-api/monitor/cache/getNames'),
      await nobody.get('/prod-api/monitor/cache/getKeys/login_tokens:'),
      await nobody.get('/prod-api/monitor/cache/getValue/sys_dict:/sys_dict:sys_user_sex'),
      await nobody.delete('/prod-api/monitor/cache/clearCacheName/login_tokens:'),
      await nobody.delete('/prod-api/monitor/cache/clearCacheKey/captcha_codes:x'),
      await nobody.delete('/prod-api/monitor/cache/clearCacheAll'),
    ]) {
      expect(res.status).toBe(403);
    }
    expect(await sessions()).toEqual(before);
  });
});
