import type { Language } from '@ccms/contracts/constants';
import type { JobLog } from '@ccms/contracts/monitor/job-log';
import type { ExcelColumn } from '../../../platform/http/excel';

// The job run log export's columns.

export function jobLogColumns(lang: Language): ExcelColumn<JobLog>[] {
  const status: Record<string, { zh: string; en: string }> = { '0': { zh: '成功', en: 'Success' }, '1': { zh: '失败', en: 'Failure' } };
  return [
    { key: 'jobLogId', header: 'jobLog.excel.jobLogId', width: 10 },
    { key: 'jobId', header: 'jobLog.excel.jobId', width: 10 },
    { key: 'jobName', header: 'jobLog.excel.jobName' },
    { key: 'jobGroup', header: 'jobLog.excel.jobGroup' },
    { key: 'invokeTarget', header: 'jobLog.excel.invokeTarget', width: 24 },
    { key: 'jobMessage', header: 'jobLog.excel.jobMessage', width: 40 },
    { key: 'status', header: 'jobLog.excel.status', width: 10, format: (v) => status[String(v)]?.[lang] ?? String(v) },
    { key: 'exceptionInfo', header: 'jobLog.excel.exceptionInfo', width: 40 },
    { key: 'startTime', header: 'jobLog.excel.startTime', width: 20 },
    { key: 'stopTime', header: 'jobLog.excel.stopTime', width: 20 },
  ];
}
