import type { Job } from '@ccms/contracts/monitor/job';
import { Button, Descriptions, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { DictTag } from '../../../../shared/dict/DictTag';
import { useDicts } from '../../../../shared/dict/use-dict';
import { dateTime } from '../../../../shared/format';
import { paramsText } from '../job-api';

/** One job's settings and when it runs next. */
export function JobDetailDialog({ job, onClose }: { job: Job | null; onClose: () => void }) {
  const { t } = useTranslation('job');
  const { t: tc } = useTranslation();
  const { sys_job_group: groups, sys_job_status: statuses } = useDicts('sys_job_group', 'sys_job_status');
  const misfire = (v: string) => (v === '1' || v === '2' || v === '3' ? t(`misfire.${v}`) : v);
  const concurrency = (v: string) => (v === '0' || v === '1' ? t(`concurrency.${v}`) : v);
  return (
    <Modal
      open={job !== null}
      title={t('detailTitle')}
      width={760}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{tc('close')}</Button>}
      destroyOnHidden
    >
      {job && (
        <Descriptions
          bordered
          size="small"
          column={{ xs: 1, sm: 2 }}
          styles={{ label: { width: 120, whiteSpace: 'nowrap' } }}
          items={[
            { key: 'jobId', label: t('jobId'), children: job.jobId },
            { key: 'jobGroup', label: t('jobGroup'), children: <DictTag options={groups} value={job.jobGroup} /> },
            { key: 'jobName', label: t('jobName'), children: job.jobName },
            { key: 'createTime', label: t('createTime'), children: dateTime(job.createTime) },
            { key: 'cron', label: t('cronShort'), children: <code>{job.cronExpression}</code> },
            { key: 'next', label: t('nextValidTime'), children: job.nextValidTime ? dateTime(job.nextValidTime) : t('notScheduled') },
            { key: 'target', label: t('invokeTarget'), span: 'filled', children: <code>{job.invokeTarget}</code> },
            { key: 'params', label: t('invokeParams'), span: 'filled', children: <pre className="job-pre">{paramsText(job.invokeParams)}</pre> },
            { key: 'status', label: t('status'), children: <DictTag options={statuses} value={job.status} /> },
            { key: 'concurrent', label: t('concurrent'), children: concurrency(job.concurrent) },
            { key: 'misfire', label: t('misfirePolicy'), children: misfire(job.misfirePolicy) },
            { key: 'remark', label: t('remark'), children: job.remark },
          ]}
        />
      )}
    </Modal>
  );
}
