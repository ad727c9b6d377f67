import type { Notice, NoticeBody, NoticeQuery, NoticeUpdate } from '@ccms/contracts/system/notice';
import type { z } from 'zod';
import { byUrl } from '../../../api/client';

/** What the list's search form holds. */
export type NoticeFilters = Pick<NoticeQuery, 'noticeTitle' | 'noticeType' | 'createBy' | 'status'>;
/** A page of notices. */
export type NoticeListParams = z.input<typeof NoticeQuery>;
export type NoticeSave = NoticeBody | NoticeUpdate;

/** Notices administration (server: modules/system/notice); the top bar's unread bell is elsewhere. Screens use `notice-queries.ts`. */
export const noticeApi = {
  list: (params: NoticeListParams) => byUrl.list<Notice>('/system/notice/list', params),
  get: (noticeId: number) => byUrl.one<Notice>(`/system/notice/${noticeId}`),
  /** Adds when the body has no `noticeId`, else updates. */
  save: (body: NoticeSave) => ('noticeId' in body ? byUrl.put('/system/notice', body) : byUrl.post('/system/notice', body)),
  remove: (ids: readonly number[]) => byUrl.delete(`/system/notice/${ids.join(',')}`),
};
