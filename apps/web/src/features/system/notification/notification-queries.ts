import type { NotificationPrefs, TestMailBody } from '@ccms/contracts/system/notification';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { entityKeys } from '../../../api/query-keys';
import { type NotificationListParams, notificationApi } from './notification-api';

/** The notification data layer (see shared/form/README.md). */
export const notificationKeys = {
  ...entityKeys<NotificationListParams>('system', 'notification'),
  unread: () => ['system', 'notification', 'unread'] as const,
  prefs: () => ['system', 'notification', 'prefs'] as const,
};

export const notificationQueries = {
  list: (params: NotificationListParams) => ({ queryKey: notificationKeys.list(params), queryFn: () => notificationApi.list(params) }),
};

export const useUnreadCount = () => useQuery({ queryKey: notificationKeys.unread(), queryFn: notificationApi.unread, staleTime: 30_000 });

export const useNotificationPrefs = () => useQuery({ queryKey: notificationKeys.prefs(), queryFn: notificationApi.prefs });

export function useReadNotification() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number | 'all') => (id === 'all' ? notificationApi.readAll() : notificationApi.read(id)),
    onSuccess: () => client.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export function useSaveNotificationPrefs() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationPrefs) => notificationApi.savePrefs(body),
    onSuccess: () => client.invalidateQueries({ queryKey: notificationKeys.prefs() }),
  });
}

export const useTestMail = () => useMutation({ mutationFn: (body: TestMailBody) => notificationApi.testMail(body) });
