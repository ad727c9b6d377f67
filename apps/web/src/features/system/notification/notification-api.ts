import { urlOf } from '@ccms/contracts/endpoint';
import { NotificationApi, type NotificationPrefs, type NotificationQuery, type TestMailBody, type UnreadCount } from '@ccms/contracts/system/notification';
import type { z } from 'zod';
import { api, http } from '../../../api/client';

export type NotificationListParams = z.input<typeof NotificationQuery>;

/** The caller's notices (server: modules/system/notification). Screens use `notification-queries.ts`. */
export const notificationApi = {
  list: (params: NotificationListParams) => api.list(NotificationApi.list, { query: params }),
  unread: () => api.one(NotificationApi.unread, undefined, { silent: true }),
  read: (notificationId: number) => api.call(NotificationApi.read, { path: { notificationId } }),
  readAll: () => api.call(NotificationApi.readAll),
  prefs: () => api.one(NotificationApi.prefs),
  savePrefs: (body: NotificationPrefs) => api.call(NotificationApi.savePrefs, { body }),
  testMail: (body: TestMailBody) => api.call(NotificationApi.testMail, { body }),
  ticket: () => api.one(NotificationApi.ticket, undefined, { silent: true }),
};

/** Follows the caller's unread count (SSE; the ticket stands in for the token EventSource cannot send). Returns the stop function. */
export function followUnread(ticket: string, onCount: (unread: number) => void): () => void {
  const source = new EventSource(`${http.defaults.baseURL ?? ''}${urlOf(NotificationApi.stream)}?ticket=${encodeURIComponent(ticket)}`);
  source.onmessage = (event: MessageEvent<string>) => onCount((JSON.parse(event.data) as UnreadCount).unread);
  return () => source.close();
}
