import { ClearOutlined, CloseOutlined, EyeOutlined } from '@ant-design/icons';
import type { JobLog } from '@ccms/contracts/monitor/job-log';
import { App, Button, DatePicker, Form, Input, Select, Tag } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { HasPermi, useHasPermi } from '../../../../shared/auth/HasPermi';
import { confirmDialog } from '../../../../shared/confirm';
import { DictTag } from '../../../../shared/dict/DictTag';
import { useDicts } from '../../../../shared/dict/use-dict';
import { dateTime } from '../../../../shared/format';
import { CrudButtons } from '../../../../shared/list/CrudButtons';
import { type ListColumn, ListPage, type ListPageHandle } from '../../../../shared/list/ListPage';
import { useTags } from '../../../../state/tags-store';
import '../../monitor.css';
import { JobLogDetailDialog } from '../components/JobLogDetailDialog';
import { JOB_LIST_PATH, type JobLogFilters, jobApi, jobLogFilters } from '../job-api';
import { runDuration } from '../job-log';
import { jobQueries, useCleanJobLog, useDeleteJobLogs, useJob } from '../job-queries';
import '../job.css';

/** Job log (RuoYi monitor/job/log, route /monitor/job-log/index[?jobId=]): search, details, delete, clean, export. */
export default function JobLogPage() {
  const { t } = useTranslation('job');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const { sys_job_group: groups, sys_common_status: statuses } = useDicts('sys_job_group', 'sys_common_status');
  const list = useRef<ListPageHandle>(null);
  const [detail, setDetail] = useState<JobLog | null>(null);
  const jobIdParam = Number(search.get('jobId'));
  const jobId = Number.isInteger(jobIdParam) && jobIdParam > 0 ? jobIdParam : undefined;
  const canQuery = useHasPermi(['monitor:job:query']);
  const job = useJob(jobId, canQuery);
  const deleteLogs = useDeleteJobLogs();
  const cleanLog = useCleanJobLog();

  const done = (text: string) => {
    message.success(text);
    list.current?.clearSelection();
  };

  const remove = async (rows: readonly JobLog[]) => {
    if (rows.length === 0) return;
    if (!(await confirmDialog(t('logPage.confirmDelete', { ids: rows.map((r) => r.jobLogId).join(', ') }), { type: 'danger' }))) return;
    await deleteLogs.mutateAsync(rows.map((r) => r.jobLogId));
    done(t('logPage.deleted'));
  };

  const clean = async () => {
    if (!(await confirmDialog(t('logPage.confirmClean'), { type: 'danger' }))) return;
    await cleanLog.mutateAsync();
    done(t('logPage.cleaned'));
  };

  const close = () => {
    const tags = useTags.getState();
    const view = tags.visitedViews.find((v) => v.path === pathname);
    if (view) tags.delView(view);
    navigate(JOB_LIST_PATH);
  };

  const columns: ListColumn<JobLog>[] = [
    { key: 'jobLogId', dataIndex: 'jobLogId', title: t('logPage.jobLogId'), width: 100 },
    { key: 'jobName', dataIndex: 'jobName', title: t('jobName'), ellipsis: true, sorter: true },
    { key: 'jobGroup', dataIndex: 'jobGroup', title: t('jobGroup'), width: 110, render: (v: string) => <DictTag options={groups} value={v} /> },
    { key: 'invokeTarget', dataIndex: 'invokeTarget', title: t('invokeTarget'), render: (v: string) => <code>{v}</code> },
    { key: 'jobMessage', dataIndex: 'jobMessage', title: t('logPage.jobMessage'), ellipsis: true },
    { key: 'status', dataIndex: 'status', title: t('logPage.status'), width: 110, render: (v: string) => <DictTag options={statuses} value={v} /> },
    { key: 'startTime', dataIndex: 'startTime', title: t('logPage.startTime'), width: 180, sorter: true, render: dateTime },
    {
      key: 'duration',
      title: t('logPage.duration'),
      width: 110,
      render: (_: unknown, row: JobLog) => {
        const ms = runDuration(row);
        return ms === null ? '-' : t('logPage.ms', { n: ms });
      },
    },
    {
      key: 'actions',
      title: tc('operation'),
      hideable: false,
      width: 100,
      fixed: 'right',
      render: (_: unknown, row: JobLog) => (
        <HasPermi value={['monitor:job:query']}>
          <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => setDetail(row)}>
            {t('logPage.detail')}
          </Button>
        </HasPermi>
      ),
    },
  ];

  return (
    <>
      <ListPage<JobLog, JobLogFilters>
        key={jobId ?? 'all'}
        ref={list}
        listQuery={jobQueries.logList}
        initialFilters={jobId ? { jobId } : {}}
        toQuery={jobLogFilters}
        rowKey="jobLogId"
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
            <Form.Item name="status" label={t('logPage.status')}>
              <Select allowClear placeholder={t('logPage.statusPlaceholder')} options={statuses} style={{ width: 140 }} />
            </Form.Item>
            <Form.Item name="dateRange" label={t('logPage.startTime')}>
              <DatePicker.RangePicker placeholder={[t('logPage.beginDate'), t('logPage.endDate')]} style={{ width: 260 }} />
            </Form.Item>
          </>
        }
        toolbar={({ selectedRows, query }) => (
          <>
            {jobId !== undefined && (
              <Tag closable color="blue" className="job-log-filter" onClose={() => navigate(pathname)}>
                {t('logPage.filteredBy', { name: job.data?.jobName ?? `#${jobId}` })}
              </Tag>
            )}
            <CrudButtons
              selected={selectedRows}
              remove={{ perm: 'monitor:job:remove', onClick: remove }}
              export={{ perm: 'monitor:job:export', onClick: () => jobApi.logs.export(query) }}
            >
              <HasPermi value={['monitor:job:remove']}>
                <Button danger icon={<ClearOutlined />} onClick={clean}>
                  {t('logPage.clean')}
                </Button>
              </HasPermi>
            </CrudButtons>
            <Button icon={<CloseOutlined />} onClick={close}>
              {t('logPage.close')}
            </Button>
          </>
        )}
      />
      <JobLogDetailDialog log={detail} onClose={() => setDetail(null)} />
    </>
  );
}
