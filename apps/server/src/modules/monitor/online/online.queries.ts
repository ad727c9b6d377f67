import type { OnlineQuery } from '@ccms/contracts/monitor/online';
import { and, asc, count, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sysSession } from '../../../db/schema';
import { contains } from '../../../platform/db/filters';
import { orderBy, pageWindow } from '../../../platform/http/paging';

const live = (q: Partial<OnlineQuery>) =>
  and(gt(sysSession.expireTime, sql`now()`), contains(sysSession.ipaddr, q.ipaddr), contains(sysSession.userName, q.userName));

/** The columns the list sorts by (orderByColumn); anything else is a 400. */
const sortable = {
  userName: sysSession.userName,
  deptName: sysSession.deptName,
  ipaddr: sysSession.ipaddr,
  loginLocation: sysSession.loginLocation,
  browser: sysSession.browser,
  os: sysSession.os,
  loginTime: sysSession.loginTime,
  lastAccessTime: sysSession.lastAccessTime,
};

/** Sessions that have not expired, newest sign-in first unless orderByColumn says otherwise. */
export async function listOnline(db: Db, q: OnlineQuery) {
  const where = live(q);
  const { limit, offset } = pageWindow(q);
  const order = orderBy(q, sortable, desc(sysSession.loginTime));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(sysSession)
      .where(where)
      .orderBy(...order, asc(sysSession.tokenId))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(sysSession).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export const deleteSession = (db: Db, tokenId: string) =>
  db.delete(sysSession).where(eq(sysSession.tokenId, tokenId)).returning({ tokenId: sysSession.tokenId });
