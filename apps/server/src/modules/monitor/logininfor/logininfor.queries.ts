import type { LoginInfoQuery } from '@ccms/contracts/monitor/logininfor';
import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sysLogininfor, sysUser } from '../../../db/schema';
import { contains, withinRange } from '../../../platform/db/filters';
import { EXPORT_MAX_ROWS } from '../../../platform/http/excel';
import { orderBy, pageWindow } from '../../../platform/http/paging';

const sortable = { loginTime: sysLogininfor.loginTime, userName: sysLogininfor.userName };

function filters(q: LoginInfoQuery): SQL | undefined {
  return and(
    contains(sysLogininfor.ipaddr, q.ipaddr),
    contains(sysLogininfor.userName, q.userName),
    q.status ? eq(sysLogininfor.status, q.status) : undefined,
    withinRange(sysLogininfor.loginTime, q),
  );
}

export async function listLoginInfos(db: Db, q: LoginInfoQuery) {
  const where = filters(q);
  const order = orderBy(q, sortable, desc(sysLogininfor.infoId));
  const { limit, offset } = pageWindow(q);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(sysLogininfor)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(sysLogininfor).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export const loginInfosForExport = (db: Db, q: LoginInfoQuery) =>
  db
    .select()
    .from(sysLogininfor)
    .where(filters(q))
    .orderBy(...orderBy(q, sortable, desc(sysLogininfor.infoId)))
    .limit(EXPORT_MAX_ROWS);

export const deleteLoginInfos = (db: Db, ids: number[]) => db.delete(sysLogininfor).where(inArray(sysLogininfor.infoId, ids));

export const deleteAllLoginInfos = (db: Db) => db.delete(sysLogininfor);

/** Lifts the sign-in lock of a (not deleted) user; empty when there is no such user. */
export const clearLoginLock = (db: Db, userName: string) =>
  db
    .update(sysUser)
    .set({ lockedUntil: null, failedLogins: 0, loginFailures: [] })
    .where(and(eq(sysUser.userName, userName), eq(sysUser.delFlag, '0')))
    .returning({ userId: sysUser.userId });
