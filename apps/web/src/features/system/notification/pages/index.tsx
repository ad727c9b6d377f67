import type { Notification } from '@ccms/contracts/system/notification';
import { Button, Form, Select, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type ListColumn, ListPage } from '../../../../shared/list/ListPage';
import type { NotificationListParams } from '../notification-api';
import { notificationQueries, useReadNotification } from '../notification-queries';

type Filters = Pick<NotificationListParams, 'read'>;

/** The caller's notices, newest first: open one (marks it read), mark one or all read. */
export default function NotificationPage() {
  const { t } = useTranslation('notification');
  const navigate = useNavigate();
  const read = useReadNotification();

  const open = async (row: Notification) => {
    if (!row.read) await read.mutateAsync(row.notificationId);
    if (row.link) navigate(row.link);
  };

  const columns: ListColumn<Notification>[] = [
    {
      key: 'title',
      dataIndex: 'title',
      title: t('title'),
      render: (_: unknown, row: Notification) => (
        <Typography.Link strong={!row.read} onClick={() => open(row)}>
          {row.title}
        </Typography.Link>
      ),
    },
    { key: 'body', dataIndex: 'body', title: t('body'), ellipsis: true },
    {
      key: 'read',
      dataIndex: 'read',
      title: t('state'),
      width: 100,
      render: (v: boolean) => (v ? <Tag>{t('read')}</Tag> : <Tag color="blue">{t('unread')}</Tag>),
    },
    { key: 'createTime', dataIndex: 'createTime', title: t('createTime'), width: 180, render: (v: string) => (v ? new Date(v).toLocaleString() : '') },
    {
      key: 'actions',
      title: t('actions'),
      hideable: false,
      width: 120,
      render: (_: unknown, row: Notification) =>
        row.read ? null : (
          <Button type="link" size="small" onClick={() => read.mutate(row.notificationId)}>
            {t('markRead')}
          </Button>
        ),
    },
  ];

  return (
    <ListPage<Notification, Filters>
      listQuery={notificationQueries.list}
      rowKey="notificationId"
      columns={columns}
      searchFields={
        <Form.Item name="read" label={t('state')}>
          <Select
            allowClear
            style={{ width: 140 }}
            options={[
              { value: '0', label: t('unread') },
              { value: '1', label: t('read') },
            ]}
          />
        </Form.Item>
      }
      toolbar={() => (
        <Button type="primary" ghost onClick={() => read.mutate('all')}>
          {t('markAllRead')}
        </Button>
      )}
    />
  );
}
