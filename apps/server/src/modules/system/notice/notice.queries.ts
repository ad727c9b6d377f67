import type { NoticeQuery } from '@ccms/contracts/system/notice';
import { and, count, desc, eq, inArray, isNull, like, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { sysNotice, sysNoticeRead } from '../../../db/schema';
import { orderBy, pageWindow } from '../../../platform/http/paging';

const sortable = { noticeId: sysNotice.noticeId, noticeTitle: sysNotice.noticeTitle, createTime: sysNotice.createTime, noticeType: sysNotice.noticeType };

function filters(q: NoticeQuery): SQL | undefined {
  return and(
    q.noticeTitle ? like(sysNotice.noticeTitle, `%${q.noticeTitle}%`) : undefined,
    q.noticeType ? eq(sysNotice.noticeType, q.noticeType) : undefined,
    q.createBy ? like(sysNotice.createBy, `%${q.createBy}%`) : undefined,
    q.status ? eq(sysNotice.status, q.status) : undefined,
  );
}

export async function listNotices(db: Db, q: NoticeQuery) {
  const where = filters(q);
  const { limit, offset } = pageWindow(q);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(sysNotice)
      .where(where)
      .orderBy(...orderBy(q, sortable, desc(sysNotice.noticeId)))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(sysNotice).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findNotice(db: Db, noticeId: number) {
  const [row] = await db.select().from(sysNotice).where(eq(sysNotice.noticeId, noticeId));
  return row;
}

/** Open notices (status 0) without a read mark, once joined to the user's marks. */
const unread = and(eq(sysNotice.status, '0'), isNull(sysNoticeRead.noticeId));

function unreadJoin(db: Db, userId: number) {
  return db
    .select({
      noticeId: sysNotice.noticeId,
      noticeTitle: sysNotice.noticeTitle,
      noticeType: sysNotice.noticeType,
      noticeContent: sysNotice.noticeContent,
      createBy: sysNotice.createBy,
      createTime: sysNotice.createTime,
    })
    .from(sysNotice)
    .leftJoin(sysNoticeRead, and(eq(sysNoticeRead.noticeId, sysNotice.noticeId), eq(sysNoticeRead.userId, userId)))
    .where(unread)
    .$dynamic();
}

export async function unreadNotices(db: Db, userId: number, limit: number) {
  const [rows, [total]] = await Promise.all([
    unreadJoin(db, userId).orderBy(desc(sysNotice.createTime), desc(sysNotice.noticeId)).limit(limit),
    db
      .select({ n: count() })
      .from(sysNotice)
      .leftJoin(sysNoticeRead, and(eq(sysNoticeRead.noticeId, sysNotice.noticeId), eq(sysNoticeRead.userId, userId)))
      .where(unread),
  ]);
  return { total: total?.n ?? 0, rows };
}

/** Read marks for these notices; one already there is kept with its first read time. */
export function markRead(db: Db | Tx, userId: number, noticeIds: number[]) {
  if (noticeIds.length === 0) return Promise.resolve();
  return db
    .insert(sysNoticeRead)
    .values(noticeIds.map((noticeId) => ({ noticeId, userId })))
    .onConflictDoNothing();
}

export async function unreadIds(db: Db, userId: number) {
  const rows = await unreadJoin(db, userId);
  return rows.map((r) => r.noticeId);
}

/** Notices and their read marks; call inside a transaction. */
export async function deleteNotices(tx: Tx, noticeIds: number[]) {
  await tx.delete(sysNoticeRead).where(inArray(sysNoticeRead.noticeId, noticeIds));
  await tx.delete(sysNotice).where(inArray(sysNotice.noticeId, noticeIds));
}
