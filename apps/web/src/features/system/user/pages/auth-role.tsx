import { CloseOutlined, SaveOutlined } from '@ant-design/icons';
import type { Role } from '@ccms/contracts/system/role';
import { App, Button, Card, Descriptions, Space, Table } from 'antd';
import dayjs from 'dayjs';
import { type Key, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { HasPermi } from '../../../../shared/auth/HasPermi';
import { useAuthRole, useSaveAuthRole } from '../user-queries';
import '../user.css';

const time = (v: string | Date | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm:ss') : '');

/** Assign roles (RuoYi system/user/authRole): the user's basic information and every role with a tick; saving replaces the user's roles. */
export default function AuthRolePage() {
  const { t } = useTranslation(['user', 'shared']);
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const userId = Number(useParams().userId);
  const [selected, setSelected] = useState<Key[]>([]);
  const auth = useAuthRole(userId);
  const saveAuthRole = useSaveAuthRole(userId);
  const user = auth.data?.user;

  useEffect(() => {
    if (auth.data) setSelected(auth.data.roles.filter((r) => r.flag).map((r) => r.roleId));
  }, [auth.data]);

  const close = () => navigate('/system/user');
  const save = () =>
    saveAuthRole.mutate(selected.map(Number), {
      onSuccess: () => {
        message.success(t('rolesSaved'));
        close();
      },
    });

  return (
    <div className="auth-role-page">
      <Card title={t('basicInfo')} size="small" loading={auth.isLoading}>
        <Descriptions column={{ xs: 1, sm: 2 }} size="small">
          <Descriptions.Item label={t('nickName')}>{user?.nickName}</Descriptions.Item>
          <Descriptions.Item label={t('userName')}>{user?.userName}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={t('roleInfo')} size="small">
        <Table<Role>
          size="small"
          rowKey="roleId"
          loading={auth.isFetching}
          dataSource={auth.data?.roles ?? []}
          pagination={(auth.data?.roles.length ?? 0) > 10 ? { pageSize: 10, size: 'small', showSizeChanger: false } : false}
          scroll={{ x: 'max-content' }}
          rowSelection={{
            selectedRowKeys: selected,
            onChange: setSelected,
            getCheckboxProps: (row) => ({ disabled: row.status === '1', 'aria-label': row.roleName }),
          }}
          onRow={(row) => ({
            onClick: () => {
              if (row.status === '1') return;
              setSelected((s) => (s.includes(row.roleId) ? s.filter((k) => k !== row.roleId) : [...s, row.roleId]));
            },
          })}
          columns={[
            { key: 'index', title: t('index'), width: 70, render: (_: unknown, _row: Role, i: number) => i + 1 },
            { key: 'roleId', dataIndex: 'roleId', title: t('roleId'), width: 90 },
            { key: 'roleName', dataIndex: 'roleName', title: t('roleName') },
            { key: 'roleKey', dataIndex: 'roleKey', title: t('roleKey') },
            { key: 'createTime', dataIndex: 'createTime', title: t('createTime'), render: time },
          ]}
        />
        <Space className="auth-role-actions">
          <HasPermi value={['system:user:edit']}>
            <Button type="primary" icon={<SaveOutlined />} loading={saveAuthRole.isPending} onClick={save}>
              {tc('submit')}
            </Button>
          </HasPermi>
          <Button icon={<CloseOutlined />} onClick={close}>
            {tc('back')}
          </Button>
        </Space>
      </Card>
    </div>
  );
}
