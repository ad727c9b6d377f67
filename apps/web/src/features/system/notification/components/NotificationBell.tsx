import { BellOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Tooltip } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { followUnread, notificationApi } from '../notification-api';
import { notificationKeys, useUnreadCount } from '../notification-queries';

/** The top bar's bell: the unread count, kept live over the notice stream; a click opens the list. */
export function NotificationBell() {
  const { t } = useTranslation('notification');
  const navigate = useNavigate();
  const client = useQueryClient();
  const unread = useUnreadCount().data?.unread ?? 0;

  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    notificationApi
      .ticket()
      .then(({ ticket }) => {
        if (cancelled) return;
        stop = followUnread(ticket, (count) => {
          client.setQueryData(notificationKeys.unread(), { unread: count });
          client.invalidateQueries({ queryKey: notificationKeys.lists() });
        });
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [client]);

  const label = t('bell', { count: unread });
  return (
    <Tooltip title={label}>
      <button type="button" className="navbar-button notification-bell" aria-label={label} data-unread={unread} onClick={() => navigate('/user/notification')}>
        <Badge count={unread} size="small" overflowCount={99}>
          <BellOutlined />
        </Badge>
      </button>
    </Tooltip>
  );
}
