import { CaretRightOutlined, DownOutlined, EyeOutlined, OrderedListOutlined, UnorderedListOutlined } from '@ant-design/icons';
import type { Job } from '@ccms/contracts/monitor/job';
import { App, Button, Dropdown, Form, Input, type MenuProps, Select, Switch } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HasPermi, useHasPermi } from '../../../../shared/auth/HasPermi';
import { confirmDialog } from '../../../../shared/confirm';
import { DictTag } from '../../../../shared/dict/DictTag';
import { useDicts } from '../../../../shared/dict/use-dict';
import { dateTime } from '../../../../shared/format';
import { CrudButtons, CrudLinks } from '../../../../shared/list/CrudButtons';
import { type ListColumn, ListPage, type ListPageHandle } from '../../../../shared/list/ListPage';
import '../../monitor.css';
import { JobDetailDialog } from '../components/JobDetailDialog';
import { JobFormDialog } from '../components/JobFormDialog';
import { JOB_LOG_PATH, type JobFilters, jobApi } from '../job-api';
import { jobQueries, useChangeJobStatus, useDeleteJobs, useRunJob } from '../job-queries';

/** Scheduled jobs (RuoYi monitor/job/index): search, add/edit, status switch, run once, details, job log, delete, export. */
export default function JobPage() {
  const { t } = useTranslation('job');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { sys_job_group: groups, sys_job_status: statuses } = useDicts('sys_job_group', 'sys_job_status');
  const list = useRef<ListPageHandle>(null);
  const [dialog, setDialog] = useState<{ open: boolean; jobId: number | undefined }>({ open: false, jobId: undefined });
  const [detail, setDetail] = useState<Job | null>(null);
  const canChangeStatus = useHasPermi(['monitor:job:changeStatus']);
  const canQuery = useHasPermi(['monitor:job:query']);
  const deleteJobs = useDeleteJobs();
  const changeStatus = useChangeJobStatus();
  const runJob = useRunJob();

  const remove = async (rows: readonly Job[]) => {
    if (rows.length === 0) return;
    if (!(await confirmDialog(t('confirmDelete', { ids: rows.map((r) => r.jobId).join(', ') }), { type: 'danger' }))) return;
    await deleteJobs.mutateAsync(rows.map((r) => r.jobId));
    message.success(t('deleted'));
    list.current?.clearSelection();
  };

  const toggle = async (row: Job, on: boolean) => {
    if (!(await confirmDialog(on ? t('confirmEnable', { name: row.jobName }) : t('confirmPause', { name: row.jobName })))) return;
    await changeStatus.mutateAsync({ jobId: row.jobId, status: on ? '0' : '1' });
    message.success(on ? t('enabled') : t('paused'));
  };

  const runOnce = async (row: Job) => {
    if (!(await confirmDialog(t('confirmRun', { name: row.jobName })))) return;
    await runJob.mutateAsync({ jobId: row.jobId, jobGroup: row.jobGroup });
    message.success(t('ran'));
  };

  const openLog = (jobId?: number) => navigate(jobId ? `${JOB_LOG_PATH}?jobId=${jobId}` : JOB_LOG_PATH);

  const more = (row: Job): MenuProps['items'] => [
    ...(canChangeStatus ? [{ key: 'run', icon: <CaretRightOutlined />, label: t('runOnce'), onClick: () => runOnce(row) }] : []),
    ...(canQuery
      ? [
          { key: 'detail', icon: <EyeOutlined />, label: t('detail'), onClick: () => setDetail(row) },
          { key: 'log', icon: <OrderedListOutlined />, label: t('log'), onClick: () => openLog(row.jobId) },
        ]
      : []),
  ];

  const columns: ListColumn<Job>[] = [
    { key: 'jobId', dataIndex: 'jobId', title: t('jobId'), width: 100, sorter: true },
    { key: 'jobName', dataIndex: 'jobName', title: t('jobName'), ellipsis: true, sorter: true },
    { key: 'jobGroup', dataIndex: 'jobGroup', title: t('jobGroup'), width: 110, render: (v: string) => <DictTag options={groups} value={v} /> },
    { key: 'invokeTarget', dataIndex: 'invokeTarget', title: t('invokeTarget'), render: (v: string) => <code>{v}</code> },
    { key: 'cronExpression', dataIndex: 'cronExpression', title: t('cronShort'), render: (v: string) => <code>{v}</code> },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('status'),
      width: 100,
      render: (v: string, row: Job) =>
        canChangeStatus ? (
          <Switch size="small" checked={v === '0'} aria-label={`${row.jobName} ${t('status')}`} onChange={(on) => toggle(row, on)} />
        ) : (
          <DictTag options={statuses} value={v} />
        ),
    },
    { key: 'nextValidTime', dataIndex: 'nextValidTime', title: t('nextValidTime'), width: 180, render: dateTime, defaultHidden: true },
    {
      key: 'actions',
      title: tc('operation'),
      hideable: false,
      width: 230,
      fixed: 'right',
      render: (_: unknown, row: Job) => {
        const items = more(row);
        return (
          <CrudLinks
            row={row}
            edit={{ perm: 'monitor:job:edit', onClick: (r) => setDialog({ open: true, jobId: r.jobId }) }}
            remove={{ perm: 'monitor:job:remove', onClick: remove }}
          >
            {items && items.length > 0 && (
              <Dropdown menu={{ items }} trigger={['click']}>
                <Button type="link" size="small">
                  {t('more')} <DownOutlined />
                </Button>
              </Dropdown>
            )}
          </CrudLinks>
        );
      },
    },
  ];

  return (
    <>
      <ListPage<Job, JobFilters>
        ref={list}
        listQuery={jobQueries.list}
        rowKey="jobId"
        selection="multiple"
        columns={columns}
        searchFields={
          <>
            <Form.Item name="jobName" label={t('jobName')}>
              <Input allowClear placeholder={t('jobNamePlaceholder')} style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name="jobGroup" label={t('jobGroup')}>
              <Select allowClear placeholder={t('jobGroupPlaceholder')} options={groups} style={{ width: 160 }} />
            </Form.Item>
            <Form.Item name="status" label={t('status')}>
              <Select allowClear placeholder={t('statusPlaceholder')} options={statuses} style={{ width: 140 }} />
            </Form.Item>
          </>
        }
        toolbar={({ selectedRows, query }) => (
          <>
            <CrudButtons
              selected={selectedRows}
              add={{ perm: 'monitor:job:add', onClick: () => setDialog({ open: true, jobId: undefined }) }}
              edit={{ perm: 'monitor:job:edit', onClick: (row) => setDialog({ open: true, jobId: row.jobId }) }}
              remove={{ perm: 'monitor:job:remove', onClick: remove }}
              export={{ perm: 'monitor:job:export', onClick: () => jobApi.export(query) }}
            />
            <HasPermi value={['monitor:job:query']}>
              <Button icon={<UnorderedListOutlined />} onClick={() => openLog()}>
                {t('log')}
              </Button>
            </HasPermi>
          </>
        )}
      />
      <JobFormDialog open={dialog.open} jobId={dialog.jobId} onClose={() => setDialog({ open: false, jobId: undefined })} />
      <JobDetailDialog job={detail} onClose={() => setDetail(null)} />
    </>
  );
}
