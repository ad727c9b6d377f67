import type { JobQuery } from '@ccms/contracts/monitor/job';
import { and, asc, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sysJob } from '../../../db/schema';
import { contains } from '../../../platform/db/filters';
import { EXPORT_MAX_ROWS } from '../../../platform/http/excel';
import { orderBy, pageWindow } from '../../../platform/http/paging';

const sortable = { jobId: sysJob.jobId, jobName: sysJob.jobName, jobGroup: sysJob.jobGroup, createTime: sysJob.createTime };

function filters(q: Partial<JobQuery>): SQL | undefined {
  return and(
    contains(sysJob.jobName, q.jobName),
    q.jobGroup ? eq(sysJob.jobGroup, q.jobGroup) : undefined,
    contains(sysJob.invokeTarget, q.invokeTarget),
    q.status ? eq(sysJob.status, q.status) : undefined,
  );
}

export async function listJobs(db: Db, q: JobQuery) {
  const where = filters(q);
  const order = orderBy(q, sortable, asc(sysJob.jobId));
  const { limit, offset } = pageWindow(q);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(sysJob)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(sysJob).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export const jobsForExport = (db: Db, q: JobQuery) =>
  db
    .select()
    .from(sysJob)
    .where(filters(q))
    .orderBy(...orderBy(q, sortable, asc(sysJob.jobId)))
    .limit(EXPORT_MAX_ROWS);

export async function findJob(db: Db, jobId: number) {
  const [row] = await db.select().from(sysJob).where(eq(sysJob.jobId, jobId));
  return row;
}

export const deleteJobs = (db: Db, ids: number[]) => db.delete(sysJob).where(inArray(sysJob.jobId, ids)).returning({ jobId: sysJob.jobId });
