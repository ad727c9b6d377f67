import { CloseCircleOutlined, CloseOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Form, Input } from 'antd';
import dayjs from 'dayjs';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { HasPermi } from '../../../../shared/auth/HasPermi';
import { confirmDialog } from '../../../../shared/confirm';
import { DictTag } from '../../../../shared/dict/DictTag';
import { useDict } from '../../../../shared/dict/use-dict';
import { type ListColumn, ListPage, type ListPageHandle } from '../../../../shared/list/ListPage';
import { SelectUsersDialog } from '../components/SelectUsersDialog';
import type { AllocatedUser, AuthUserFilters } from '../role-api';
import { roleQueries, useCancelRoleUsers } from '../role-queries';

const time = (v: string | Date | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm:ss') : '');

/** Assign users (RuoYi system/role/authUser): the role's users, cancel one or several, add users. */
export default function AuthUserPage() {
  const { t } = useTranslation(['role', 'shared']);
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const roleId = Number(useParams().roleId);
  const statuses = useDict('sys_normal_disable');
  const list = useRef<ListPageHandle>(null);
  const [adding, setAdding] = useState(false);
  const cancelUsers = useCancelRoleUsers(roleId);

  const cancel = async (rows: readonly AllocatedUser[]) => {
    if (rows.length === 0) return;
    const question = rows.length === 1 ? t('confirmCancel', { name: rows[0]?.userName ?? '' }) : t('confirmCancelAll');
    if (!(await confirmDialog(question, { type: 'danger' }))) return;
    await cancelUsers.mutateAsync(rows.map((r) => r.userId));
    message.success(t('cancelled'));
    list.current?.clearSelection();
  };

  const columns: ListColumn<AllocatedUser>[] = [
    { key: 'userName', dataIndex: 'userName', title: t('userName') },
    { key: 'nickName', dataIndex: 'nickName', title: t('nickName') },
    { key: 'email', dataIndex: 'email', title: t('email') },
    { key: 'phonenumber', dataIndex: 'phonenumber', title: t('phonenumber') },
    { key: 'status', dataIndex: 'status', title: t('status'), width: 90, render: (v: string) => <DictTag options={statuses} value={v} /> },
    { key: 'createTime', dataIndex: 'createTime', title: t('createTime'), width: 180, render: time },
    {
      key: 'actions',
      title: tc('operation'),
      hideable: false,
      width: 160,
      render: (_: unknown, row: AllocatedUser) => (
        <HasPermi value={['system:role:remove']}>
          <Button type="link" size="small" danger icon={<CloseCircleOutlined />} onClick={() => cancel([row])}>
            {t('cancelAuth')}
          </Button>
        </HasPermi>
      ),
    },
  ];

  return (
    <>
      <ListPage<AllocatedUser, AuthUserFilters>
        ref={list}
        listQuery={(q) => roleQueries.allocated({ ...q, roleId })}
        rowKey="userId"
        selection="multiple"
        columns={columns}
        searchFields={
          <>
            <Form.Item name="userName" label={t('userName')}>
              <Input allowClear placeholder={t('userNamePlaceholder')} style={{ width: 180 }} />
            </Form.Item>
            <Form.Item name="phonenumber" label={t('phonenumber')}>
              <Input allowClear placeholder={t('phonenumberPlaceholder')} style={{ width: 180 }} />
            </Form.Item>
          </>
        }
        toolbar={({ selectedRows }) => (
          <>
            <HasPermi value={['system:role:add']}>
              <Button type="primary" ghost icon={<PlusOutlined />} onClick={() => setAdding(true)}>
                {t('addUsers')}
              </Button>
            </HasPermi>
            <HasPermi value={['system:role:remove']}>
              <Button danger icon={<CloseCircleOutlined />} disabled={selectedRows.length === 0} onClick={() => cancel(selectedRows)}>
                {t('cancelAuthAll')}
              </Button>
            </HasPermi>
            <Button icon={<CloseOutlined />} onClick={() => navigate('/system/role')}>
              {tc('close')}
            </Button>
          </>
        )}
      />
      <SelectUsersDialog open={adding} roleId={roleId} onClose={() => setAdding(false)} />
    </>
  );
}
