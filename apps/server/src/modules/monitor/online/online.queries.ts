import type { OnlineQuery } from '@ccms/contracts/monitor/online';
import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sysSession } from '../../../db/schema';
import { pageWindow } from '../../../platform/http/paging';
import { contains } from '../operlog/filters';

const live = (q: Partial<OnlineQuery>) =>
  and(gt(sysSession.expireTime, sql`now()`), contains(sysSession.ipaddr, q.ipaddr), contains(sysSession.userName, q.userName));

/** Sessions that have not expired, newest sign-in first. */
export async function listOnline(db: Db, q: OnlineQuery) {
  const where = live(q);
  const { limit, offset } = pageWindow(q);
  const [rows, [total]] = await Promise.all([
    db.select().from(sysSession).where(where).orderBy(desc(sysSession.loginTime)).limit(limit).offset(offset),
    db.select({ n: count() }).from(sysSession).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export const deleteSession = (db: Db, tokenId: string) =>
  db.delete(sysSession).where(eq(sysSession.tokenId, tokenId)).returning({ tokenId: sysSession.tokenId });
