import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { DEFAULT_PAGE_NUM } from '@ccms/contracts/constants';
import { App, Button, Form, Input, Modal, Space, Table } from 'antd';
import dayjs from 'dayjs';
import { type Key, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DictTag } from '../../../../shared/dict/DictTag';
import { useDict } from '../../../../shared/dict/use-dict';
import { Pagination } from '../../../../shared/list/Pagination';
import type { AllocatedUser, AuthUserFilters } from '../role-api';
import { useAddRoleUsers, useUnallocatedUsers } from '../role-queries';

export interface SelectUsersDialogProps {
  open: boolean;
  roleId: number;
  onClose: () => void;
}

const PAGE_SIZE = 10;

/** RuoYi's "select users": users without the role, picked in a paged table and granted it at once. */
export function SelectUsersDialog({ open, roleId, onClose }: SelectUsersDialogProps) {
  const { t } = useTranslation('role');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const statuses = useDict('sys_normal_disable');
  const [form] = Form.useForm<AuthUserFilters>();
  const [filters, setFilters] = useState<AuthUserFilters>({});
  const [page, setPage] = useState({ pageNum: DEFAULT_PAGE_NUM, pageSize: PAGE_SIZE });
  const [selected, setSelected] = useState<Key[]>([]);
  const users = useUnallocatedUsers({ ...filters, ...page, roleId }, open);
  const addUsers = useAddRoleUsers(roleId);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    setFilters({});
    setPage({ pageNum: DEFAULT_PAGE_NUM, pageSize: PAGE_SIZE });
    setSelected([]);
  }, [open, form]);

  const save = () =>
    addUsers.mutate(selected.map(Number), {
      onSuccess: () => {
        message.success(t('usersAdded'));
        onClose();
      },
    });

  const search = (values: AuthUserFilters) => {
    setFilters({ userName: values.userName || undefined, phonenumber: values.phonenumber || undefined });
    setPage((p) => ({ ...p, pageNum: DEFAULT_PAGE_NUM }));
  };

  return (
    <Modal
      open={open}
      title={t('selectUsers')}
      width={860}
      okText={tc('ok')}
      cancelText={tc('cancel')}
      okButtonProps={{ disabled: selected.length === 0 }}
      confirmLoading={addUsers.isPending}
      onOk={save}
      onCancel={onClose}
      forceRender
    >
      <Form<AuthUserFilters> form={form} layout="inline" className="list-search" onFinish={search} name="select-users-search">
        <Form.Item name="userName" label={t('userName')}>
          <Input allowClear placeholder={t('userNamePlaceholder')} style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="phonenumber" label={t('phonenumber')}>
          <Input allowClear placeholder={t('phonenumberPlaceholder')} style={{ width: 180 }} />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
              {tc('search')}
            </Button>
            <Button
              icon={<ReloadOutlined />}
              onClick={() => {
                form.resetFields();
                search({});
              }}
            >
              {tc('reset')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <Table<AllocatedUser>
        size="small"
        rowKey="userId"
        loading={users.isFetching}
        dataSource={users.data?.rows ?? []}
        pagination={false}
        scroll={{ x: 'max-content', y: 360 }}
        rowSelection={{ selectedRowKeys: selected, onChange: setSelected, preserveSelectedRowKeys: true }}
        onRow={(row) => ({
          onClick: () => setSelected((s) => (s.includes(row.userId) ? s.filter((k) => k !== row.userId) : [...s, row.userId])),
        })}
        columns={[
          { key: 'userName', dataIndex: 'userName', title: t('userName') },
          { key: 'nickName', dataIndex: 'nickName', title: t('nickName') },
          { key: 'email', dataIndex: 'email', title: t('email') },
          { key: 'phonenumber', dataIndex: 'phonenumber', title: t('phonenumber') },
          { key: 'status', dataIndex: 'status', title: t('status'), render: (v: string) => <DictTag options={statuses} value={v} /> },
          {
            key: 'createTime',
            dataIndex: 'createTime',
            title: t('createTime'),
            render: (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm:ss') : ''),
          },
        ]}
      />
      <Pagination
        total={users.data?.total ?? 0}
        page={page.pageNum}
        limit={page.pageSize}
        autoScroll={false}
        onChange={(pageNum, pageSize) => setPage({ pageNum, pageSize })}
      />
    </Modal>
  );
}
