import { randomBytes, randomUUID } from 'node:crypto';
import { and, desc, eq, lt, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sysSession, sysUser } from '../../db/schema';
import { type AuthContext, accessOf, deptNameOf, enabledRolesJson, menuPermsJson } from './access';
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
    await db.delete(sysSession).where(and(eq(sysSession.userId, user.userId), notInArray(sysSession.tokenId, keep)));
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

/**
 * The live session a token or ticket proves, refreshed by use; null when the proof does not match
 * the row's secret, or the session ended, expired or its user is gone or disabled.
 */
export async function resolveSession(db: Db, proof: SessionProof, idleMinutes: number): Promise<AuthContext | null> {
  const { tokenId } = proof;
  const [row] = await sessionQuery(db).execute({ tokenId });
  if (!row || !proof.matches(row.secretHash)) return null;
  const now = Date.now();
  if (row.expireTime.getTime() <= now || row.status !== '0' || row.delFlag !== '0') {
    await db.delete(sysSession).where(eq(sysSession.tokenId, tokenId));
    return null;
  }
  if (now - row.lastAccessTime.getTime() > TOUCH_AFTER_MS) {
    await db
      .update(sysSession)
      .set({ lastAccessTime: new Date(now), expireTime: new Date(now + idleMinutes * 60_000) })
      .where(eq(sysSession.tokenId, tokenId));
  }
  return {
    tokenId,
    sessionHash: row.secretHash,
    userId: row.userId,
    userName: row.userName,
    nickName: row.nickName,
    deptId: row.deptId,
    deptName: row.deptName,
    pwdChangeRequired: row.pwdChangeRequired,
    ...accessOf(row.roles ?? [], row.perms ?? []),
  };
}

export const endSession = (db: Db, tokenId: string) => db.delete(sysSession).where(eq(sysSession.tokenId, tokenId));

export const endSessionsOfUser = (db: Db, userId: number) => db.delete(sysSession).where(eq(sysSession.userId, userId));

export const purgeExpiredSessions = (db: Db) => db.delete(sysSession).where(lt(sysSession.expireTime, sql`now()`));
