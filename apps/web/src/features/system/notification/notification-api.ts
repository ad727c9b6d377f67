import type { Notification, NotificationPrefs, NotificationQuery, TestMailBody, UnreadCount } from '@ccms/contracts/system/notification';
import type { z } from 'zod';
import { byUrl, http } from '../../../api/client';

export type NotificationListParams = z.input<typeof NotificationQuery>;

/** The caller's notices (server: modules/system/notification). Screens use `notification-queries.ts`. */
export const notificationApi = {
  list: (params: NotificationListParams) => byUrl.list<Notification>('/system/notification/list', params),
  unread: () => byUrl.one<UnreadCount>('/system/notification/unread', undefined, { silent: true }),
  read: (notificationId: number) => byUrl.put(`/system/notification/read/${notificationId}`),
  readAll: () => byUrl.put('/system/notification/readAll'),
  prefs: () => byUrl.one<NotificationPrefs>('/system/notification/prefs'),
  savePrefs: (body: NotificationPrefs) => byUrl.put('/system/notification/prefs', body),
  testMail: (body: TestMailBody) => byUrl.post('/system/notification/testMail', body),
  ticket: () => byUrl.one<{ ticket: string }>('/system/notification/ticket', undefined, { silent: true }),
};

/** Follows the caller's unread count (SSE; the ticket stands in for the token EventSource cannot send). Returns the stop function. */
export function followUnread(ticket: string, onCount: (unread: number) => void): () => void {
  const source = new EventSource(`${http.defaults.baseURL ?? ''}/system/notification/stream?ticket=${encodeURIComponent(ticket)}`);
  source.onmessage = (event: MessageEvent<string>) => onCount((JSON.parse(event.data) as UnreadCount).unread);
  return () => source.close();
}
