import type { Language } from '@ccms/contracts/constants';
import type { JobLog } from '@ccms/contracts/monitor/job-log';
import { type ExcelColumn, labelOf } from '../../../platform/http/excel';

/** The job run log export's columns; status as its label in the caller's language. */
export function jobLogColumns(lang: Language): ExcelColumn<JobLog>[] {
  return [
    { key: 'jobLogId', header: 'jobLog.excel.jobLogId', width: 10 },
    { key: 'jobId', header: 'jobLog.excel.jobId', width: 10 },
    { key: 'jobName', header: 'jobLog.excel.jobName' },
    { key: 'jobGroup', header: 'jobLog.excel.jobGroup' },
    { key: 'invokeTarget', header: 'jobLog.excel.invokeTarget', width: 24 },
    { key: 'jobMessage', header: 'jobLog.excel.jobMessage', width: 40 },
    { key: 'status', header: 'jobLog.excel.status', width: 10, format: labelOf(lang, 'excel.result') },
    { key: 'exceptionInfo', header: 'jobLog.excel.exceptionInfo', width: 40 },
    { key: 'startTime', header: 'jobLog.excel.startTime', width: 20 },
    { key: 'stopTime', header: 'jobLog.excel.stopTime', width: 20 },
  ];
}
