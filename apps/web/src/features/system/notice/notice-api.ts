import type { Notice, NoticeBody, NoticeQuery, NoticeUpdate } from '@ccms/contracts/system/notice';
import type { z } from 'zod';
import { api } from '../../../api/client';

/** What the list's search form holds. */
export type NoticeFilters = Pick<NoticeQuery, 'noticeTitle' | 'noticeType' | 'createBy' | 'status'>;
/** A page of notices. */
export type NoticeListParams = z.input<typeof NoticeQuery>;
export type NoticeSave = NoticeBody | NoticeUpdate;

/** Notices administration (server: modules/system/notice); the top bar's unread bell is elsewhere. Screens use `notice-queries.ts`. */
export const noticeApi = {
  list: (params: NoticeListParams) => api.list<Notice>('/system/notice/list', params),
  get: (noticeId: number) => api.one<Notice>(`/system/notice/${noticeId}`),
  /** Adds when the body has no `noticeId`, else updates. */
  save: (body: NoticeSave) => ('noticeId' in body ? api.put('/system/notice', body) : api.post('/system/notice', body)),
  remove: (ids: readonly number[]) => api.delete(`/system/notice/${ids.join(',')}`),
};
