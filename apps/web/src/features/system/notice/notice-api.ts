import { NoticeApi, type NoticeBody, type NoticeQuery, type NoticeUpdate } from '@ccms/contracts/system/notice';
import type { z } from 'zod';
import { api } from '../../../api/client';

/** What the list's search form holds. */
export type NoticeFilters = Pick<NoticeQuery, 'noticeTitle' | 'noticeType' | 'createBy' | 'status'>;
/** A page of notices. */
export type NoticeListParams = z.input<typeof NoticeQuery>;
export type NoticeSave = NoticeBody | NoticeUpdate;

/** Notices administration (server: modules/system/notice); the top bar's unread bell is elsewhere. Screens use `notice-queries.ts`. */
export const noticeApi = {
  list: (params: NoticeListParams) => api.list(NoticeApi.list, { query: params }),
  get: (noticeId: number) => api.one(NoticeApi.get, { path: { noticeId } }),
  /** Adds when the body has no `noticeId`, else updates. */
  save: (body: NoticeSave) => ('noticeId' in body ? api.call(NoticeApi.edit, { body }) : api.call(NoticeApi.add, { body })),
  remove: (ids: readonly number[]) => api.call(NoticeApi.remove, { path: { ids } }),
};
