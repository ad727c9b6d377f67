import { eq, max } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import { sysJob, sysJobLog } from '../../db/schema';
import { clip } from '../audit/redact';
import { conflict } from '../http/errors';
import type { Storage } from '../storage/storage';
import { type BossSchedule, dropQueue, ensureQueue, FIRING_QUEUE, QUEUE_PREFIX, queueNameOf, RUN_TIMEOUT_SECONDS, schedulesOf } from './boss-queues';
import { checkCron, normaliseCron, previousFire, SERVER_TIME_ZONE } from './cron';
import { encodeJobMessage, type JobRegistry } from './registry';
import type { RunnerContext } from './runner-context';

/**
 * The scheduled jobs of sys_job: pg-boss made to follow each row (queue, cron schedule,
 * workers), each firing run by one node only, missed firings caught up at start, and every run
 * written to sys_job_log.
 */

export type JobRow = typeof sysJob.$inferSelect;

/** Workers per job that allows overlapping runs (concurrent = '0'). */
const OVERLAP_WORKERS = 3;

/** What a run message carries: the job, and either `manual` (run now) or the time a catch-up was due; neither is a cron firing. */
interface RunMessage {
  jobId?: number;
  manual?: boolean;
  due?: string;
}

export interface ScheduledJobs {
  /** Makes pg-boss follow every sys_job row, and drops the queues of rows gone. */
  reconcile(): Promise<void>;
  /** Makes pg-boss follow one sys_job row (or its absence); failures are logged. */
  sync(jobId: number): Promise<void>;
  /** Runs missed while the server was down (see the misfire policies). */
  catchUpMisfires(b: PgBoss): Promise<void>;
  trigger(job: JobRow): Promise<void>;
  schedules(): Promise<{ jobId: number; cron: string; timezone: string }[]>;
  workerCount(): number;
  /** Forgets this node's workers (pg-boss stopped). */
  clearWorkers(): void;
}

export function createScheduledJobs(ctx: RunnerContext, registry: JobRegistry, storage: Storage): ScheduledJobs {
  const { db, log } = ctx;
  const workers = new Map<number, { concurrent: string; ids: string[] }>();
  const runningHere = new Set<number>();

  /** Runs the handler and writes one sys_job_log row, whatever happens. */
  async function execute(job: JobRow): Promise<Error | null> {
    const startTime = new Date();
    let jobMessage = '';
    let failure: Error | null = null;
    try {
      const handler = registry.handler(job.invokeTarget);
      if (!handler) throw new Error(`"${job.invokeTarget}" is not a registered job handler`);
      const message = await handler.run(job.invokeParams, { db, storage, log, jobId: job.jobId, jobName: job.jobName });
      jobMessage = encodeJobMessage(message);
    } catch (err) {
      failure = err instanceof Error ? err : new Error(String(err));
      jobMessage = failure.message;
    }
    await db.insert(sysJobLog).values({
      jobId: job.jobId,
      jobName: job.jobName,
      jobGroup: job.jobGroup,
      invokeTarget: job.invokeTarget,
      jobMessage: clip(jobMessage, 500),
      status: failure ? '1' : '0',
      exceptionInfo: failure ? clip(failure.stack ?? failure.message, 2000) : '',
      startTime,
      stopTime: new Date(),
    });
    return failure;
  }

  /** When the run was due: as the catch-up says, else the cron firing its message was made for; null for a manual run. */
  function dueOf(item: PgBoss.JobWithMetadata<RunMessage>, row: JobRow): Date | null {
    if (item.data?.manual) return null;
    if (typeof item.data?.due === 'string') return new Date(item.data.due);
    // pg-boss queues a cron firing just after it is due; the firing is the last one at or before that.
    return previousFire(row.cronExpression, new Date(new Date(item.createdOn).getTime() + 1000));
  }

  /** True for the one node (and the one message) that may run this firing of the job. */
  async function claim(b: PgBoss, jobId: number, due: Date): Promise<boolean> {
    const at = due.toISOString();
    return (await b.send(FIRING_QUEUE, { jobId, due: at }, { singletonKey: `${jobId}@${at}` })) !== null;
  }

  async function work(jobs: PgBoss.JobWithMetadata<RunMessage>[]) {
    for (const item of jobs) {
      const jobId = Number(item.data?.jobId);
      const [row] = Number.isInteger(jobId) ? await db.select().from(sysJob).where(eq(sysJob.jobId, jobId)) : [];
      if (!row) continue;
      const due = dueOf(item, row);
      const b = ctx.boss;
      if (due && (!b || !(await claim(b, jobId, due)))) {
        log.info({ jobId, due }, 'job firing already claimed: not run again');
        continue;
      }
      const failure = await ctx.claimed(item.id, item.name, item.data, () => ctx.track(execute(row)));
      // pg-boss records the failure as well; the job log already holds the details.
      if (failure) throw failure;
    }
  }

  async function syncOne(b: PgBoss, job: JobRow, schedules: Map<string, BossSchedule>) {
    const name = queueNameOf(job.jobId);
    const policy = job.concurrent === '1' ? 'singleton' : 'standard';
    const queue = await b.getQueue(name);
    const queueOptions = { name, policy, retryLimit: 0, expireInSeconds: RUN_TIMEOUT_SECONDS } as const;
    if (!queue) await ensureQueue(b, name, queueOptions);
    else if (queue.policy !== policy) await b.updateQueue(name, queueOptions);

    const local = workers.get(job.jobId);
    if (!local || local.concurrent !== job.concurrent) {
      if (local) await b.offWork(name);
      const ids: string[] = [];
      for (let i = 0; i < (job.concurrent === '1' ? 1 : OVERLAP_WORKERS); i++) {
        ids.push(await b.work<RunMessage>(name, { batchSize: 1, pollingIntervalSeconds: ctx.pollingIntervalSeconds, includeMetadata: true }, work));
      }
      workers.set(job.jobId, { concurrent: job.concurrent, ids });
    }

    const cron = normaliseCron(job.cronExpression);
    const current = schedules.get(name);
    // A cron pg-boss cannot read would stop every schedule, so a bad row is left unscheduled.
    const wanted = job.status === '0' && checkCron(cron) === 'ok';
    if (job.status === '0' && !wanted) log.warn({ jobId: job.jobId, cron }, 'job not scheduled: invalid cron expression');
    if (wanted && (!current || current.cron !== cron || current.timezone !== SERVER_TIME_ZONE)) {
      await b.schedule(name, cron, { jobId: job.jobId }, { tz: SERVER_TIME_ZONE });
    } else if (!wanted && current) {
      await b.unschedule(name);
    }
  }

  async function reconcile() {
    const b = ctx.boss;
    if (!b) return;
    const rows = await db.select().from(sysJob);
    const schedules = await schedulesOf(b);
    for (const row of rows) {
      try {
        await syncOne(b, row, schedules);
      } catch (err) {
        log.error({ err, jobId: row.jobId }, 'job sync failed');
      }
    }
    const names = new Set(rows.map((r) => queueNameOf(r.jobId)));
    for (const queue of await b.getQueues()) if (queue.name.startsWith(QUEUE_PREFIX) && !names.has(queue.name)) await dropQueue(b, queue.name);
    for (const jobId of workers.keys()) if (!names.has(queueNameOf(jobId))) workers.delete(jobId);
  }

  /** Queues one run and wakes this node's workers, rather than waiting for their next poll. */
  async function send(b: PgBoss, jobId: number, message: RunMessage) {
    await b.send(queueNameOf(jobId), { ...message, jobId });
    for (const id of workers.get(jobId)?.ids ?? []) b.notifyWorker(id);
  }

  /**
   * Runs missed while the server was down: policy 1 (run at once) and 2 (run once) both fire one
   * catch-up run, since piling up several runs of a maintenance job helps nobody; 3 skips.
   */
  async function catchUpMisfires(b: PgBoss) {
    const rows = await db.select().from(sysJob).where(eq(sysJob.status, '0'));
    for (const row of rows) {
      if (row.misfirePolicy === '3') continue;
      const [last] = await db
        .select({ at: max(sysJobLog.startTime) })
        .from(sysJobLog)
        .where(eq(sysJobLog.jobId, row.jobId));
      const since = last?.at ?? row.updateTime ?? row.createTime;
      const missed = previousFire(row.cronExpression);
      // pg-boss still fires a run due in the last minute itself. Nodes starting together all send
      // it; the firing's claim lets one of them run it.
      if (missed && missed > since && missed.getTime() < Date.now() - 60_000) await send(b, row.jobId, { due: missed.toISOString() });
    }
  }

  /** Failures are logged, not thrown: sys_job is the truth and the next reconcile retries. */
  function sync(jobId: number) {
    return ctx.serial(async () => {
      const b = ctx.boss;
      if (!b) return;
      try {
        const [row] = await db.select().from(sysJob).where(eq(sysJob.jobId, jobId));
        if (row) await syncOne(b, row, await schedulesOf(b));
        else {
          await dropQueue(b, queueNameOf(jobId));
          workers.delete(jobId);
        }
      } catch (err) {
        log.error({ err, jobId }, 'job sync failed');
      }
    });
  }

  return {
    reconcile,
    sync,
    catchUpMisfires,

    async trigger(job) {
      if (ctx.boss) {
        if (!workers.has(job.jobId)) await sync(job.jobId);
        const b = ctx.boss;
        if (b) await send(b, job.jobId, { manual: true });
        return;
      }
      if (job.concurrent === '1' && runningHere.has(job.jobId)) throw conflict('job.running', { name: job.jobName });
      runningHere.add(job.jobId);
      try {
        await ctx.track(execute(job));
      } finally {
        runningHere.delete(job.jobId);
      }
    },

    async schedules() {
      const b = ctx.boss;
      if (!b) return [];
      const list = [...(await schedulesOf(b)).values()];
      return list
        .filter((s) => s.name.startsWith(QUEUE_PREFIX))
        .map((s) => ({ jobId: Number(s.name.slice(QUEUE_PREFIX.length)), cron: s.cron, timezone: s.timezone ?? '' }));
    },

    workerCount: () => [...workers.values()].reduce((n, w) => n + w.ids.length, 0),

    clearWorkers: () => workers.clear(),
  };
}
