import { PlusOutlined } from '@ant-design/icons';
import { RELEASE_LOG_STATUSES, type ReleaseLog, ReleaseLogBody, ReleaseLogPerm } from '@ccms/contracts/work/release-log';
import { Alert, App, Button, Form, Input, Select, Tag } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HasPermi } from '../../../../shared/auth/HasPermi';
import { confirmDialog } from '../../../../shared/confirm';
import { FormDialog } from '../../../../shared/form/FormDialog';
import { useEntityForm } from '../../../../shared/form/use-entity-form';
import { zodMaxLength, zodRules } from '../../../../shared/form/zod-rules';
import { CrudButtons, CrudLinks } from '../../../../shared/list/CrudButtons';
import { type ListColumn, ListPage, type ListPageHandle } from '../../../../shared/list/ListPage';
import { time } from '../../shared/labels';
import { usePlanRefs } from '../../work-item/work-item-queries';
import { type ReleaseLogFilters, releaseLogApi } from '../release-log-api';
import { releaseLogQueries, useDeleteReleaseLogs, useSaveReleaseLog } from '../release-log-queries';

const STATUS_COLORS: Record<string, string> = { notStarted: 'default', success: 'green', fail: 'red' };

type FormValues = Omit<ReleaseLogBody, 'projectId'>;

const toValues = (log: ReleaseLog): FormValues => ({
  planId: log.planId,
  planTitle: log.planTitle,
  version: log.version,
  commitComment: log.commitComment,
  archive: log.archive,
  status: log.status,
});

/** Add (`logId` undefined) or edit an entry of a project's release log; rules come from the contract's ReleaseLogBody. */
function ReleaseLogFormDialog({ open, logId, projectId, onClose }: { open: boolean; logId: number | undefined; projectId: number; onClose: () => void }) {
  const { t } = useTranslation('work-item');
  const { message } = App.useApp();
  const plans = usePlanRefs(projectId, open);
  const saveLog = useSaveReleaseLog();
  const entity = useEntityForm<FormValues, ReleaseLog>({
    open,
    load: logId === undefined ? undefined : releaseLogQueries.detail(logId),
    toValues,
    defaults: { status: 'notStarted' },
    // The entry stays in the project it was written for.
    save: (v) => saveLog.mutateAsync(logId === undefined ? { ...v, projectId } : { ...v, projectId, logId }),
    onSaved: () => {
      message.success(logId === undefined ? t('releaseLog.added') : t('releaseLog.updated'));
      onClose();
    },
  });
  const rules = (field: keyof FormValues) => zodRules(ReleaseLogBody, field, t(`releaseLog.${field}`));
  return (
    <FormDialog
      open={open}
      title={logId === undefined ? t('releaseLog.addTitle') : t('releaseLog.editTitle')}
      name="release-log-form"
      entity={entity}
      onClose={onClose}
    >
      <Form.Item name="planId" label={t('releaseLog.planId')}>
        <Select allowClear placeholder={t('releaseLog.planPlaceholder')} options={(plans.data ?? []).map((p) => ({ value: p.id, label: p.title }))} />
      </Form.Item>
      <Form.Item name="planTitle" label={t('releaseLog.planTitle')} rules={rules('planTitle')}>
        <Input maxLength={zodMaxLength(ReleaseLogBody, 'planTitle')} />
      </Form.Item>
      <Form.Item name="version" label={t('releaseLog.version')} rules={rules('version')}>
        <Input maxLength={zodMaxLength(ReleaseLogBody, 'version')} />
      </Form.Item>
      <Form.Item name="commitComment" label={t('releaseLog.commitComment')} rules={rules('commitComment')}>
        <Input.TextArea rows={3} maxLength={zodMaxLength(ReleaseLogBody, 'commitComment')} />
      </Form.Item>
      <Form.Item name="archive" label={t('releaseLog.archive')} rules={rules('archive')}>
        <Input maxLength={zodMaxLength(ReleaseLogBody, 'archive')} />
      </Form.Item>
      <Form.Item name="status" label={t('releaseLog.status')}>
        <Select options={RELEASE_LOG_STATUSES.map((s) => ({ value: s, label: t(`releaseLog.statuses.${s}`) }))} />
      </Form.Item>
    </FormDialog>
  );
}

/** The release log of a project: index, plan, version, commit comment, archive, status, creator, time. */
export function ReleaseLogList({ projectId }: { projectId: number | undefined }) {
  const { t } = useTranslation('work-item');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const list = useRef<ListPageHandle>(null);
  const [dialog, setDialog] = useState<{ open: boolean; logId?: number }>({ open: false });
  const deleteLogs = useDeleteReleaseLogs();

  const remove = async (rows: readonly ReleaseLog[]) => {
    if (rows.length === 0) return;
    if (!(await confirmDialog(t('releaseLog.confirmDelete', { ids: rows.map((r) => r.index).join(', ') }), { type: 'danger' }))) return;
    await deleteLogs.mutateAsync(rows.map((r) => r.logId));
    message.success(t('releaseLog.deleted'));
    list.current?.clearSelection();
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
          edit={{ perm: ReleaseLogPerm.edit, onClick: (r) => setDialog({ open: true, logId: r.logId }) }}
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
        listQuery={(q) => releaseLogQueries.list({ ...q, projectId })}
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
              <Button type="primary" ghost icon={<PlusOutlined />} disabled={!projectId} onClick={() => setDialog({ open: true })}>
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
        <ReleaseLogFormDialog open={dialog.open} logId={dialog.logId} projectId={projectId} onClose={() => setDialog({ open: false })} />
      )}
    </>
  );
}
