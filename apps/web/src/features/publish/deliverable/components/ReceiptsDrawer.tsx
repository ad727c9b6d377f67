import type { DeliveryReceipt } from '@ccms/contracts/publish/deliverable';
import { Drawer, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useReceipts } from '../deliverable-queries';

const STATUS_COLOR: Record<string, string> = { success: 'success', fail: 'error', running: 'processing', queued: 'default' };

const size = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`);

/** The receipts of one deliverable: when, which output, where, how big, its checksum, how long and how it ended. */
export function ReceiptsDrawer({ deliverable, onClose }: { deliverable: { deliverableId: number; name: string } | null; onClose: () => void }) {
  const { t } = useTranslation('deliverable');
  const receipts = useReceipts(deliverable?.deliverableId);
  return (
    <Drawer open={deliverable !== null} title={t('receiptsOf', { name: deliverable?.name ?? '' })} size="large" onClose={onClose} destroyOnHidden>
      <Table<DeliveryReceipt>
        rowKey="receiptId"
        size="small"
        loading={receipts.isLoading}
        dataSource={receipts.data?.rows}
        pagination={false}
        aria-label={t('receipts')}
        columns={[
          { key: 'startTime', dataIndex: 'startTime', title: t('receiptTime'), width: 150, render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm:ss') },
          {
            key: 'status',
            dataIndex: 'status',
            title: t('receiptStatus'),
            width: 90,
            render: (v: string) => <Tag color={STATUS_COLOR[v]}>{t(`receiptStatuses.${v}`, { defaultValue: v })}</Tag>,
          },
          { key: 'trigger', dataIndex: 'trigger', title: t('trigger'), width: 90, render: (v: string) => t(`triggers.${v}`, { defaultValue: v }) },
          { key: 'outputId', dataIndex: 'outputId', title: t('output'), width: 70 },
          { key: 'remotePath', dataIndex: 'remotePath', title: t('remoteFile'), ellipsis: true },
          { key: 'bytes', dataIndex: 'bytes', title: t('bytes'), width: 90, render: (v: number, r) => (r.status === 'success' ? size(v) : '') },
          {
            key: 'sha256',
            dataIndex: 'sha256',
            title: 'SHA-256',
            width: 120,
            render: (v: string) => (v ? <Typography.Text copyable={{ text: v }}>{v.slice(0, 12)}</Typography.Text> : ''),
          },
          { key: 'durationMs', dataIndex: 'durationMs', title: t('duration'), width: 80, render: (v: number) => (v ? `${(v / 1000).toFixed(1)} s` : '') },
          { key: 'attempts', dataIndex: 'attempts', title: t('attempts'), width: 70 },
          { key: 'error', dataIndex: 'error', title: t('error'), ellipsis: true },
        ]}
      />
    </Drawer>
  );
}
