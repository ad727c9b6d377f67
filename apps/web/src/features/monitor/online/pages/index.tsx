import { LogoutOutlined } from '@ant-design/icons';
import type { OnlineUser } from '@ccms/contracts/monitor/online';
import { App, Button, Form, Input, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { HasPermi } from '../../../../shared/auth/HasPermi';
import { confirmDialog } from '../../../../shared/confirm';
import { dateTime } from '../../../../shared/format';
import { type ListColumn, ListPage } from '../../../../shared/list/ListPage';
import '../../monitor.css';
import { type OnlineFilters, sessionIdOf } from '../online-api';
import { onlineQueries, useForceLogout } from '../online-queries';

/** Online users (RuoYi monitor/online/index): search, list of live sessions, force logout. */
export default function OnlinePage() {
  const { t } = useTranslation('monitor');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const mine = sessionIdOf();
  const logout = useForceLogout();

  const forceLogout = async (row: OnlineUser) => {
    const ok = await confirmDialog(t('online.confirmForceLogout', { name: row.userName }), { type: 'danger' });
    if (!ok) return;
    await logout.mutateAsync(row.tokenId);
    message.success(t('online.forced'));
  };

  const columns: ListColumn<OnlineUser>[] = [
    {
      key: 'tokenId',
      dataIndex: 'tokenId',
      title: t('online.tokenId'),
      width: 220,
      ellipsis: true,
      render: (v: string) => (
        <span className="online-session" title={v}>
          {v === mine && <Tag color="green">{t('online.current')}</Tag>}
          <span className="online-token">{v}</span>
        </span>
      ),
    },
    { key: 'userName', dataIndex: 'userName', title: t('online.userName') },
    { key: 'deptName', dataIndex: 'deptName', title: t('online.deptName') },
    { key: 'ipaddr', dataIndex: 'ipaddr', title: t('online.ipaddr') },
    { key: 'loginLocation', dataIndex: 'loginLocation', title: t('online.loginLocation'), defaultHidden: true },
    { key: 'browser', dataIndex: 'browser', title: t('online.browser') },
    { key: 'os', dataIndex: 'os', title: t('online.os') },
    { key: 'loginTime', dataIndex: 'loginTime', title: t('online.loginTime'), width: 170, render: dateTime },
    { key: 'lastAccessTime', dataIndex: 'lastAccessTime', title: t('online.lastAccessTime'), width: 170, render: dateTime },
    { key: 'expireTime', dataIndex: 'expireTime', title: t('online.expireTime'), width: 170, render: dateTime, defaultHidden: true },
    {
      key: 'actions',
      title: tc('operation'),
      hideable: false,
      width: 110,
      fixed: 'right',
      render: (_: unknown, row: OnlineUser) => (
        <HasPermi value={['monitor:online:forceLogout']}>
          <Button type="link" size="small" danger icon={<LogoutOutlined />} onClick={() => forceLogout(row)}>
            {t('online.forceLogout')}
          </Button>
        </HasPermi>
      ),
    },
  ];

  return (
    <ListPage<OnlineUser, OnlineFilters>
      listQuery={onlineQueries.list}
      rowKey="tokenId"
      columns={columns}
      searchFields={
        <>
          <Form.Item name="ipaddr" label={t('online.ipaddrLabel')}>
            <Input allowClear placeholder={t('online.ipaddrPlaceholder')} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="userName" label={t('online.userNameLabel')}>
            <Input allowClear placeholder={t('online.userNamePlaceholder')} style={{ width: 200 }} />
          </Form.Item>
        </>
      }
    />
  );
}
