import { HistoryOutlined, SendOutlined } from '@ant-design/icons';
import { type Deliverable, DeliverablePerm } from '@ccms/contracts/publish/deliverable';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Form, Input, Tag } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { HasPermi } from '../../../../shared/auth/HasPermi';
import { confirmDialog } from '../../../../shared/confirm';
import { CrudButtons, CrudLinks } from '../../../../shared/list/CrudButtons';
import { type ListColumn, ListPage, type ListPageHandle } from '../../../../shared/list/ListPage';
import { DeliverableFormDialog } from '../components/DeliverableFormDialog';
import { ReceiptsDrawer } from '../components/ReceiptsDrawer';
import type { DeliverableFilters } from '../deliverable-api';
import { deliverableQueries, useDeleteDeliverable, useDeliver } from '../deliverable-queries';

const date = (v: string | Date | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '');
const STATUS_COLOR: Record<string, string> = { success: 'success', fail: 'error', running: 'processing', queued: 'default' };

/** Deliverables (menu component ccms/deliverable/index): publication outputs sent to connections, with their receipts. */
export default function DeliverablePage() {
  const { t } = useTranslation('deliverable');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const list = useRef<ListPageHandle>(null);
  const [dialog, setDialog] = useState<{ open: boolean; deliverableId: number | undefined }>({ open: false, deliverableId: undefined });
  const [receiptsOf, setReceiptsOf] = useState<Deliverable | null>(null);
  const remove = useDeleteDeliverable();
  const deliver = useDeliver();
  // A delivery notice links here with ?deliverableId=: open that deliverable's receipts.
  const [params, setParams] = useSearchParams();
  const linked = Number(params.get('deliverableId'));
  const fromLink = useQuery({ ...deliverableQueries.detail(linked), enabled: Number.isInteger(linked) && linked > 0 });
  useEffect(() => {
    if (fromLink.data) setReceiptsOf(fromLink.data);
  }, [fromLink.data]);
  const closeReceipts = () => {
    setReceiptsOf(null);
    if (params.has('deliverableId')) setParams({}, { replace: true });
  };

  const removeRows = async (rows: readonly Deliverable[]) => {
    if (rows.length === 0) return;
    if (!(await confirmDialog(t('confirmDelete', { names: rows.map((r) => r.name).join(', ') }), { type: 'danger' }))) return;
    await remove.mutateAsync(rows.map((r) => r.deliverableId));
    message.success(t('deleted'));
    list.current?.clearSelection();
  };

  const deliverNow = async (row: Deliverable) => {
    await deliver.mutateAsync(row.deliverableId);
    message.success(t('deliveryQueued'));
    setReceiptsOf(row);
  };

  const columns: ListColumn<Deliverable>[] = [
    { key: 'name', dataIndex: 'name', title: t('name'), ellipsis: true },
    { key: 'publicationName', dataIndex: 'publicationName', title: t('publication'), ellipsis: true },
    { key: 'configName', dataIndex: 'configName', title: t('publishInfo'), width: 120 },
    { key: 'connectionName', dataIndex: 'connectionName', title: t('connection'), ellipsis: true },
    { key: 'target', title: t('target'), ellipsis: true, render: (_: unknown, r) => [r.filePath, r.fileName].filter(Boolean).join('/') },
    { key: 'scheduleJob', dataIndex: 'scheduleJob', title: t('scheduleJob'), width: 120 },
    {
      key: 'lastStatus',
      dataIndex: 'lastStatus',
      title: t('lastDelivery'),
      width: 170,
      render: (v: string, r) => (v ? <Tag color={STATUS_COLOR[v]}>{`${t(`receiptStatuses.${v}`, { defaultValue: v })} ${date(r.lastTime)}`}</Tag> : ''),
    },
    {
      key: 'actions',
      title: tc('operation'),
      hideable: false,
      width: 300,
      fixed: 'right',
      render: (_: unknown, row: Deliverable) => (
        <CrudLinks
          row={row}
          edit={{ perm: DeliverablePerm.edit, onClick: (r) => setDialog({ open: true, deliverableId: r.deliverableId }) }}
          remove={{ perm: DeliverablePerm.remove, onClick: removeRows }}
        >
          <HasPermi value={[DeliverablePerm.deliver]}>
            <Button
              type="link"
              size="small"
              icon={<SendOutlined />}
              loading={deliver.isPending && deliver.variables === row.deliverableId}
              onClick={() => deliverNow(row)}
            >
              {t('deliverNow')}
            </Button>
          </HasPermi>
          <Button type="link" size="small" icon={<HistoryOutlined />} onClick={() => setReceiptsOf(row)}>
            {t('receipts')}
          </Button>
        </CrudLinks>
      ),
    },
  ];

  return (
    <>
      <ListPage<Deliverable, DeliverableFilters>
        ref={list}
        listQuery={deliverableQueries.list}
        rowKey="deliverableId"
        selection="multiple"
        columns={columns}
        searchFields={
          <Form.Item name="name" label={t('name')}>
            <Input allowClear style={{ width: 200 }} />
          </Form.Item>
        }
        toolbar={({ selectedRows }) => (
          <CrudButtons
            selected={selectedRows}
            add={{ perm: DeliverablePerm.add, onClick: () => setDialog({ open: true, deliverableId: undefined }) }}
            edit={{ perm: DeliverablePerm.edit, onClick: (row) => setDialog({ open: true, deliverableId: row.deliverableId }) }}
            remove={{ perm: DeliverablePerm.remove, onClick: removeRows }}
          />
        )}
      />
      <DeliverableFormDialog open={dialog.open} deliverableId={dialog.deliverableId} onClose={() => setDialog({ open: false, deliverableId: undefined })} />
      <ReceiptsDrawer deliverable={receiptsOf} onClose={closeReceipts} />
    </>
  );
}
