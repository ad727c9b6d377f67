import { randomBytes, randomUUID } from 'node:crypto';
import { and, desc, eq, lt, ne, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sysSession, sysUser } from '../../db/schema';
import { type AuthContext, accessOf, deptNameOf, enabledRolesJson, menuPermsJson } from './access';
import type { CachedSession, SessionCache } from './session-cache';
import { type SessionKey, type SessionProof, sessionSecretHash } from './token';

/** Refresh the idle deadline at most this often, so reads do not all write. */
const TOUCH_AFTER_MS = 30_000;

export interface ClientInfo {
  ip: string;
  browser: string;
  os: string;
}

/**
 * A new session row with its own random secret, of which the row keeps only the hash (the token
 * carries the secret); beyond `maxPerUser` live sessions of the user, the least recently used end
 * (the caller's new one is the most recent, so it stays).
 */
export async function createSession(
  db: Db,
  sessions: SessionCache,
  user: { userId: number; userName: string; deptId: number | null },
  client: ClientInfo,
  idleMinutes: number,
  maxPerUser = Number.POSITIVE_INFINITY,
): Promise<SessionKey> {
  const tokenId = randomUUID();
  const secret = randomBytes(32).toString('base64url');
  const now = new Date();
  await db.insert(sysSession).values({
    tokenId,
    secretHash: sessionSecretHash(secret),
    userId: user.userId,
    userName: user.userName,
    deptName: await deptNameOf(db, user.deptId),
    ipaddr: client.ip,
    browser: client.browser,
    os: client.os,
    loginTime: now,
    lastAccessTime: now,
    expireTime: new Date(now.getTime() + idleMinutes * 60_000),
  });
  if (Number.isFinite(maxPerUser)) {
    const keep = db
      .select({ tokenId: sysSession.tokenId })
      .from(sysSession)
      .where(eq(sysSession.userId, user.userId))
      .orderBy(desc(sysSession.lastAccessTime), desc(sysSession.loginTime))
      .limit(maxPerUser);
    const ended = await db
      .delete(sysSession)
      .where(and(eq(sysSession.userId, user.userId), notInArray(sysSession.tokenId, keep)))
      .returning({ tokenId: sysSession.tokenId });
    await sessions.ended(ended.map((s) => s.tokenId));
  }
  return { tokenId, secret };
}

/**
 * One round trip: the session, its user, the user's enabled roles and their menus' permissions.
 * Every signed-in request runs it, so it is built once per database and sent as a named
 * statement: PostgreSQL parses and plans it once per connection instead of once per request.
 */
function buildSessionQuery(db: Db) {
  return db
    .select({
      secretHash: sysSession.secretHash,
      expireTime: sysSession.expireTime,
      lastAccessTime: sysSession.lastAccessTime,
      deptName: sysSession.deptName,
      ipaddr: sysSession.ipaddr,
      loginTime: sysSession.loginTime,
      userId: sysUser.userId,
      userName: sysUser.userName,
      nickName: sysUser.nickName,
      deptId: sysUser.deptId,
      status: sysUser.status,
      delFlag: sysUser.delFlag,
      pwdChangeRequired: sysUser.pwdChangeRequired,
      // The user id as static SQL text, so the subqueries always name the outer row's.
      roles: enabledRolesJson(sql`sys_user.user_id`),
      perms: menuPermsJson(sql`sys_user.user_id`),
    })
    .from(sysSession)
    .innerJoin(sysUser, eq(sysUser.userId, sysSession.userId))
    .where(eq(sysSession.tokenId, sql.placeholder('tokenId')))
    .prepare('ccms_session_resolve');
}
const sessionQueries = new WeakMap<Db, ReturnType<typeof buildSessionQuery>>();
function sessionQuery(db: Db) {
  let query = sessionQueries.get(db);
  if (!query) {
    query = buildSessionQuery(db);
    sessionQueries.set(db, query);
  }
  return query;
}

/** The caller a resolved session makes. */
function contextOf(tokenId: string, s: Omit<CachedSession, 'stamp' | 'readAt'>): AuthContext {
  return {
    tokenId,
    sessionHash: s.secretHash,
    userId: s.userId,
    userName: s.userName,
    nickName: s.nickName,
    deptId: s.deptId,
    deptName: s.deptName,
    pwdChangeRequired: s.pwdChangeRequired,
    ...accessOf(s.roles, s.perms),
  };
}

/**
 * The live session a token or ticket proves, refreshed by use; null when the proof does not match
 * the row's secret, or the session ended, expired or its user is gone or disabled. With Redis the
 * session is first looked up there (one MGET, see session-cache.ts) and the database is read only
 * on a miss; the idle deadline is written to the database as without it, at most every 30 s.
 */
export async function resolveSession(db: Db, sessions: SessionCache, proof: SessionProof, idleMinutes: number): Promise<AuthContext | null> {
  const { tokenId } = proof;
  const lookup = await sessions.lookup(tokenId);
  if (lookup?.ended) return null;
  const held = lookup?.entry;
  if (lookup && held && sessions.current(held, lookup)) {
    if (!proof.matches(held.secretHash)) return null;
    const now = Date.now();
    if (now - held.lastAccessTime <= TOUCH_AFTER_MS) return contextOf(tokenId, held);
    const touched = await db
      .update(sysSession)
      .set({ lastAccessTime: new Date(now), expireTime: new Date(now + idleMinutes * 60_000) })
      .where(eq(sysSession.tokenId, tokenId))
      .returning({ tokenId: sysSession.tokenId });
    // The row went without the server ending it (deleted in the database): so does the session.
    if (touched.length === 0) {
      await sessions.ended([tokenId]);
      return null;
    }
    await sessions.keep(tokenId, { ...held, lastAccessTime: now, expireTime: now + idleMinutes * 60_000 }, lookup);
    return contextOf(tokenId, held);
  }

  const [row] = await sessionQuery(db).execute({ tokenId });
  if (!row || !proof.matches(row.secretHash)) return null;
  const now = Date.now();
  if (row.expireTime.getTime() <= now || row.status !== '0' || row.delFlag !== '0') {
    await db.delete(sysSession).where(eq(sysSession.tokenId, tokenId));
    await sessions.ended([tokenId]);
    return null;
  }
  let lastAccessTime = row.lastAccessTime.getTime();
  let expireTime = row.expireTime.getTime();
  if (now - lastAccessTime > TOUCH_AFTER_MS) {
    lastAccessTime = now;
    expireTime = now + idleMinutes * 60_000;
    await db
      .update(sysSession)
      .set({ lastAccessTime: new Date(lastAccessTime), expireTime: new Date(expireTime) })
      .where(eq(sysSession.tokenId, tokenId));
  }
  const resolved = {
    secretHash: row.secretHash,
    expireTime,
    lastAccessTime,
    loginTime: row.loginTime.getTime(),
    ipaddr: row.ipaddr,
    userId: row.userId,
    userName: row.userName,
    nickName: row.nickName,
    deptId: row.deptId,
    deptName: row.deptName,
    pwdChangeRequired: row.pwdChangeRequired,
    roles: row.roles ?? [],
    perms: row.perms ?? [],
  };
  // Tagged with the stamp read before the database was: a change committed meanwhile has set another.
  if (lookup?.stamp) await sessions.keep(tokenId, { ...resolved, stamp: lookup.stamp, readAt: lookup.at }, lookup);
  else if (lookup) await sessions.startStamp();
  return contextOf(tokenId, resolved);
}

/** Ends a session (sign-out): from the next request on, on every node. */
export async function endSession(db: Db, sessions: SessionCache, tokenId: string): Promise<void> {
  await db.delete(sysSession).where(eq(sysSession.tokenId, tokenId));
  await sessions.ended([tokenId]);
}

/**
 * Ends the sessions of a user (but `keepTokenId`, the caller's own, when given). Call it after the
 * transaction that made the reason commits: the sessions' copies in Redis are dropped here.
 */
export async function endSessionsOfUser(db: Db, sessions: SessionCache, userId: number, keepTokenId?: string): Promise<void> {
  const ended = await db
    .delete(sysSession)
    .where(and(eq(sysSession.userId, userId), keepTokenId === undefined ? undefined : ne(sysSession.tokenId, keepTokenId)))
    .returning({ tokenId: sysSession.tokenId });
  await sessions.ended(ended.map((s) => s.tokenId));
}

/** Removes expired sessions; answers how many. Their copies go too (expired, they were never served). */
export async function purgeExpiredSessions(db: Db, sessions: SessionCache): Promise<number> {
  const removed = await db.delete(sysSession).where(lt(sysSession.expireTime, sql`now()`)).returning({ tokenId: sysSession.tokenId });
  await sessions.forget(removed.map((s) => s.tokenId));
  return removed.length;
}
