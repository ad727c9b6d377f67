import { PlusOutlined } from '@ant-design/icons';
import { RELEASE_LOG_STATUSES, type ReleaseLog, type ReleaseLogBody, ReleaseLogPerm } from '@ccms/contracts/work/release-log';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, Modal, Select, Tag } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HasPermi } from '../../../../shared/auth/HasPermi';
import { confirmDialog } from '../../../../shared/confirm';
import { CrudButtons, CrudLinks } from '../../../../shared/list/CrudButtons';
import { type ListColumn, ListPage, type ListPageHandle } from '../../../../shared/list/ListPage';
import { time } from '../../work-item/components/labels';
import { type ReleaseLogFilters, releaseLogApi, workItemApi } from '../../work-item/work-item-api';

const STATUS_COLORS: Record<string, string> = { notStarted: 'default', success: 'green', fail: 'red' };

type FormValues = Omit<ReleaseLogBody, 'projectId'>;

function ReleaseLogFormDialog({
  open,
  log,
  projectId,
  onClose,
  onSaved,
}: {
  open: boolean;
  log: ReleaseLog | null;
  projectId: number;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('workitem');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const plans = useQuery({ queryKey: ['ccms', 'workitem', 'plans', projectId], queryFn: () => workItemApi.planOptions(projectId), enabled: open });
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (log)
      form.setFieldsValue({
        planId: log.planId,
        planTitle: log.planTitle,
        version: log.version,
        commitComment: log.commitComment,
        archive: log.archive,
        status: log.status,
      });
  }, [open, log, form]);
  const save = useMutation({
    mutationFn: (v: FormValues) => (log ? releaseLogApi.update({ ...v, projectId: log.projectId, logId: log.logId }) : releaseLogApi.add({ ...v, projectId })),
    onSuccess: () => {
      message.success(log ? t('releaseLog.updated') : t('releaseLog.added'));
      onSaved();
    },
  });
  return (
    <Modal
      open={open}
      title={log ? t('releaseLog.editTitle') : t('releaseLog.addTitle')}
      okText={tc('ok')}
      cancelText={tc('cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Form<FormValues> form={form} layout="vertical" name="release-log-form" initialValues={{ status: 'notStarted' }} onFinish={(v) => save.mutate(v)}>
        <Form.Item name="planId" label={t('releaseLog.planId')}>
          <Select allowClear placeholder={t('releaseLog.planPlaceholder')} options={(plans.data ?? []).map((p) => ({ value: p.id, label: p.title }))} />
        </Form.Item>
        <Form.Item name="planTitle" label={t('releaseLog.planTitle')}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="version" label={t('releaseLog.version')} rules={[{ required: true, whitespace: true, message: t('releaseLog.versionRequired') }]}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="commitComment" label={t('releaseLog.commitComment')}>
          <Input.TextArea rows={3} maxLength={1000} />
        </Form.Item>
        <Form.Item name="archive" label={t('releaseLog.archive')}>
          <Input maxLength={500} />
        </Form.Item>
        <Form.Item name="status" label={t('releaseLog.status')}>
          <Select options={RELEASE_LOG_STATUSES.map((s) => ({ value: s, label: t(`releaseLog.statuses.${s}`) }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The release log of a project: index, plan, version, commit comment, archive, status, creator, time. */
export function ReleaseLogList({ projectId }: { projectId: number | undefined }) {
  const { t } = useTranslation('workitem');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const list = useRef<ListPageHandle>(null);
  const [dialog, setDialog] = useState<{ open: boolean; log: ReleaseLog | null }>({ open: false, log: null });

  const remove = async (rows: readonly ReleaseLog[]) => {
    if (rows.length === 0) return;
    if (!(await confirmDialog(t('releaseLog.confirmDelete', { ids: rows.map((r) => r.index).join(', ') }), { type: 'danger' }))) return;
    await releaseLogApi.remove(rows.map((r) => r.logId));
    message.success(t('releaseLog.deleted'));
    list.current?.clearSelection();
    list.current?.reload();
  };

  const columns: ListColumn<ReleaseLog>[] = [
    { key: 'index', dataIndex: 'index', title: t('releaseLog.index'), width: 80, sorter: true },
    { key: 'planTitle', dataIndex: 'planTitle', title: t('releaseLog.planTitle'), sorter: true },
    { key: 'version', dataIndex: 'version', title: t('releaseLog.version'), width: 110, sorter: true },
    { key: 'commitComment', dataIndex: 'commitComment', title: t('releaseLog.commitComment') },
    { key: 'archive', dataIndex: 'archive', title: t('releaseLog.archive') },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('releaseLog.status'),
      width: 100,
      sorter: true,
      render: (v: ReleaseLog['status']) => <Tag color={STATUS_COLORS[v]}>{t(`releaseLog.statuses.${v}`)}</Tag>,
    },
    { key: 'createBy', dataIndex: 'createBy', title: t('releaseLog.createBy'), width: 110 },
    { key: 'createTime', dataIndex: 'createTime', title: t('releaseLog.createTime'), width: 170, sorter: true, render: time },
    {
      key: 'actions',
      title: tc('operation'),
      hideable: false,
      width: 150,
      render: (_: unknown, row: ReleaseLog) => (
        <CrudLinks
          row={row}
          edit={{ perm: ReleaseLogPerm.edit, onClick: (r) => setDialog({ open: true, log: r }) }}
          remove={{ perm: ReleaseLogPerm.remove, onClick: remove }}
        />
      ),
    },
  ];

  return (
    <>
      {projectId === undefined && <Alert type="info" showIcon title={t('list.noProject')} style={{ marginBottom: 12 }} />}
      <ListPage<ReleaseLog, ReleaseLogFilters>
        key={projectId ?? 0}
        ref={list}
        queryKey={['ccms', 'releaseLog', 'list', projectId ?? 0]}
        fetchPage={(q) => releaseLogApi.list({ ...q, projectId })}
        rowKey="logId"
        selection="multiple"
        columns={columns}
        searchFields={
          <>
            <Form.Item name="planTitle" label={t('releaseLog.planTitle')}>
              <Input allowClear style={{ width: 180 }} />
            </Form.Item>
            <Form.Item name="version" label={t('releaseLog.version')}>
              <Input allowClear style={{ width: 140 }} />
            </Form.Item>
            <Form.Item name="status" label={t('releaseLog.status')}>
              <Select allowClear style={{ width: 140 }} options={RELEASE_LOG_STATUSES.map((s) => ({ value: s, label: t(`releaseLog.statuses.${s}`) }))} />
            </Form.Item>
          </>
        }
        toolbar={({ selectedRows, query }) => (
          <>
            <HasPermi value={[ReleaseLogPerm.add]}>
              <Button type="primary" ghost icon={<PlusOutlined />} disabled={!projectId} onClick={() => setDialog({ open: true, log: null })}>
                {tc('add')}
              </Button>
            </HasPermi>
            <CrudButtons
              selected={selectedRows}
              remove={{ perm: ReleaseLogPerm.remove, onClick: remove }}
              export={{ perm: ReleaseLogPerm.export, onClick: () => releaseLogApi.export({ ...query, projectId }) }}
            />
          </>
        )}
      />
      {projectId !== undefined && (
        <ReleaseLogFormDialog
          open={dialog.open}
          log={dialog.log}
          projectId={projectId}
          onClose={() => setDialog({ open: false, log: null })}
          onSaved={() => {
            setDialog({ open: false, log: null });
            list.current?.reload();
          }}
        />
      )}
    </>
  );
}
