import { CheckCircleOutlined } from '@ant-design/icons';
import { CONNECTION_TYPES, type Connection, type ConnectionCheck, ConnectionPerm } from '@ccms/contracts/publish/connection';
import { App, Button, Form, Input, Select, Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HasPermi } from '../../../../shared/auth/HasPermi';
import { confirmDialog } from '../../../../shared/confirm';
import { CrudButtons, CrudLinks } from '../../../../shared/list/CrudButtons';
import { type ListColumn, ListPage, type ListPageHandle } from '../../../../shared/list/ListPage';
import { ConnectionFormDialog } from '../components/ConnectionFormDialog';
import type { ConnectionFilters } from '../connection-api';
import { connectionQueries, useDeleteConnection, useValidateConnection } from '../connection-queries';

const date = (v: string | Date | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '');

/** Connections (menu component ccms/connection/index): delivery servers, validated before deliverables may use them. */
export default function ConnectionPage() {
  const { t } = useTranslation('connection');
  const { t: tc } = useTranslation();
  const { message, modal } = App.useApp();
  const list = useRef<ListPageHandle>(null);
  const [dialog, setDialog] = useState<{ open: boolean; connectionId: number | undefined }>({ open: false, connectionId: undefined });
  const remove = useDeleteConnection();
  const validate = useValidateConnection();

  const removeRows = async (rows: readonly Connection[]) => {
    if (rows.length === 0) return;
    if (!(await confirmDialog(t('confirmDelete', { names: rows.map((r) => r.name).join(', ') }), { type: 'danger' }))) return;
    await remove.mutateAsync(rows.map((r) => r.connectionId));
    message.success(t('deleted'));
    list.current?.clearSelection();
  };

  const showResult = (result: ConnectionCheck) => {
    const show = result.state === 'success' ? modal.success : modal.error;
    show({ title: result.state === 'success' ? t('validateOk') : t('validateFailed'), content: result.message });
  };

  const runValidate = async (row: Connection) => {
    const result = await validate.mutateAsync({ connectionId: row.connectionId });
    if (result.state !== 'confirm') return showResult(result);
    // An SFTP server met for the first time: its host key is shown, and trusted only when the user says so.
    modal.confirm({
      title: t('hostKeyConfirmTitle'),
      width: 560,
      content: (
        <div data-testid="host-key-confirm">
          <p>{t('hostKeyConfirmText', { name: row.name, host: `${row.host}:${row.port}` })}</p>
          <Typography.Paragraph code copyable style={{ wordBreak: 'break-all' }}>
            {result.hostKey}
          </Typography.Paragraph>
          <p>{t('hostKeyConfirmHint')}</p>
        </div>
      ),
      okText: t('hostKeyTrust'),
      cancelText: tc('cancel'),
      onOk: async () => showResult(await validate.mutateAsync({ connectionId: row.connectionId, hostKey: result.hostKey })),
    });
  };

  const columns: ListColumn<Connection>[] = [
    { key: 'name', dataIndex: 'name', title: t('name'), ellipsis: true },
    { key: 'type', dataIndex: 'type', title: t('type'), width: 90, render: (v: string) => t(`types.${v}`, { defaultValue: v }) },
    { key: 'host', dataIndex: 'host', title: t('host'), ellipsis: true, render: (v: string, r) => `${v}:${r.port}` },
    { key: 'remotePath', dataIndex: 'remotePath', title: t('remotePath'), ellipsis: true },
    { key: 'username', title: t('username'), width: 120, render: (_: unknown, r) => r.credential.username },
    {
      key: 'validated',
      dataIndex: 'validated',
      title: t('validated'),
      width: 110,
      render: (v: string, r) => (
        <Tooltip title={r.validateMessage || undefined}>
          <Tag color={v === '1' ? 'success' : 'default'}>{v === '1' ? t('validatedYes') : t('validatedNo')}</Tag>
        </Tooltip>
      ),
    },
    { key: 'hostKey', dataIndex: 'hostKey', title: t('hostKey'), ellipsis: true, defaultHidden: true },
    { key: 'validateTime', dataIndex: 'validateTime', title: t('validateTime'), width: 160, render: date },
    {
      key: 'actions',
      title: tc('operation'),
      hideable: false,
      width: 240,
      fixed: 'right',
      render: (_: unknown, row: Connection) => (
        <CrudLinks
          row={row}
          edit={{ perm: ConnectionPerm.edit, onClick: (r) => setDialog({ open: true, connectionId: r.connectionId }) }}
          remove={{ perm: ConnectionPerm.remove, onClick: removeRows }}
        >
          <HasPermi value={[ConnectionPerm.edit]}>
            <Button
              type="link"
              size="small"
              icon={<CheckCircleOutlined />}
              loading={validate.isPending && validate.variables?.connectionId === row.connectionId}
              onClick={() => runValidate(row)}
            >
              {t('validate')}
            </Button>
          </HasPermi>
        </CrudLinks>
      ),
    },
  ];

  return (
    <>
      <ListPage<Connection, ConnectionFilters>
        ref={list}
        listQuery={connectionQueries.list}
        rowKey="connectionId"
        selection="multiple"
        columns={columns}
        searchFields={
          <>
            <Form.Item name="name" label={t('name')}>
              <Input allowClear style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name="type" label={t('type')}>
              <Select allowClear style={{ width: 140 }} options={CONNECTION_TYPES.map((v) => ({ value: v, label: t(`types.${v}`) }))} />
            </Form.Item>
          </>
        }
        toolbar={({ selectedRows }) => (
          <CrudButtons
            selected={selectedRows}
            add={{ perm: ConnectionPerm.add, onClick: () => setDialog({ open: true, connectionId: undefined }) }}
            edit={{ perm: ConnectionPerm.edit, onClick: (row) => setDialog({ open: true, connectionId: row.connectionId }) }}
            remove={{ perm: ConnectionPerm.remove, onClick: removeRows }}
          />
        )}
      />
      <ConnectionFormDialog open={dialog.open} connectionId={dialog.connectionId} onClose={() => setDialog({ open: false, connectionId: undefined })} />
    </>
  );
}
