import type { Language } from '@ccms/contracts/constants';
import type { JobLog, JobLogQuery } from '@ccms/contracts/monitor/job-log';
import type { Db } from '../../../db/client';
import type { sysJobLog } from '../../../db/schema';
import { notFound } from '../../../platform/http/errors';
import { type ExcelColumn, toXlsx } from '../../../platform/http/excel';
import { decodeJobMessage } from '../../../platform/jobs/registry';
import { deleteAllJobLogs, deleteJobLogs, findJobLog, jobLogsForExport, listJobLogs } from './job-log.queries';

type JobLogRow = typeof sysJobLog.$inferSelect;

/** Handler reports are stored as message keys; the reader sees them in their language. */
const present = (row: JobLogRow, lang: Language): JobLog => ({ ...row, jobMessage: decodeJobMessage(row.jobMessage, lang) });

function columns(lang: Language): ExcelColumn<JobLog>[] {
  const status: Record<string, { zh: string; en: string }> = { '0': { zh: '成功', en: 'Success' }, '1': { zh: '失败', en: 'Failure' } };
  return [
    { key: 'jobLogId', header: { zh: '日志序号', en: 'Log ID' }, width: 10 },
    { key: 'jobId', header: { zh: '任务序号', en: 'Job ID' }, width: 10 },
    { key: 'jobName', header: { zh: '任务名称', en: 'Name' } },
    { key: 'jobGroup', header: { zh: '任务组名', en: 'Group' } },
    { key: 'invokeTarget', header: { zh: '调用目标', en: 'Handler' }, width: 24 },
    { key: 'jobMessage', header: { zh: '日志信息', en: 'Message' }, width: 40 },
    { key: 'status', header: { zh: '执行状态', en: 'Status' }, width: 10, format: (v) => status[String(v)]?.[lang] ?? String(v) },
    { key: 'exceptionInfo', header: { zh: '异常信息', en: 'Exception' }, width: 40 },
    { key: 'startTime', header: { zh: '开始时间', en: 'Started' }, width: 20 },
    { key: 'stopTime', header: { zh: '结束时间', en: 'Stopped' }, width: 20 },
  ];
}

export function jobLogService(db: Db) {
  return {
    async list(q: JobLogQuery, lang: Language) {
      const { rows, total } = await listJobLogs(db, q);
      return { rows: rows.map((r) => present(r, lang)), total };
    },
    async get(jobLogId: number, lang: Language) {
      const row = await findJobLog(db, jobLogId);
      if (!row) throw notFound('jobLog.notFound', { id: jobLogId });
      return present(row, lang);
    },
    remove: (ids: number[]) => deleteJobLogs(db, ids),
    clean: () => deleteAllJobLogs(db),
    async exportXlsx(q: JobLogQuery, lang: Language) {
      return toXlsx(
        'jobLog',
        columns(lang),
        (await jobLogsForExport(db, q)).map((r) => present(r, lang)),
        lang,
      );
    },
  };
}
