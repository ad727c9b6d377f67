import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysSession } from '../src/db/schema';
import { type Caller, createTestApp, type TestApp } from './harness';

/**
 * Session idle expiry without sleeping: the session row's last use (and the deadline derived
 * from it) is moved back in the database, then the token is used.
 */
const MIN = 60_000;

async function sessionOf(t: TestApp, caller: Caller) {
  const tokenId = (await t.app.tokens.read(caller.token ?? ''))?.tokenId ?? '';
  const [row] = await t.database.db.select().from(sysSession).where(eq(sysSession.tokenId, tokenId));
  if (!row) throw new Error('no session row');
  return row;
}

/** Pretends the session was last used `idleMs` ago with an idle limit of `limitMinutes`. */
async function idleFor(t: TestApp, caller: Caller, idleMs: number, limitMinutes: number) {
  const { tokenId } = await sessionOf(t, caller);
  const last = Date.now() - idleMs;
  await t.database.db
    .update(sysSession)
    .set({ lastAccessTime: new Date(last), expireTime: new Date(last + limitMinutes * MIN) })
    .where(eq(sysSession.tokenId, tokenId));
}

const near = (actual: number, expected: number) => expect(Math.abs(actual - expected)).toBeLessThan(10_000);

describe('with the default idle limit (30 minutes)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('gives a new session 30 minutes', async () => {
    const row = await sessionOf(t, await t.login());
    near(row.expireTime.getTime() - row.loginTime.getTime(), 30 * MIN);
  });

  it('answers 401 to a session idle for longer, and drops its row', async () => {
    const caller = await t.login();
    const { tokenId } = await sessionOf(t, caller);
    await idleFor(t, caller, 31 * MIN, 30);
    const res = await caller.get('/prod-api/getInfo');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ code: 401, msg: 'Invalid session, or the session has expired, please log in again.' });
    expect(await t.database.db.select().from(sysSession).where(eq(sysSession.tokenId, tokenId))).toEqual([]);
  });

  it('extends a session on use: idle 29 minutes, used, then good for another 30', async () => {
    const caller = await t.login();
    await idleFor(t, caller, 29 * MIN, 30);
    expect((await caller.get('/prod-api/getInfo')).status).toBe(200);
    const row = await sessionOf(t, caller);
    near(row.lastAccessTime.getTime(), Date.now());
    // It would have ended a minute later; the use moved the deadline 30 minutes out.
    near(row.expireTime.getTime(), Date.now() + 30 * MIN);
  });
});

describe('CCMS_SESSION_IDLE_MINUTES', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { CCMS_SESSION_IDLE_MINUTES: '5' } });
  });
  afterAll(() => t.close());

  it('sets the idle limit of new sessions and of each extension', async () => {
    const caller = await t.login();
    const row = await sessionOf(t, caller);
    near(row.expireTime.getTime() - row.loginTime.getTime(), 5 * MIN);
    await idleFor(t, caller, 4 * MIN, 5);
    expect((await caller.get('/prod-api/getInfo')).status).toBe(200);
    near((await sessionOf(t, caller)).expireTime.getTime(), Date.now() + 5 * MIN);
  });

  it('ends a session idle for 6 minutes, which the default would have kept', async () => {
    const caller = await t.login();
    await idleFor(t, caller, 6 * MIN, 5);
    expect((await caller.get('/prod-api/getInfo')).status).toBe(401);
  });
});

/**
 * Issue 28 item 1: whoever reads the signing key (a leaked secrets/jwt-secret) and a session id
 * (the online users list shows them) could sign a token for that session. Each session row has
 * its own random secret, which only its token carries: a token or ticket without it is refused.
 */
describe('a token made with the signing key alone', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const forged = (claims: Record<string, unknown>) =>
    new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().sign(new TextEncoder().encode(t.app.secrets.jwtSecret));

  it("is refused for the administrator's live session, which keeps working", async () => {
    const admin = await t.login();
    const online = await admin.get('/prod-api/monitor/online/list');
    const row = (online.body.rows as { tokenId: string; userName: string }[]).find((r) => r.userName === 'admin');
    const tokenId = row?.tokenId ?? '';
    expect(tokenId).not.toBe('');
    // The monitor lists the session but never its secret.
    expect(JSON.stringify(online.body)).not.toMatch(/secret/i);
    for (const claims of [{ sid: tokenId }, { sid: tokenId, sk: 'guessed' }, { sid: tokenId, sk: '' }]) {
      const res = await t.anonymous.request({ method: 'GET', url: '/prod-api/getInfo', headers: { authorization: `Bearer ${await forged(claims)}` } });
      expect(res.status).toBe(401);
      expect(res.body.code).toBe(401);
    }
    // The forgeries neither ended nor changed the real session; signing in still works.
    expect((await admin.get('/prod-api/getInfo')).body).toMatchObject({ code: 200, user: { userName: 'admin' } });
    const fresh = await t.login();
    expect((await fresh.get('/prod-api/getInfo')).status).toBe(200);
  });

  it("is refused as a stream ticket signed with the stored-credential key but without the session row's secret", async () => {
    const admin = await t.login();
    const tokenId = (await t.app.tokens.read(admin.token ?? ''))?.tokenId ?? '';
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    // Signed as tickets were before the session secret: the scope (0, the notice stream), expiry and session id.
    const payload = `0.${(Date.now() + 3_600_000).toString(36)}.${tokenId}`;
    const ticket = `${payload}.${createHmac('sha256', `media-ticket:${t.app.secrets.secretKey}`).update(payload).digest('base64url')}`;
    const controller = new AbortController();
    const res = await fetch(`${address}/prod-api/system/notification/stream?ticket=${encodeURIComponent(ticket)}`, { signal: controller.signal });
    controller.abort();
    expect(res.status).toBe(401);
  });

  it('leaves a session row from before the secret existed unusable', async () => {
    const admin = await t.login();
    const tokenId = (await t.app.tokens.read(admin.token ?? ''))?.tokenId ?? '';
    await t.database.db.update(sysSession).set({ secretHash: '' }).where(eq(sysSession.tokenId, tokenId));
    expect((await admin.get('/prod-api/getInfo')).status).toBe(401);
  });
});
