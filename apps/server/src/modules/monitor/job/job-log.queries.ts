import type { JobLogQuery } from '@ccms/contracts/monitor/job-log';
import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sysJobLog } from '../../../db/schema';
import { contains, withinRange } from '../../../platform/db/filters';
import { EXPORT_MAX_ROWS } from '../../../platform/http/excel';
import { orderBy, pageWindow } from '../../../platform/http/paging';

const sortable = { startTime: sysJobLog.startTime, createTime: sysJobLog.createTime, jobName: sysJobLog.jobName };

function filters(q: JobLogQuery): SQL | undefined {
  return and(
    q.jobId !== undefined ? eq(sysJobLog.jobId, q.jobId) : undefined,
    contains(sysJobLog.jobName, q.jobName),
    q.jobGroup ? eq(sysJobLog.jobGroup, q.jobGroup) : undefined,
    q.status ? eq(sysJobLog.status, q.status) : undefined,
    withinRange(sysJobLog.createTime, q),
  );
}

export async function listJobLogs(db: Db, q: JobLogQuery) {
  const where = filters(q);
  const order = orderBy(q, sortable, desc(sysJobLog.jobLogId));
  const { limit, offset } = pageWindow(q);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(sysJobLog)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(sysJobLog).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export const jobLogsForExport = (db: Db, q: JobLogQuery) =>
  db
    .select()
    .from(sysJobLog)
    .where(filters(q))
    .orderBy(...orderBy(q, sortable, desc(sysJobLog.jobLogId)))
    .limit(EXPORT_MAX_ROWS);

export async function findJobLog(db: Db, jobLogId: number) {
  const [row] = await db.select().from(sysJobLog).where(eq(sysJobLog.jobLogId, jobLogId));
  return row;
}

export const deleteJobLogs = (db: Db, ids: number[]) => db.delete(sysJobLog).where(inArray(sysJobLog.jobLogId, ids));

export const deleteAllJobLogs = (db: Db) => db.delete(sysJobLog);
