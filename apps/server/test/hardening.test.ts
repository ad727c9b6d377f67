import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysConfig, sysSession, sysUser } from '../src/db/schema';
import { hashPassword } from '../src/platform/auth/password';
import { APP_CSP, SANDBOX_CSP, securityHeaders } from '../src/platform/http/security-headers';
import { type Caller, createTestApp, type TestApp } from './harness';

/** Issue 12 item 12: headers, sandboxed file views, docs behind sign-in, strict resetPwd, a session cap. */
let t: TestApp;
let admin: Caller;
beforeAll(async () => {
  t = await createTestApp({ env: { CCMS_SESSIONS_PER_USER: '3' } });
  admin = await t.login();
});
afterAll(() => t.close());

describe('security headers', () => {
  it('answers nosniff, a referrer policy and a CSP that only our own pages may frame', async () => {
    const api = await admin.get('/prod-api/getInfo');
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    expect(api.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(api.headers['content-security-policy']).toBe("frame-ancestors 'self'");
    const page = await t.anonymous.get('/some/page');
    expect(page.headers['content-security-policy']).toBe(APP_CSP);
    expect(APP_CSP).toContain("script-src 'self';");
    expect(APP_CSP).toContain("style-src 'self' 'unsafe-inline'");
  });

  it('attack: an HTML file viewed inline from the API runs no script (sandbox CSP)', async () => {
    const app = Fastify();
    await app.register(securityHeaders, { apiBase: '/prod-api' });
    app.get('/prod-api/view', async (_req, reply) => reply.type('text/html').header('content-disposition', 'inline').send('<script>steal()</script>'));
    app.get('/prod-api/image', async (_req, reply) => reply.type('image/svg+xml').send('<svg onload="steal()"/>'));
    app.get('/prod-api/pdf', async (_req, reply) => reply.type('application/pdf').send('%PDF'));
    expect((await app.inject('/prod-api/view')).headers['content-security-policy']).toBe(SANDBOX_CSP);
    expect((await app.inject('/prod-api/image')).headers['content-security-policy']).toBe(SANDBOX_CSP);
    expect((await app.inject('/prod-api/pdf')).headers['content-security-policy']).toBe("frame-ancestors 'self'");
    expect(SANDBOX_CSP).toMatch(/^sandbox;/);
    expect(SANDBOX_CSP).not.toContain('allow-scripts');
    await app.close();
  });
});

describe('OpenAPI docs', () => {
  it('attack: anyone reads the API description without signing in; now only with a session (header or the web cookie) or when made public', async () => {
    expect((await t.anonymous.get('/prod-api/swagger/json')).status).toBe(401);
    expect((await t.anonymous.get('/prod-api/swagger/')).status).toBe(401);
    expect((await admin.get('/prod-api/swagger/json')).body.openapi).toMatch(/^3\./);
    const cookie = await t.anonymous.request({ method: 'GET', url: '/prod-api/swagger/json', headers: { cookie: `Admin-Token=${admin.token}` } });
    expect(cookie.status).toBe(200);
    // The cookie does not count for the API itself (it would invite cross-site requests).
    expect((await t.anonymous.request({ method: 'GET', url: '/prod-api/getInfo', headers: { cookie: `Admin-Token=${admin.token}` } })).status).toBe(401);
    await t.database.db.update(sysConfig).set({ configValue: 'true' }).where(eq(sysConfig.configKey, 'sys.api.docsPublic'));
    expect((await t.anonymous.get('/prod-api/swagger/json')).status).toBe(200);
    await t.database.db.update(sysConfig).set({ configValue: 'false' }).where(eq(sysConfig.configKey, 'sys.api.docsPublic'));
  });
});

describe('resetPwd', () => {
  it('attack: extra fields ride along with a password reset; refused like on the other routes', async () => {
    const [user] = await t.database.db
      .insert(sysUser)
      .values({ userName: 'rider', nickName: 'Rider', password: await hashPassword('secret123') })
      .returning();
    const res = await admin.put('/prod-api/system/user/resetPwd', { userId: user?.userId, password: 'newpass123', status: '1' });
    expect(res.body).toEqual({ code: 400, msg: 'Unsupported field: status' });
    expect((await t.login('rider', 'secret123')).token).toBeTruthy();
  });
});

describe('sessions per user', () => {
  it('attack: a stolen password piles up sessions; beyond the cap the least recently used end', async () => {
    await t.database.db.insert(sysUser).values({ userName: 'many', nickName: 'Many', password: await hashPassword('secret123') });
    const sessions: Caller[] = [];
    for (let i = 0; i < 4; i++) sessions.push(await t.login('many', 'secret123'));
    const [first, ...rest] = sessions;
    expect((await first?.get('/prod-api/getInfo'))?.status).toBe(401);
    for (const s of rest) expect((await s.get('/prod-api/getInfo')).status).toBe(200);
    const [user] = await t.database.db.select().from(sysUser).where(eq(sysUser.userName, 'many'));
    expect(
      await t.database.db
        .select()
        .from(sysSession)
        .where(eq(sysSession.userId, user?.userId ?? 0)),
    ).toHaveLength(3);
  });
});
