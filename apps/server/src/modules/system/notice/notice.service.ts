import type { NoticeBody, NoticeQuery, NoticeReadUsersQuery, NoticeUpdate } from '@ccms/contracts/system/notice';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sysNotice } from '../../../db/schema';
import type { AuthContext } from '../../../platform/auth/access';
import { notFound } from '../../../platform/http/errors';
import { deleteNotices, findNotice, latestWithReadFlag, listNotices, markRead, openNoticeIds, readUsers, unreadIds, unreadNotices } from './notice.queries';

/** How many notices the header bell lists (RuoYi 3.9 lists five). */
const TOP_NOTICES = 5;

import { sanitizeNoticeHtml } from './notice-html';

/** Notices and announcements (RuoYi's SysNoticeController) with per-user read marks. */
export function noticeService(db: Db) {
  async function load(noticeId: number) {
    const row = await findNotice(db, noticeId);
    if (!row) throw notFound('notFound.row', { what: `notice ${noticeId}` });
    return row;
  }

  return {
    list: (q: NoticeQuery) => listNotices(db, q),
    get: load,

    async create(auth: AuthContext, body: NoticeBody) {
      await db.insert(sysNotice).values({ ...body, noticeContent: sanitizeNoticeHtml(body.noticeContent), remark: body.remark ?? '', createBy: auth.userName });
    },

    async update(auth: AuthContext, body: NoticeUpdate) {
      const { noticeId, ...fields } = body;
      await load(noticeId);
      await db
        .update(sysNotice)
        .set({
          ...fields,
          noticeContent: sanitizeNoticeHtml(fields.noticeContent),
          remark: fields.remark ?? '',
          updateBy: auth.userName,
          updateTime: new Date(),
        })
        .where(eq(sysNotice.noticeId, noticeId));
    },

    remove: (noticeIds: number[]) => db.transaction((tx) => deleteNotices(tx, noticeIds)),

    unread: (auth: AuthContext, limit: number) => unreadNotices(db, auth.userId, limit),

    async markRead(auth: AuthContext, noticeId: number) {
      await load(noticeId);
      await markRead(db, auth.userId, [noticeId]);
    },

    async markAllRead(auth: AuthContext) {
      await markRead(db, auth.userId, await unreadIds(db, auth.userId));
    },

    /** RuoYi's listTop: the latest open notices with the caller's read flags, and how many of them are unread. */
    async top(auth: AuthContext) {
      const data = await latestWithReadFlag(db, auth.userId, TOP_NOTICES);
      return { data, unreadCount: data.filter((n) => !n.isRead).length };
    },

    /** RuoYi's markReadAll: the listed notices (those that exist and are open), or every unread one without a list. */
    async markListedRead(auth: AuthContext, noticeIds: number[] | undefined) {
      const ids = noticeIds ? await openNoticeIds(db, noticeIds) : await unreadIds(db, auth.userId);
      await markRead(db, auth.userId, ids);
    },

    async readers(q: NoticeReadUsersQuery) {
      await load(q.noticeId);
      return readUsers(db, q);
    },
  };
}
