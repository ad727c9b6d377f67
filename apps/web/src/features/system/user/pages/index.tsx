import { DeleteOutlined, EditOutlined, KeyOutlined, SafetyCertificateOutlined, UploadOutlined } from '@ant-design/icons';
import type { User } from '@ccms/contracts/system/user';
import { App, Button, DatePicker, Form, Grid, Input, Select, Space, Tooltip } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HasPermi, useHasPermi } from '../../../../shared/auth/HasPermi';
import { confirmDialog } from '../../../../shared/confirm';
import { useDict } from '../../../../shared/dict/use-dict';
import { CrudButtons } from '../../../../shared/list/CrudButtons';
import { type ListColumn, ListPage, type ListPageHandle } from '../../../../shared/list/ListPage';
import { addDateRange } from '../../../../shared/list/query';
import { StatusSwitch } from '../../role/components/StatusSwitch';
import { DeptTreePanel } from '../components/DeptTreePanel';
import { ImportDialog } from '../components/ImportDialog';
import { ResetPwdDialog } from '../components/ResetPwdDialog';
import { UserFormDialog } from '../components/UserFormDialog';
import { type UserFilters, userApi } from '../user-api';
import { useChangeUserStatus, useDeleteUsers, userQueries, useUserDeptTree } from '../user-queries';
import '../user.css';

const time = (v: string | Date | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm:ss') : '');

type SearchValues = UserFilters & { createTime?: [Dayjs, Dayjs] | null };

/**
 * Users (RuoYi system/user/index): the department tree beside a searchable list with a status
 * switch; add/edit dialog, delete, reset password, assign roles, Excel import and export.
 */
export default function UserPage() {
  const { t } = useTranslation(['user', 'shared']);
  const wide = Grid.useBreakpoint().md === true;
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const statuses = useDict('sys_normal_disable');
  const list = useRef<ListPageHandle>(null);
  const [deptId, setDeptId] = useState<number | undefined>(undefined);
  // The search form's values survive a department change (the list restarts at page 1).
  const searched = useRef<Partial<SearchValues>>({});
  const [dialog, setDialog] = useState<{ open: boolean; userId: number | undefined }>({ open: false, userId: undefined });
  const [resetUser, setResetUser] = useState<User | null>(null);
  const [importing, setImporting] = useState(false);
  const canEdit = useHasPermi(['system:user:edit']);
  const deptTree = useUserDeptTree();
  const deleteUsers = useDeleteUsers();
  const changeStatus = useChangeUserStatus();

  const remove = async (rows: readonly User[]) => {
    if (rows.length === 0) return;
    if (!(await confirmDialog(t('confirmDelete', { ids: rows.map((r) => r.userId).join(', ') }), { type: 'danger' }))) return;
    await deleteUsers.mutateAsync(rows.map((r) => r.userId));
    message.success(t('deleted'));
    list.current?.clearSelection();
  };

  const columns: ListColumn<User>[] = [
    { key: 'userId', dataIndex: 'userId', title: t('userId'), width: 80 },
    { key: 'userName', dataIndex: 'userName', title: t('userName'), ellipsis: true },
    { key: 'nickName', dataIndex: 'nickName', title: t('nickName'), ellipsis: true },
    { key: 'dept', title: t('dept'), ellipsis: true, render: (_: unknown, row: User) => row.dept?.deptName ?? '' },
    { key: 'phonenumber', dataIndex: 'phonenumber', title: t('phonenumber'), width: 110 },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('status'),
      width: 70,
      render: (v: string, row: User) => (
        <StatusSwitch
          status={v}
          label={t('status')}
          disabled={row.admin || !canEdit}
          question={(next) => t('confirmStatus', { action: next === '0' ? t('enable') : t('disable'), name: row.userName })}
          onChange={async (next) => {
            await changeStatus.mutateAsync({ userId: row.userId, status: next, version: row.version });
            message.success(next === '0' ? t('enabled') : t('disabled'));
          }}
        />
      ),
    },
    { key: 'createTime', dataIndex: 'createTime', title: t('createTime'), width: 160, render: time },
    {
      key: 'actions',
      title: tc('operation'),
      hideable: false,
      width: 140,
      // Pinned right on wide screens; on a phone it would cover the row.
      ...(wide ? { fixed: 'right' as const } : {}),
      // Icon buttons with tooltips (as RuoYi's user list): the row stays readable at 1280 px.
      render: (_: unknown, row: User) =>
        row.admin ? null : (
          <Space size={0}>
            <HasPermi value={['system:user:edit']}>
              <Tooltip title={tc('edit')}>
                <Button
                  type="link"
                  size="small"
                  icon={<EditOutlined />}
                  aria-label={tc('edit')}
                  onClick={() => setDialog({ open: true, userId: row.userId })}
                />
              </Tooltip>
            </HasPermi>
            <HasPermi value={['system:user:remove']}>
              <Tooltip title={tc('delete')}>
                <Button type="link" size="small" danger icon={<DeleteOutlined />} aria-label={tc('delete')} onClick={() => remove([row])} />
              </Tooltip>
            </HasPermi>
            <HasPermi value={['system:user:resetPwd']}>
              <Tooltip title={t('resetPwd')}>
                <Button type="link" size="small" icon={<KeyOutlined />} aria-label={t('resetPwd')} onClick={() => setResetUser(row)} />
              </Tooltip>
            </HasPermi>
            <HasPermi value={['system:user:edit']}>
              <Tooltip title={t('assignRoles')}>
                <Button
                  type="link"
                  size="small"
                  icon={<SafetyCertificateOutlined />}
                  aria-label={t('assignRoles')}
                  onClick={() => navigate(`/system/user-auth/role/${row.userId}`)}
                />
              </Tooltip>
            </HasPermi>
          </Space>
        ),
    },
  ];

  return (
    <div className="user-page">
      <DeptTreePanel tree={deptTree.data ?? []} loading={deptTree.isLoading} selected={deptId} onSelect={setDeptId} />
      <div className="user-list">
        <ListPage<User, SearchValues>
          key={deptId ?? 'all'}
          ref={list}
          initialFilters={searched.current}
          listQuery={({ createTime: _range, ...query }) => userQueries.list({ ...query, deptId })}
          toQuery={(values) => {
            searched.current = values;
            const { createTime, ...filters } = values;
            return addDateRange(filters, createTime);
          }}
          rowKey="userId"
          selection="multiple"
          tableProps={{ size: 'middle' }}
          columns={columns}
          searchFields={
            <>
              <Form.Item name="userName" label={t('userName')}>
                <Input allowClear placeholder={t('userNamePlaceholder')} style={{ width: 180 }} />
              </Form.Item>
              <Form.Item name="phonenumber" label={t('phonenumber')}>
                <Input allowClear placeholder={t('phonenumberPlaceholder')} style={{ width: 180 }} />
              </Form.Item>
              <Form.Item name="status" label={t('status')}>
                <Select allowClear placeholder={t('statusPlaceholder')} options={statuses} style={{ width: 140 }} />
              </Form.Item>
              <Form.Item name="createTime" label={t('createTime')}>
                <DatePicker.RangePicker style={{ width: 240 }} />
              </Form.Item>
            </>
          }
          toolbar={({ selectedRows, query }) => (
            <CrudButtons
              selected={selectedRows}
              add={{ perm: 'system:user:add', onClick: () => setDialog({ open: true, userId: undefined }) }}
              edit={{ perm: 'system:user:edit', onClick: (row) => setDialog({ open: true, userId: row.userId }), disabled: (row) => row.admin === true }}
              remove={{ perm: 'system:user:remove', onClick: remove, disabled: (rows) => rows.some((r) => r.admin) }}
              export={{ perm: 'system:user:export', onClick: () => userApi.export({ ...query, deptId }) }}
            >
              <HasPermi value={['system:user:import']}>
                <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
                  {tc('import')}
                </Button>
              </HasPermi>
            </CrudButtons>
          )}
        />
      </div>
      <UserFormDialog
        open={dialog.open}
        userId={dialog.userId}
        deptId={deptId}
        deptTree={deptTree.data ?? []}
        onClose={() => setDialog({ open: false, userId: undefined })}
      />
      <ResetPwdDialog user={resetUser} onClose={() => setResetUser(null)} />
      <ImportDialog open={importing} onClose={() => setImporting(false)} />
    </div>
  );
}
