import type { Language } from '@ccms/contracts/constants';
import type { Job, JobBody, JobHandlerInfo, JobQuery, JobStatusBody, JobUpdate } from '@ccms/contracts/monitor/job';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sysJob } from '../../../db/schema';
import type { AuthContext } from '../../../platform/auth/access';
import { badRequest, notFound } from '../../../platform/http/errors';
import { type ExcelColumn, toXlsx } from '../../../platform/http/excel';
import { issueMessage } from '../../../platform/http/validation';
import { checkCron, nextFire, normaliseCron } from '../../../platform/jobs/cron';
import type { JobRegistry } from '../../../platform/jobs/registry';
import type { JobRow, JobRunner } from '../../../platform/jobs/runner';
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
  if (issue) throw badRequest(issueMessage(lang, issue));
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

function columns(lang: Language): ExcelColumn<Job>[] {
  const label = (map: Record<string, { zh: string; en: string }>) => (v: unknown) => map[String(v)]?.[lang] ?? String(v);
  return [
    { key: 'jobId', header: { zh: '任务序号', en: 'Job ID' }, width: 10 },
    { key: 'jobName', header: { zh: '任务名称', en: 'Name' } },
    { key: 'jobGroup', header: { zh: '任务组名', en: 'Group' } },
    { key: 'invokeTarget', header: { zh: '调用目标', en: 'Handler' }, width: 24 },
    { key: 'invokeParams', header: { zh: '调用参数', en: 'Parameters' }, width: 24, format: (v) => JSON.stringify(v) },
    { key: 'cronExpression', header: { zh: '执行表达式', en: 'Cron' }, width: 20 },
    {
      key: 'misfirePolicy',
      header: { zh: '计划策略', en: 'Misfire policy' },
      format: label({ '1': { zh: '立即执行', en: 'Run at once' }, '2': { zh: '执行一次', en: 'Run once' }, '3': { zh: '放弃执行', en: 'Skip' } }),
    },
    {
      key: 'concurrent',
      header: { zh: '并发执行', en: 'Concurrent' },
      width: 10,
      format: label({ '0': { zh: '允许', en: 'Allowed' }, '1': { zh: '禁止', en: 'Forbidden' } }),
    },
    {
      key: 'status',
      header: { zh: '任务状态', en: 'Status' },
      width: 10,
      format: label({ '0': { zh: '正常', en: 'Normal' }, '1': { zh: '暂停', en: 'Paused' } }),
    },
    { key: 'remark', header: { zh: '备注', en: 'Remark' } },
  ];
}

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
      return toXlsx('job', columns(lang), (await jobsForExport(db, q)).map(present), lang);
    },
  };
}
