import type { Notification, NotificationPrefs, NotificationQuery, TestMailBody, UnreadCount } from '@ccms/contracts/system/notification';
import type { z } from 'zod';
import { api, http } from '../../../api/client';

export type NotificationListParams = z.input<typeof NotificationQuery>;

/** The caller's notices (server: modules/system/notification). Screens use `notification-queries.ts`. */
export const notificationApi = {
  list: (params: NotificationListParams) => api.list<Notification>('/system/notification/list', params),
  unread: () => api.one<UnreadCount>('/system/notification/unread', undefined, { silent: true }),
  read: (notificationId: number) => api.put(`/system/notification/read/${notificationId}`),
  readAll: () => api.put('/system/notification/readAll'),
  prefs: () => api.one<NotificationPrefs>('/system/notification/prefs'),
  savePrefs: (body: NotificationPrefs) => api.put('/system/notification/prefs', body),
  testMail: (body: TestMailBody) => api.post('/system/notification/testMail', body),
  ticket: () => api.one<{ ticket: string }>('/system/notification/ticket', undefined, { silent: true }),
};

/** Follows the caller's unread count (SSE; the ticket stands in for the token EventSource cannot send). Returns the stop function. */
export function followUnread(ticket: string, onCount: (unread: number) => void): () => void {
  const source = new EventSource(`${http.defaults.baseURL ?? ''}/system/notification/stream?ticket=${encodeURIComponent(ticket)}`);
  source.onmessage = (event: MessageEvent<string>) => onCount((JSON.parse(event.data) as UnreadCount).unread);
  return () => source.close();
}
