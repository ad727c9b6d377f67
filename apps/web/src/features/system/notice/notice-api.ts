import type { Notice, NoticeBody, NoticeQuery, NoticeUpdate } from '@ccms/contracts/system/notice';
import { type ApiEnvelope, api } from '../../../api/client';
import type { PageParams, PageResult } from '../../../shared/list/query';

export type NoticeFilters = Pick<NoticeQuery, 'noticeTitle' | 'noticeType' | 'createBy' | 'status'>;

/** Notices administration (server: modules/system/notice); the top bar's unread bell is elsewhere. */
export const noticeApi = {
  list: (query: NoticeFilters & PageParams) => api.get<ApiEnvelope & PageResult<Notice>>('/system/notice/list', query),
  get: (noticeId: number) => api.get<ApiEnvelope & { data: Notice }>(`/system/notice/${noticeId}`).then((r) => r.data),
  add: (body: NoticeBody) => api.post('/system/notice', body),
  update: (body: NoticeUpdate) => api.put('/system/notice', body),
  remove: (ids: readonly number[]) => api.delete(`/system/notice/${ids.join(',')}`),
};
