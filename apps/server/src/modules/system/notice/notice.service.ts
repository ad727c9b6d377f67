import type { NoticeBody, NoticeQuery, NoticeUpdate } from '@ccms/contracts/system/notice';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sysNotice } from '../../../db/schema';
import type { AuthContext } from '../../../platform/auth/access';
import { notFound } from '../../../platform/http/errors';
import { deleteNotices, findNotice, listNotices, markRead, unreadIds, unreadNotices } from './notice.queries';
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
  };
}
