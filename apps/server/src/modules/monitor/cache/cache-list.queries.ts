import { and, asc, eq, gt, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sysCaptcha, sysConfig, sysDictData, sysDictType, sysLoginFailure, sysSession, sysUser } from '../../../db/schema';

/** At most this many keys are listed per cache (RuoYi lists Redis keys by pattern, unbounded). */
export const KEY_LIMIT = 1000;

/** Live sessions, without their secret hash. */
const sessionColumns = {
  tokenId: sysSession.tokenId,
  userName: sysSession.userName,
  deptName: sysSession.deptName,
  ipaddr: sysSession.ipaddr,
  loginLocation: sysSession.loginLocation,
  browser: sysSession.browser,
  os: sysSession.os,
  loginTime: sysSession.loginTime,
  lastAccessTime: sysSession.lastAccessTime,
  expireTime: sysSession.expireTime,
};
const live = gt(sysSession.expireTime, sql`now()`);

export const sessionIds = async (db: Db) =>
  (await db.select({ id: sysSession.tokenId }).from(sysSession).where(live).orderBy(asc(sysSession.loginTime)).limit(KEY_LIMIT)).map((r) => r.id);
export const sessionOf = async (db: Db, tokenId: string) =>
  (
    await db
      .select(sessionColumns)
      .from(sysSession)
      .where(and(live, eq(sysSession.tokenId, tokenId)))
  )[0];
/** Ends sessions (one, or all), never `keep`: the caller clearing the cache stays signed in. */
export const endSessions = async (db: Db, keep: string, tokenId?: string) =>
  (
    await db
      .delete(sysSession)
      .where(and(ne(sysSession.tokenId, keep), tokenId ? eq(sysSession.tokenId, tokenId) : undefined))
      .returning({ tokenId: sysSession.tokenId })
  ).map((r) => r.tokenId);

export const configKeys = async (db: Db) =>
  (await db.select({ key: sysConfig.configKey }).from(sysConfig).orderBy(asc(sysConfig.configKey)).limit(KEY_LIMIT)).map((r) => r.key);
export const configOf = async (db: Db, configKey: string) =>
  (await db.select({ configKey: sysConfig.configKey, configValue: sysConfig.configValue }).from(sysConfig).where(eq(sysConfig.configKey, configKey)))[0];

export const dictTypes = async (db: Db) =>
  (await db.select({ type: sysDictType.dictType }).from(sysDictType).orderBy(asc(sysDictType.dictType)).limit(KEY_LIMIT)).map((r) => r.type);
export async function dictOf(db: Db, dictType: string) {
  const [type] = await db.select({ dictType: sysDictType.dictType }).from(sysDictType).where(eq(sysDictType.dictType, dictType));
  if (!type) return undefined;
  return db
    .select({ dictLabel: sysDictData.dictLabel, dictValue: sysDictData.dictValue, dictSort: sysDictData.dictSort, listClass: sysDictData.listClass })
    .from(sysDictData)
    .where(and(eq(sysDictData.dictType, dictType), eq(sysDictData.status, '0')))
    .orderBy(asc(sysDictData.dictSort), asc(sysDictData.dictCode));
}

export const captchaIds = async (db: Db) =>
  (await db.select({ uuid: sysCaptcha.uuid }).from(sysCaptcha).orderBy(asc(sysCaptcha.expireTime)).limit(KEY_LIMIT)).map((r) => r.uuid);
/** A captcha's expiry only: its answer is never shown. */
export const captchaOf = async (db: Db, uuid: string) =>
  (await db.select({ expireTime: sysCaptcha.expireTime }).from(sysCaptcha).where(eq(sysCaptcha.uuid, uuid)))[0];
export const deleteCaptchas = (db: Db, uuid?: string) => db.delete(sysCaptcha).where(uuid ? eq(sysCaptcha.uuid, uuid) : undefined);

const failureColumns = {
  userId: sysLoginFailure.userId,
  userName: sysUser.userName,
  ipaddr: sysLoginFailure.ipaddr,
  failures: sysLoginFailure.failures,
  lockedUntil: sysLoginFailure.lockedUntil,
};
const failureRows = (db: Db, where?: SQL) =>
  db.select(failureColumns).from(sysLoginFailure).innerJoin(sysUser, eq(sysUser.userId, sysLoginFailure.userId)).where(where);

export const failures = (db: Db) => failureRows(db).orderBy(asc(sysUser.userName), asc(sysLoginFailure.ipaddr)).limit(KEY_LIMIT);
export const failureOf = async (db: Db, userName: string, ipaddr: string) =>
  (await failureRows(db, and(eq(sysUser.userName, userName), eq(sysLoginFailure.ipaddr, ipaddr))))[0];
/** Lifts sign-in locks: one user at one address, or all. */
export const deleteFailures = (db: Db, one?: { userId: number; ipaddr: string }) =>
  db.delete(sysLoginFailure).where(one ? and(eq(sysLoginFailure.userId, one.userId), eq(sysLoginFailure.ipaddr, one.ipaddr)) : undefined);
