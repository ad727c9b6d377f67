import type { Language } from '@ccms/contracts/constants';
import { translate } from '@ccms/contracts/messages';
import type { JobLog, JobLogQuery } from '@ccms/contracts/monitor/job-log';
import type { Db } from '../../../db/client';
import type { sysJobLog } from '../../../db/schema';
import { notFound } from '../../../platform/http/errors';
import { toXlsx } from '../../../platform/http/excel';
import { decodeJobMessage } from '../../../platform/jobs/registry';
import { jobLogColumns } from './job-log.excel';
import { deleteAllJobLogs, deleteJobLogs, findJobLog, jobLogsForExport, listJobLogs } from './job-log.queries';

type JobLogRow = typeof sysJobLog.$inferSelect;

/** Handler reports are stored as message keys; the reader sees them in their language. */
const present = (row: JobLogRow, lang: Language): JobLog => ({ ...row, jobMessage: decodeJobMessage(row.jobMessage, lang) });

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
        translate(lang, 'jobLog.excel.sheet'),
        jobLogColumns(lang),
        (await jobLogsForExport(db, q)).map((r) => present(r, lang)),
        lang,
      );
    },
  };
}
