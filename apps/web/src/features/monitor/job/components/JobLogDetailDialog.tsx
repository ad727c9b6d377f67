import type { JobLog } from '@ccms/contracts/monitor/job-log';
import { Button, Descriptions, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { DictTag } from '../../../../shared/dict/DictTag';
import { useDicts } from '../../../../shared/dict/use-dict';
import { dateTime } from '../../../../shared/format';
import { runDuration } from '../job-log';

/** One run of a job: when, what it called, what it reported, and the error if it failed. */
export function JobLogDetailDialog({ log, onClose }: { log: JobLog | null; onClose: () => void }) {
  const { t } = useTranslation('job');
  const { t: tc } = useTranslation();
  const { sys_job_group: groups, sys_common_status: statuses } = useDicts('sys_job_group', 'sys_common_status');
  return (
    <Modal
      open={log !== null}
      title={t('logPage.detailTitle')}
      width={760}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{tc('close')}</Button>}
      destroyOnHidden
    >
      {log && (
        <Descriptions
          bordered
          size="small"
          column={{ xs: 1, sm: 2 }}
          styles={{ label: { width: 120, whiteSpace: 'nowrap' } }}
          items={[
            { key: 'id', label: t('logPage.jobLogId'), children: log.jobLogId },
            { key: 'start', label: t('logPage.startTime'), children: dateTime(log.startTime) },
            { key: 'name', label: t('jobName'), children: log.jobName },
            { key: 'stop', label: t('logPage.stopTime'), children: dateTime(log.stopTime) },
            { key: 'group', label: t('jobGroup'), children: <DictTag options={groups} value={log.jobGroup} /> },
            { key: 'duration', label: t('logPage.duration'), children: t('logPage.ms', { n: runDuration(log) ?? '-' }) },
            { key: 'target', label: t('invokeTarget'), span: 'filled', children: <code>{log.invokeTarget}</code> },
            { key: 'message', label: t('logPage.jobMessage'), span: 'filled', children: log.jobMessage },
            { key: 'status', label: t('logPage.status'), span: 'filled', children: <DictTag options={statuses} value={log.status} /> },
            ...(log.exceptionInfo
              ? [{ key: 'error', label: t('logPage.exceptionInfo'), span: 'filled' as const, children: <pre className="job-pre">{log.exceptionInfo}</pre> }]
              : []),
          ]}
        />
      )}
    </Modal>
  );
}
