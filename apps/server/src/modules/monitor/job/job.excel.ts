import type { Language } from '@ccms/contracts/constants';
import type { Job } from '@ccms/contracts/monitor/job';
import { type ExcelColumn, labelOf } from '../../../platform/http/excel';

/** The scheduled job export's columns; policies and status as their labels in the caller's language. */
export function jobColumns(lang: Language): ExcelColumn<Job>[] {
  return [
    { key: 'jobId', header: 'job.excel.jobId', width: 10 },
    { key: 'jobName', header: 'job.excel.jobName' },
    { key: 'jobGroup', header: 'job.excel.jobGroup' },
    { key: 'invokeTarget', header: 'job.excel.invokeTarget', width: 24 },
    { key: 'invokeParams', header: 'job.excel.invokeParams', width: 24, format: (v) => JSON.stringify(v) },
    { key: 'cronExpression', header: 'job.excel.cronExpression', width: 20 },
    { key: 'misfirePolicy', header: 'job.excel.misfirePolicy', format: labelOf(lang, 'job.excel.misfirePolicy') },
    { key: 'concurrent', header: 'job.excel.concurrent', width: 10, format: labelOf(lang, 'job.excel.concurrent') },
    { key: 'status', header: 'job.excel.status', width: 10, format: labelOf(lang, 'job.excel.status') },
    { key: 'remark', header: 'job.excel.remark' },
  ];
}
