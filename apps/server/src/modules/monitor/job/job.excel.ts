import type { Language } from '@ccms/contracts/constants';
import type { Job } from '@ccms/contracts/monitor/job';
import type { ExcelColumn } from '../../../platform/http/excel';

// The scheduled job export's columns.

export function jobColumns(lang: Language): ExcelColumn<Job>[] {
  const label = (map: Record<string, { zh: string; en: string }>) => (v: unknown) => map[String(v)]?.[lang] ?? String(v);
  return [
    { key: 'jobId', header: 'job.excel.jobId', width: 10 },
    { key: 'jobName', header: 'job.excel.jobName' },
    { key: 'jobGroup', header: 'job.excel.jobGroup' },
    { key: 'invokeTarget', header: 'job.excel.invokeTarget', width: 24 },
    { key: 'invokeParams', header: 'job.excel.invokeParams', width: 24, format: (v) => JSON.stringify(v) },
    { key: 'cronExpression', header: 'job.excel.cronExpression', width: 20 },
    {
      key: 'misfirePolicy',
      header: 'job.excel.misfirePolicy',
      format: label({ '1': { zh: '立即执行', en: 'Run at once' }, '2': { zh: '执行一次', en: 'Run once' }, '3': { zh: '放弃执行', en: 'Skip' } }),
    },
    {
      key: 'concurrent',
      header: 'job.excel.concurrent',
      width: 10,
      format: label({ '0': { zh: '允许', en: 'Allowed' }, '1': { zh: '禁止', en: 'Forbidden' } }),
    },
    {
      key: 'status',
      header: 'job.excel.status',
      width: 10,
      format: label({ '0': { zh: '正常', en: 'Normal' }, '1': { zh: '暂停', en: 'Paused' } }),
    },
    { key: 'remark', header: 'job.excel.remark' },
  ];
}
