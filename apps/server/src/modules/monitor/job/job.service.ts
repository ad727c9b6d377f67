import type { Language } from '@ccms/contracts/constants';
import { Code } from '@ccms/contracts/http';
import { translate } from '@ccms/contracts/messages';
import type { Job, JobBody, JobHandlerInfo, JobQuery, JobStatusBody, JobUpdate } from '@ccms/contracts/monitor/job';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sysJob } from '../../../db/schema';
import type { AuthContext } from '../../../platform/auth/access';
import { AppError, badRequest, notFound, sentence } from '../../../platform/http/errors';
import { toXlsx } from '../../../platform/http/excel';
import { issueMessage } from '../../../platform/http/validation';
import { checkCron, nextFire, normaliseCron } from '../../../platform/jobs/cron';
import type { JobRegistry } from '../../../platform/jobs/registry';
import type { JobRow, JobRunner } from '../../../platform/jobs/runner';
import { jobColumns } from './job.excel';
import { deleteJobs, findJob, jobsForExport, listJobs } from './job.queries';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A row as the API shows it: parameters always an object, and when it fires next. */
function present(row: JobRow): Job {
  return {
    ...row,
    invokeParams: isRecord(row.invokeParams) ? row.invokeParams : {},
    nextValidTime: row.status === '0' ? nextFire(row.cronExpression) : null,
  };
}

/** The handler must be registered, its parameters right for it, and the cron one pg-boss can run. */
function assertRunnable(handlers: JobRegistry, body: JobBody, lang: Language) {
  const handler = handlers.handler(body.invokeTarget);
  if (!handler) throw badRequest('job.handler.unknown', { field: 'invokeTarget', name: body.invokeTarget });
  const issue = handler.check(body.invokeParams);
  if (issue) throw new AppError(Code.BAD_REQUEST, sentence(issueMessage(lang, issue)));
  const cron = checkCron(body.cronExpression);
  if (cron === 'invalid') throw badRequest('job.cron.invalid', { field: 'cronExpression' });
  if (cron === 'tooFrequent') throw badRequest('job.cron.tooFrequent', { field: 'cronExpression' });
}

const fields = (body: JobBody) => ({
  jobName: body.jobName,
  jobGroup: body.jobGroup,
  invokeTarget: body.invokeTarget,
  invokeParams: body.invokeParams,
  cronExpression: normaliseCron(body.cronExpression),
  misfirePolicy: body.misfirePolicy,
  concurrent: body.concurrent,
  status: body.status,
  remark: body.remark ?? '',
});

export function jobService(db: Db, runner: JobRunner) {
  async function mustFind(jobId: number) {
    const row = await findJob(db, jobId);
    if (!row) throw notFound('job.notFound', { id: jobId });
    return row;
  }

  return {
    async list(q: JobQuery) {
      const { rows, total } = await listJobs(db, q);
      return { rows: rows.map(present), total };
    },
    get: async (jobId: number) => present(await mustFind(jobId)),

    /** Handlers a job can call, for the form's picker. */
    handlers: (): JobHandlerInfo[] => runner.handlers().map(({ name, description, params, example }) => ({ name, description, params, example })),

    async create(auth: AuthContext, body: JobBody, lang: Language) {
      assertRunnable(runner, body, lang);
      const [row] = await db
        .insert(sysJob)
        .values({ ...fields(body), createBy: auth.userName })
        .returning({ jobId: sysJob.jobId });
      if (row) await runner.sync(row.jobId);
    },

    async update(auth: AuthContext, body: JobUpdate, lang: Language) {
      await mustFind(body.jobId);
      assertRunnable(runner, body, lang);
      await db
        .update(sysJob)
        .set({ ...fields(body), updateBy: auth.userName, updateTime: new Date() })
        .where(eq(sysJob.jobId, body.jobId));
      await runner.sync(body.jobId);
    },

    /** Schedules (0) or pauses (1) a job in pg-boss. */
    async changeStatus(auth: AuthContext, body: JobStatusBody) {
      await mustFind(body.jobId);
      await db.update(sysJob).set({ status: body.status, updateBy: auth.userName, updateTime: new Date() }).where(eq(sysJob.jobId, body.jobId));
      await runner.sync(body.jobId);
    },

    /** Runs once now, whatever the job's status; the run leaves a job log row. */
    async run(jobId: number) {
      await runner.trigger(await mustFind(jobId));
    },

    async remove(ids: number[]) {
      const removed = await deleteJobs(db, ids);
      for (const { jobId } of removed) await runner.sync(jobId);
    },

    async exportXlsx(q: JobQuery, lang: Language) {
      return toXlsx(translate(lang, 'job.excel.sheet'), jobColumns(lang), (await jobsForExport(db, q)).map(present), lang);
    },
  };
}
