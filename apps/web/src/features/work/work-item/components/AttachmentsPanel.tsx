import { DeleteOutlined, DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import type { WorkItemAttachment } from '@ccms/contracts/work/work-item-collab';
import { App, Button, Table, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../api/errors';
import { confirmDialog } from '../../../../shared/confirm';
import { time } from '../../shared/labels';
import { workItemApi } from '../work-item-api';
import { useRemoveAttachment, useUploadAttachment, useWorkItemAttachments } from '../work-item-queries';

const sizeText = (n: number) => (n < 1024 ? `${n} B` : n < 1024 * 1024 ? `${(n / 1024).toFixed(1)} KB` : `${(n / 1024 / 1024).toFixed(1)} MB`);

/** Files attached to a work item; a duplicate name asks whether to replace the file. A change refreshes the item and its history through the work item keys. */
export function AttachmentsPanel({ workItemId, canWrite }: { workItemId: number; canWrite: boolean }) {
  const { t } = useTranslation('work-item');
  const { t: tc } = useTranslation();
  const { message, notification } = App.useApp();
  const list = useWorkItemAttachments(workItemId);
  const uploadFile = useUploadAttachment();
  const removeAttachment = useRemoveAttachment();
  const [busy, setBusy] = useState(false);

  const upload = async (file: File) => {
    setBusy(true);
    try {
      try {
        await uploadFile.mutateAsync({ id: workItemId, file, replace: false });
        message.success(t('attachments.uploaded'));
      } catch (err) {
        if (!(err instanceof ApiError) || err.code !== 409) throw err;
        if (!(await confirmDialog(t('attachments.replaceConfirm', { name: file.name })))) return;
        await uploadFile.mutateAsync({ id: workItemId, file, replace: true });
        message.success(t('attachments.replaced'));
      }
    } catch (err) {
      notification.error({ title: err instanceof Error ? err.message : String(err) });
    } finally {
      setBusy(false);
    }
  };
  const remove = async (a: WorkItemAttachment) => {
    if (!(await confirmDialog(t('attachments.confirmDelete', { name: a.fileName }), { type: 'danger' }))) return;
    await removeAttachment.mutateAsync({ id: workItemId, attachmentId: a.attachmentId });
  };

  return (
    <div data-testid="attachments-panel">
      {canWrite && (
        <Upload
          showUploadList={false}
          beforeUpload={(file) => {
            void upload(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={busy} style={{ marginBottom: 12 }} data-testid="attachment-upload">
            {t('attachments.upload')}
          </Button>
        </Upload>
      )}
      <Table<WorkItemAttachment>
        size="small"
        rowKey="attachmentId"
        loading={list.isFetching}
        dataSource={list.data ?? []}
        pagination={false}
        locale={{ emptyText: t('attachments.empty') }}
        columns={[
          {
            key: 'fileName',
            dataIndex: 'fileName',
            title: t('attachments.title'),
            render: (name: string, a) => (
              <Button type="link" size="small" icon={<DownloadOutlined />} onClick={() => workItemApi.downloadAttachment(workItemId, a)}>
                {name}
              </Button>
            ),
          },
          { key: 'size', dataIndex: 'size', title: t('attachments.size'), width: 100, render: sizeText },
          { key: 'by', title: t('attachments.uploadedBy'), width: 120, render: (_: unknown, a) => a.updateBy || a.createBy },
          { key: 'at', title: t('attachments.uploadedAt'), width: 180, render: (_: unknown, a) => time(a.updateTime ?? a.createTime) },
          ...(canWrite
            ? [
                {
                  key: 'actions',
                  title: tc('operation'),
                  width: 100,
                  render: (_: unknown, a: WorkItemAttachment) => (
                    <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => remove(a)}>
                      {t('attachments.delete')}
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
    </div>
  );
}
