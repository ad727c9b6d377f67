import type { NoticeQuery, NoticeReadUsersQuery } from '@ccms/contracts/system/notice';
import { and, count, desc, eq, inArray, isNull, like, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { sysDept, sysNotice, sysNoticeRead, sysUser } from '../../../db/schema';
import { containing } from '../../../platform/db/filters';
import { orderBy, pageWindow } from '../../../platform/http/paging';

const sortable = { noticeId: sysNotice.noticeId, noticeTitle: sysNotice.noticeTitle, createTime: sysNotice.createTime, noticeType: sysNotice.noticeType };

function filters(q: NoticeQuery): SQL | undefined {
  return and(
    q.noticeTitle ? like(sysNotice.noticeTitle, containing(q.noticeTitle)) : undefined,
    q.noticeType ? eq(sysNotice.noticeType, q.noticeType) : undefined,
    q.createBy ? like(sysNotice.createBy, containing(q.createBy)) : undefined,
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

/** What a notice list row shows (the bell and the unread list). */
const NOTICE_COLUMNS = {
  noticeId: sysNotice.noticeId,
  noticeTitle: sysNotice.noticeTitle,
  noticeType: sysNotice.noticeType,
  noticeContent: sysNotice.noticeContent,
  createBy: sysNotice.createBy,
  createTime: sysNotice.createTime,
};

/** Open notices (status 0) without a read mark, once joined to the user's marks. */
const unread = and(eq(sysNotice.status, '0'), isNull(sysNoticeRead.noticeId));

function unreadJoin(db: Db, userId: number) {
  return db
    .select(NOTICE_COLUMNS)
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

/** The latest open notices (status 0), each with whether this user has read it (RuoYi's listTop). */
export async function latestWithReadFlag(db: Db, userId: number, limit: number) {
  return db
    .select({
      ...NOTICE_COLUMNS,
      isRead: sql<boolean>`${sysNoticeRead.noticeId} IS NOT NULL`,
    })
    .from(sysNotice)
    .leftJoin(sysNoticeRead, and(eq(sysNoticeRead.noticeId, sysNotice.noticeId), eq(sysNoticeRead.userId, userId)))
    .where(eq(sysNotice.status, '0'))
    .orderBy(desc(sysNotice.createTime), desc(sysNotice.noticeId))
    .limit(limit);
}

/** Of these ids, the open notices (status 0) that exist: only they are marked read. */
export async function openNoticeIds(db: Db, noticeIds: number[]) {
  if (noticeIds.length === 0) return [];
  const found = await db
    .select({ noticeId: sysNotice.noticeId })
    .from(sysNotice)
    .where(and(inArray(sysNotice.noticeId, noticeIds), eq(sysNotice.status, '0')));
  return found.map((r) => r.noticeId);
}

/** Who read a notice, latest first, by page; `searchValue` matches part of the user name or nickname. */
export async function readUsers(db: Db, q: NoticeReadUsersQuery) {
  const where = and(
    eq(sysNoticeRead.noticeId, q.noticeId),
    q.searchValue ? or(like(sysUser.userName, containing(q.searchValue)), like(sysUser.nickName, containing(q.searchValue))) : undefined,
  );
  const { limit, offset } = pageWindow(q);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        userId: sysUser.userId,
        userName: sysUser.userName,
        nickName: sysUser.nickName,
        deptName: sql<string>`coalesce(${sysDept.deptName}, '')`,
        phonenumber: sysUser.phonenumber,
        readTime: sysNoticeRead.readTime,
      })
      .from(sysNoticeRead)
      .innerJoin(sysUser, eq(sysUser.userId, sysNoticeRead.userId))
      .leftJoin(sysDept, eq(sysDept.deptId, sysUser.deptId))
      .where(where)
      .orderBy(desc(sysNoticeRead.readTime), desc(sysUser.userId))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(sysNoticeRead).innerJoin(sysUser, eq(sysUser.userId, sysNoticeRead.userId)).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
