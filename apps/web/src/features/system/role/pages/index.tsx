import { CheckCircleOutlined, MoreOutlined, UserOutlined } from '@ant-design/icons';
import type { Role } from '@ccms/contracts/system/role';
import { App, Button, DatePicker, Dropdown, Form, Grid, Input, type MenuProps, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HasPermi, useHasPermi } from '../../../../shared/auth/HasPermi';
import { confirmDialog } from '../../../../shared/confirm';
import { useDict } from '../../../../shared/dict/use-dict';
import { CrudButtons, CrudLinks } from '../../../../shared/list/CrudButtons';
import { type ListColumn, ListPage, type ListPageHandle } from '../../../../shared/list/ListPage';
import { addDateRange } from '../../../../shared/list/query';
import { DataScopeDialog } from '../components/DataScopeDialog';
import { RoleFormDialog } from '../components/RoleFormDialog';
import { StatusSwitch } from '../components/StatusSwitch';
import { type RoleFilters, roleApi } from '../role-api';
import { roleQueries, useChangeRoleStatus, useDeleteRoles } from '../role-queries';
import '../role.css';

const time = (v: string | Date | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm:ss') : '');

type SearchValues = RoleFilters & { createTime?: [Dayjs, Dayjs] | null };

/** Roles (RuoYi system/role/index): list, add/edit with menu permissions, data scope, status, delete, export, assign users. */
export default function RolePage() {
  const { t } = useTranslation(['role', 'shared']);
  const wide = Grid.useBreakpoint().md === true;
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const statuses = useDict('sys_normal_disable');
  const list = useRef<ListPageHandle>(null);
  const [dialog, setDialog] = useState<{ open: boolean; roleId: number | undefined }>({ open: false, roleId: undefined });
  const [scopeRole, setScopeRole] = useState<Role | null>(null);
  const canEdit = useHasPermi(['system:role:edit']);
  const deleteRoles = useDeleteRoles();
  const changeStatus = useChangeRoleStatus();

  const remove = async (rows: readonly Role[]) => {
    if (rows.length === 0) return;
    if (!(await confirmDialog(t('confirmDelete', { ids: rows.map((r) => r.roleId).join(', ') }), { type: 'danger' }))) return;
    await deleteRoles.mutateAsync(rows.map((r) => r.roleId));
    message.success(t('deleted'));
    list.current?.clearSelection();
  };

  const moreItems = (row: Role): MenuProps['items'] => [
    { key: 'dataScope', icon: <CheckCircleOutlined />, label: t('dataScopeAction'), onClick: () => setScopeRole(row) },
    { key: 'authUser', icon: <UserOutlined />, label: t('assignUsers'), onClick: () => navigate(`/system/role-auth/user/${row.roleId}`) },
  ];

  const columns: ListColumn<Role>[] = [
    { key: 'roleId', dataIndex: 'roleId', title: t('roleId'), width: 90 },
    { key: 'roleName', dataIndex: 'roleName', title: t('roleName'), sorter: true, ellipsis: true },
    { key: 'roleKey', dataIndex: 'roleKey', title: t('roleKey'), sorter: true, ellipsis: true },
    { key: 'roleSort', dataIndex: 'roleSort', title: t('roleSort'), sorter: true, width: 120 },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('status'),
      width: 80,
      render: (v: string, row: Role) => (
        <StatusSwitch
          status={v}
          label={t('status')}
          disabled={row.admin || !canEdit}
          question={(next) => t('confirmStatus', { action: next === '0' ? t('enable') : t('disable'), name: row.roleName })}
          onChange={async (next) => {
            await changeStatus.mutateAsync({ roleId: row.roleId, status: next });
            message.success(next === '0' ? t('enabled') : t('disabled'));
          }}
        />
      ),
    },
    { key: 'createTime', dataIndex: 'createTime', title: t('createTime'), sorter: true, width: 170, render: time },
    {
      key: 'actions',
      title: tc('operation'),
      hideable: false,
      width: 190,
      // Pinned right on wide screens; on a phone it would cover the row.
      ...(wide ? { fixed: 'right' as const } : {}),
      render: (_: unknown, row: Role) =>
        row.admin ? null : (
          <CrudLinks
            row={row}
            edit={{ perm: 'system:role:edit', onClick: (r) => setDialog({ open: true, roleId: r.roleId }) }}
            remove={{ perm: 'system:role:remove', onClick: remove }}
          >
            <HasPermi value={['system:role:edit']}>
              <Dropdown menu={{ items: moreItems(row) }} trigger={['click']}>
                <Button type="link" size="small" icon={<MoreOutlined />}>
                  {t('more')}
                </Button>
              </Dropdown>
            </HasPermi>
          </CrudLinks>
        ),
    },
  ];

  return (
    <>
      <ListPage<Role, SearchValues>
        ref={list}
        listQuery={({ createTime: _range, ...query }) => roleQueries.list(query)}
        toQuery={({ createTime, ...filters }) => addDateRange(filters, createTime)}
        rowKey="roleId"
        selection="multiple"
        columns={columns}
        searchFields={
          <>
            <Form.Item name="roleName" label={t('roleName')}>
              <Input allowClear placeholder={t('roleNamePlaceholder')} style={{ width: 180 }} />
            </Form.Item>
            <Form.Item name="roleKey" label={t('roleKey')}>
              <Input allowClear placeholder={t('roleKeyPlaceholder')} style={{ width: 180 }} />
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
            add={{ perm: 'system:role:add', onClick: () => setDialog({ open: true, roleId: undefined }) }}
            edit={{ perm: 'system:role:edit', onClick: (row) => setDialog({ open: true, roleId: row.roleId }), disabled: (row) => row.admin === true }}
            remove={{ perm: 'system:role:remove', onClick: remove }}
            export={{ perm: 'system:role:export', onClick: () => roleApi.export(query) }}
          />
        )}
      />
      <RoleFormDialog open={dialog.open} roleId={dialog.roleId} onClose={() => setDialog({ open: false, roleId: undefined })} />
      <DataScopeDialog role={scopeRole} onClose={() => setScopeRole(null)} />
    </>
  );
}
