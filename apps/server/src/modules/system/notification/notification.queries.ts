import type { NotificationQuery } from '@ccms/contracts/system/notification';
import { and, count, desc, eq, inArray, isNotNull, isNull, ne, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sysNotification, sysNotificationPref, sysUser } from '../../../db/schema';
import { pageWindow } from '../../../platform/http/paging';

export type NotificationRow = typeof sysNotification.$inferSelect;
export type NotificationPrefRow = typeof sysNotificationPref.$inferSelect;
export type NewNotification = typeof sysNotification.$inferInsert;

export async function insertNotifications(db: Db, rows: NewNotification[]) {
  if (rows.length === 0) return [];
  return db.insert(sysNotification).values(rows).returning({ notificationId: sysNotification.notificationId, userId: sysNotification.userId });
}

function filters(userId: number, q: NotificationQuery): SQL | undefined {
  return and(
    eq(sysNotification.userId, userId),
    q.read === '0' ? isNull(sysNotification.readTime) : q.read === '1' ? isNotNull(sysNotification.readTime) : undefined,
    q.event ? eq(sysNotification.event, q.event) : undefined,
  );
}

/** One user's notices, newest first. */
export async function listNotifications(db: Db, userId: number, q: NotificationQuery) {
  const where = filters(userId, q);
  const { limit, offset } = pageWindow(q);
  const [rows, [total]] = await Promise.all([
    db.select().from(sysNotification).where(where).orderBy(desc(sysNotification.notificationId)).limit(limit).offset(offset),
    db.select({ n: count() }).from(sysNotification).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function unreadCount(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(sysNotification)
    .where(and(eq(sysNotification.userId, userId), isNull(sysNotification.readTime)));
  return row?.n ?? 0;
}

/** Marks one of the user's notices read; 0 when it is not theirs or does not exist. */
export async function markRead(db: Db, userId: number, notificationId: number): Promise<number> {
  const done = await db
    .update(sysNotification)
    .set({ readTime: new Date() })
    .where(and(eq(sysNotification.notificationId, notificationId), eq(sysNotification.userId, userId), isNull(sysNotification.readTime)))
    .returning({ id: sysNotification.notificationId });
  if (done.length > 0) return done.length;
  const [exists] = await db
    .select({ id: sysNotification.notificationId })
    .from(sysNotification)
    .where(and(eq(sysNotification.notificationId, notificationId), eq(sysNotification.userId, userId)));
  return exists ? 1 : 0;
}

export const markAllRead = (db: Db, userId: number) =>
  db
    .update(sysNotification)
    .set({ readTime: new Date() })
    .where(and(eq(sysNotification.userId, userId), isNull(sysNotification.readTime)));

export async function prefsOf(db: Db, userIds: number[]): Promise<Map<number, NotificationPrefRow>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.select().from(sysNotificationPref).where(inArray(sysNotificationPref.userId, userIds));
  return new Map(rows.map((r) => [r.userId, r]));
}

export const savePrefs = (db: Db, row: Omit<NotificationPrefRow, 'updateTime'>) =>
  db
    .insert(sysNotificationPref)
    .values({ ...row, updateTime: new Date() })
    .onConflictDoUpdate({
      target: sysNotificationPref.userId,
      set: { lang: row.lang, langChosen: row.langChosen, events: row.events, updateTime: new Date() },
    });

/**
 * Follows the language of a user's interface (each call their web makes), so texts sent to them use
 * it; a language the user chose on the notice settings stays.
 */
export const rememberLanguage = (db: Db, userId: number, lang: string) =>
  db
    .insert(sysNotificationPref)
    .values({ userId, lang })
    .onConflictDoUpdate({
      target: sysNotificationPref.userId,
      set: { lang, updateTime: new Date() },
      setWhere: and(eq(sysNotificationPref.langChosen, false), ne(sysNotificationPref.lang, lang)),
    });

/** Who a mail can go to: enabled users that are not deleted. */
export async function mailRecipient(db: Db, userId: number) {
  const [row] = await db
    .select({ userId: sysUser.userId, email: sysUser.email, nickName: sysUser.nickName })
    .from(sysUser)
    .where(and(eq(sysUser.userId, userId), eq(sysUser.status, '0'), eq(sysUser.delFlag, '0')));
  return row;
}
