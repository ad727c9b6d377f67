import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysSession } from '../src/db/schema';
import { type Caller, createTestApp, type TestApp } from './harness';

/**
 * Session idle expiry without sleeping: the session row's last use (and the deadline derived
 * from it) is moved back in the database, then the token is used.
 */
const MIN = 60_000;

async function sessionOf(t: TestApp, caller: Caller) {
  const tokenId = (await t.app.tokens.read(caller.token ?? '')) ?? '';
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
