import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { eq, max } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import PgBoss from 'pg-boss';
import type { Database } from '../../db/client';
import { sysJob, sysJobLog } from '../../db/schema';
import { clip } from '../audit/redact';
import type { SessionCache } from '../auth/session-cache';
import { conflict } from '../http/errors';
import type { Storage } from '../storage/storage';
import { checkCron, normaliseCron, previousFire, SERVER_TIME_ZONE } from './cron';
import { platformJobHandlers } from './platform-jobs';
import {
  claimedBefore,
  claimJob,
  forgetGoneNodes,
  HEARTBEAT_MS,
  heartbeat,
  joinNodes,
  leaveNodes,
  liveWork,
  nodeHome,
  orphanedJobs,
  releaseJob,
  SWEEP_MS,
  UNCLAIMED_GRACE_SECONDS,
  workKey,
} from './recovery';
import { encodeJobMessage, type JobRegistry, jobRegistry } from './registry';

export type JobRow = typeof sysJob.$inferSelect;

/** One pg-boss queue per sys_job row: its schedule, its concurrency policy and its workers. */
const QUEUE_PREFIX = 'ccms-job-';
export const queueNameOf = (jobId: number) => `${QUEUE_PREFIX}${jobId}`;
const BOSS_SCHEMA = 'pgboss';
/** Workers per job that allows overlapping runs (concurrent = '0'). */
const OVERLAP_WORKERS = 3;
/** pg-boss gives up on a run after this long. */
const RUN_TIMEOUT_SECONDS = 3600;
/**
 * Claims of firings: one job per firing (key: job id + the time it was due), in a 'short'
 * queue, whose unique index lets one queued job per key exist, so of several nodes (or a cron
 * tick seen twice) exactly one claims it. Nothing works this queue: claims stay queued for the
 * retention, then pg-boss archives them, long after any duplicate could come.
 */
const FIRING_QUEUE = 'ccms-firing';
const FIRING_RETENTION_MINUTES = 24 * 60;

/** What a run message carries: the job, and either `manual` (run now) or the time a catch-up was due; neither is a cron firing. */
interface RunMessage {
  jobId?: number;
  manual?: boolean;
  due?: string;
}

interface BossSchedule {
  name: string;
  cron: string;
  timezone?: string;
}

export interface JobRunnerDeps {
  database: Database;
  storage: Storage;
  log: FastifyBaseLogger;
  /** The sessions' fast path: the purge of expired sessions drops their copies. */
  sessions: SessionCache;
  /** How often an idle worker looks for work; manual runs wake it at once. */
  pollingIntervalSeconds?: number;
  /** How often this node re-reads sys_job, to follow edits made on other nodes. */
  reconcileIntervalMs?: number;
  /** The data directory: its id names this node's home (see recovery.ts). */
  dataDir?: string;
}

/**
 * A work queue: one-off work as opposed to the scheduled jobs of sys_job (a publish per output,
 * a mail to send), one pg-boss job per message, worked by a handler registered in code on every
 * node, `workers` at a time per node, retried with a doubling wait when it throws.
 */
export interface WorkQueue<T extends object = Record<string, unknown>> {
  /** pg-boss queue name. */
  name: string;
  /** How many this node works at once (default 1). */
  workers?: number;
  /** Tries after the first failure (default 0). */
  retryLimit?: number;
  /** Wait before the first retry; each next wait doubles (default 30). */
  retryDelaySeconds?: number;
  /**
   * How long one try may run before pg-boss counts it failed and frees the worker (default one
   * hour). A node that dies is found sooner than this (see recovery.ts); this is the backstop.
   */
  expireInSeconds?: number;
  /**
   * The data names the piece of work (an output, a receipt): a job for work that a live node runs
   * already (pg-boss retrying it after its expiry while the first run goes on) ends at once.
   */
  exclusive?: boolean;
  /** What the area does with work a dead node left behind (see WorkRecovery). */
  recovery?: WorkRecovery<T>;
  /** Does the work; `run` says which try this is (retryCount 0 first), so the last one can record a final failure. */
  work(data: T, run: WorkRun): Promise<void>;
}

/**
 * Work a node left behind when it died (killed, crashed, its machine gone), found at start-up and
 * by a periodic sweep on every node: pg-boss jobs no live node runs any more are handed back to
 * their queue (a retry when tries are left, else failed), and rows of the area that say "waiting"
 * or "running" with no live job at all are ended. Only work no live node runs is ever touched.
 */
export interface WorkRecovery<T extends object> {
  /** The job data of the area's work that its rows say waits or runs, of rows created before `before`. */
  pending(before: Date): Promise<T[]>;
  /**
   * No live job runs this work any more: `retrying` when the queue runs it again (after its retry
   * delay), otherwise it is over and the area ends it. May come twice (two nodes sweeping): make it idempotent.
   */
  interrupted(data: T, retrying: boolean): Promise<void>;
}

/** Which try of a piece of work is running. */
export interface WorkRun {
  retryCount: number;
  retryLimit: number;
}

/** Area plugins register their handlers on the runner (app.jobs.register) before it starts. */
export interface JobRunner extends JobRegistry {
  /** Adds a work queue; its workers start with the runner (or at once when it runs already). */
  defineQueue<T extends object>(queue: WorkQueue<T>): void;
  /**
   * Queues one piece of work: a pg-boss job with the queue's retries when started, otherwise run
   * in this process in the background with the same retries (tests, tools). Never throws for the work's failure.
   */
  enqueue<T extends object>(name: string, data: T): Promise<void>;
  /** pg-boss is running on this node: cron schedules fire and runs go through its queues. */
  readonly started: boolean;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Makes pg-boss follow the sys_job row (or its absence): queue, schedule when enabled, workers here. */
  sync(jobId: number): Promise<void>;
  /** Runs a job once now: queued in pg-boss when started, otherwise in this process before answering. */
  trigger(job: JobRow): Promise<void>;
  /** Cron schedules pg-boss holds, by job. */
  schedules(): Promise<{ jobId: number; cron: string; timezone: string }[]>;
  /** Local pg-boss workers (for the cache monitor). */
  workerCount(): number;
  /** Looks for work dead nodes left behind now (see WorkRecovery; the runner does so at start and every few seconds). */
  recoverNow(): Promise<void>;
}

/** The URL of the app's own PostgreSQL pool, so pg-boss opens its pool to the same database. */
function connectionStringOf(database: Database): string | undefined {
  const client = (database.db as unknown as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client.options.connectionString : undefined;
}

export function createJobRunner({
  database,
  storage,
  log,
  sessions,
  pollingIntervalSeconds = 5,
  reconcileIntervalMs = 60_000,
  dataDir,
}: JobRunnerDeps): JobRunner {
  const db = database.db;
  const sql = (text: string, values?: unknown[]) => database.executeSql(text, values);
  /** This process: a new id per start; its home is the data directory's id (see recovery.ts). */
  const node = { nodeId: randomUUID(), home: '', hostName: hostname().slice(0, 255) };
  let heartbeatTimer: NodeJS.Timeout | null = null;
  let sweepTimer: NodeJS.Timeout | null = null;
  let sweeping: Promise<void> | null = null;
  const registry = jobRegistry(platformJobHandlers(sessions));
  let boss: PgBoss | null = null;
  let timer: NodeJS.Timeout | null = null;
  const workers = new Map<number, { concurrent: string; ids: string[] }>();
  const inflight = new Set<Promise<unknown>>();
  const runningHere = new Set<number>();
  const taskQueues = new Map<string, WorkQueue<object>>();
  const retryTimers = new Set<NodeJS.Timeout>();
  const taskWorkers = new Map<string, string[]>();
  /** Work queues defined while pg-boss runs: made (and worked) once this settles. */
  const queueReady = new Map<string, Promise<unknown>>();
  /** In-process runs of task queues while pg-boss is not started: how many run, and who waits. */
  const localSlots = new Map<string, { running: number; waiting: (() => void)[] }>();
  // pg-boss changes happen one at a time, so a periodic reconcile never races an API edit.
  let chain: Promise<unknown> = Promise.resolve();
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = chain.then(fn, fn);
    chain = next.catch(() => undefined);
    return next;
  };

  const track = <T>(promise: Promise<T>): Promise<T> => {
    inflight.add(promise);
    return promise.finally(() => inflight.delete(promise));
  };

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

  /** Runs `fn` with the pg-boss job claimed by this node, so a sweep on any node knows a live node runs it. */
  async function claimed<T>(jobId: string, queue: string, data: unknown, fn: () => Promise<T>): Promise<T> {
    await claimJob(sql, { jobId, queue, data, nodeId: node.nodeId });
    try {
      return await fn();
    } finally {
      await releaseJob(sql, jobId).catch((err) => log.warn({ err, jobId }, 'job claim not released'));
    }
  }

  async function work(jobs: PgBoss.JobWithMetadata<RunMessage>[]) {
    for (const item of jobs) {
      const jobId = Number(item.data?.jobId);
      const [row] = Number.isInteger(jobId) ? await db.select().from(sysJob).where(eq(sysJob.jobId, jobId)) : [];
      if (!row) continue;
      const due = dueOf(item, row);
      const b = boss;
      if (due && (!b || !(await claim(b, jobId, due)))) {
        log.info({ jobId, due }, 'job firing already claimed: not run again');
        continue;
      }
      const failure = await claimed(item.id, item.name, item.data, () => track(execute(row)));
      // pg-boss records the failure as well; the job log already holds the details.
      if (failure) throw failure;
    }
  }

  async function bossOptions(): Promise<PgBoss.ConstructorOptions> {
    const base = { schema: BOSS_SCHEMA, migrate: true, supervise: true, schedule: true, retryLimit: 0, application_name: 'ccms-jobs' };
    const url = database.kind === 'postgres' ? connectionStringOf(database) : undefined;
    if (url) return { ...base, connectionString: url, max: 4 };
    return { ...base, db: { executeSql: (text: string, values: unknown[]) => database.executeSql(text, values) } };
  }

  async function dropQueue(b: PgBoss, name: string) {
    await b.offWork(name);
    await b.unschedule(name);
    // pg-boss 10 refuses to delete a queue that still holds jobs (foreign key RESTRICT): clear them first.
    await b.getDb().executeSql(`DELETE FROM ${BOSS_SCHEMA}.job WHERE name = $1`, [name]);
    await b.deleteQueue(name);
  }

  /**
   * Creates a queue unless it exists. Nodes starting together create the same queues at once:
   * PostgreSQL then answers one of them with a deadlock or a duplicate, which only means another
   * node is making (or made) it; read it again, and try again while it is not there yet.
   */
  async function ensureQueue(b: PgBoss, name: string, options: Parameters<PgBoss['createQueue']>[1]) {
    for (let attempt = 1; ; attempt++) {
      if (await b.getQueue(name)) return;
      try {
        await b.createQueue(name, options);
        return;
      } catch (err) {
        const code = (err as { code?: string }).code;
        if ((code !== '40P01' && code !== '23505') || attempt >= 5) throw err;
        await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
      }
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
        ids.push(await b.work<RunMessage>(name, { batchSize: 1, pollingIntervalSeconds, includeMetadata: true }, work));
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

  async function schedulesOf(b: PgBoss) {
    const list = (await b.getSchedules()) as unknown as BossSchedule[];
    return new Map(list.map((s) => [s.name, s]));
  }

  async function reconcile() {
    const b = boss;
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

  /** What every job of a work queue is sent with: its retries and its expiry. */
  const jobOptionsOf = (queue: WorkQueue<object>) => ({
    retryLimit: queue.retryLimit ?? 0,
    retryDelay: queue.retryDelaySeconds ?? 30,
    retryBackoff: true,
    expireInSeconds: queue.expireInSeconds ?? RUN_TIMEOUT_SECONDS,
  });

  /** Starts this node's workers of a work queue (queue created when missing, its options brought up to date). */
  async function workTaskQueue(b: PgBoss, queue: WorkQueue<object>) {
    if (taskWorkers.has(queue.name)) return;
    const options = { name: queue.name, policy: 'standard', ...jobOptionsOf(queue) } as const;
    const existing = await b.getQueue(queue.name);
    if (!existing) await ensureQueue(b, queue.name, options);
    else if (existing.expireInSeconds !== options.expireInSeconds || existing.retryLimit !== options.retryLimit) await b.updateQueue(queue.name, options);
    const ids: string[] = [];
    taskWorkers.set(queue.name, ids);
    for (let i = 0; i < (queue.workers ?? 1); i++) {
      ids.push(
        await b.work<object>(queue.name, { batchSize: 1, pollingIntervalSeconds, includeMetadata: true }, async ([item]) => {
          if (!item) return;
          const data = item.data ?? {};
          await claimed(item.id, queue.name, data, async () => {
            if (queue.exclusive && (await claimedBefore(sql, { jobId: item.id, queue: queue.name, data, nodeId: node.nodeId }))) {
              log.warn({ queue: queue.name, jobId: item.id, data }, 'work runs on a live node already: this job ends without running it again');
              return;
            }
            await track(queue.work(data, { retryCount: item.retryCount, retryLimit: item.retryLimit }));
          });
        }),
      );
    }
  }

  /**
   * Hands back what dead nodes left: their active jobs fail in pg-boss (retried when tries are
   * left) and the queue's area hears of it; then rows of the areas that wait or run with no live
   * job are ended. One sweep at a time per node; several nodes may sweep at once.
   */
  function sweep(): Promise<void> {
    const b = boss;
    if (!b || sweeping) return sweeping ?? Promise.resolve();
    const run = async () => {
      for (const job of await orphanedJobs(sql, { schema: BOSS_SCHEMA, names: [...taskQueues.keys()], prefix: QUEUE_PREFIX, self: node.nodeId })) {
        // pg-boss answers how many jobs it failed (its types say void): none when the job ended meanwhile.
        const result: unknown = await b.fail(job.name, job.id, { message: 'interrupted: the node running it stopped' });
        const affected = (result as { affected?: number } | undefined)?.affected ?? 0;
        await releaseJob(sql, job.id);
        if (!affected) continue;
        const retrying = job.retryCount < job.retryLimit;
        log.warn({ queue: job.name, jobId: job.id, data: job.data, retrying }, 'work of a stopped node handed back to its queue');
        await taskQueues
          .get(job.name)
          ?.recovery?.interrupted((job.data ?? {}) as object, retrying)
          .catch((err) => log.error({ err, queue: job.name, data: job.data }, 'interrupted work not recorded'));
      }
      for (const queue of taskQueues.values()) {
        if (!queue.recovery) continue;
        const pending = await queue.recovery.pending(new Date(Date.now() - UNCLAIMED_GRACE_SECONDS * 1000));
        if (pending.length === 0) continue;
        const live = new Set((await liveWork(sql, { schema: BOSS_SCHEMA, queue: queue.name, self: node.nodeId })).map(workKey));
        for (const data of pending) {
          if (live.has(workKey(data))) continue;
          log.warn({ queue: queue.name, data }, 'work with no live job ended');
          await queue.recovery.interrupted(data, false).catch((err) => log.error({ err, queue: queue.name, data }, 'interrupted work not recorded'));
        }
      }
      await forgetGoneNodes(sql, node.nodeId);
    };
    sweeping = track(run())
      .catch((err) => log.error({ err }, 'work recovery sweep failed'))
      .finally(() => {
        sweeping = null;
      });
    return sweeping;
  }

  /** Runs work here, at most `workers` of the queue at once, retried as pg-boss would. */
  async function runLocally(queue: WorkQueue<object>, data: object, tries = 0): Promise<void> {
    let slots = localSlots.get(queue.name);
    if (!slots) {
      slots = { running: 0, waiting: [] };
      localSlots.set(queue.name, slots);
    }
    const s = slots;
    if (s.running >= (queue.workers ?? 1)) await new Promise<void>((resolve) => s.waiting.push(resolve));
    s.running++;
    const { retryLimit, retryDelay } = jobOptionsOf(queue);
    try {
      await queue.work(data, { retryCount: tries, retryLimit });
    } catch (err) {
      if (tries >= retryLimit) log.error({ err, queue: queue.name }, 'work failed after its retries');
      else {
        const t = setTimeout(
          () => {
            retryTimers.delete(t);
            void track(runLocally(queue, data, tries + 1));
          },
          retryDelay * 1000 * 2 ** tries,
        );
        t.unref();
        retryTimers.add(t);
      }
    } finally {
      s.running--;
      s.waiting.shift()?.();
    }
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
    return serial(async () => {
      const b = boss;
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
    ...registry,

    get started() {
      return boss !== null;
    },

    async start() {
      if (boss) return;
      const next = new PgBoss(await bossOptions());
      next.on('error', (err) => log.error({ err }, 'job runner error'));
      await next.start();
      await ensureQueue(next, FIRING_QUEUE, { name: FIRING_QUEUE, policy: 'short', retentionMinutes: FIRING_RETENTION_MINUTES });
      // This node joins before its workers start, so each job it picks up is claimed by a known node.
      node.home = dataDir ? await nodeHome(dataDir) : randomUUID();
      await joinNodes(sql, node);
      boss = next;
      for (const queue of taskQueues.values()) await workTaskQueue(next, queue);
      await serial(reconcile);
      await catchUpMisfires(next);
      timer = setInterval(() => {
        serial(reconcile).catch((err) => log.error({ err }, 'job reconcile failed'));
      }, reconcileIntervalMs);
      timer.unref();
      heartbeatTimer = setInterval(() => {
        heartbeat(sql, node).catch((err) => log.error({ err }, 'job node heartbeat failed'));
      }, HEARTBEAT_MS);
      heartbeatTimer.unref();
      // What a previous process on this data directory (or a dead node) left is recovered now, then every few seconds.
      void sweep();
      sweepTimer = setInterval(() => void sweep(), SWEEP_MS);
      sweepTimer.unref();
    },

    async stop() {
      for (const t of [timer, heartbeatTimer, sweepTimer]) if (t) clearInterval(t);
      timer = heartbeatTimer = sweepTimer = null;
      await chain;
      await sweeping;
      const current = boss;
      boss = null;
      if (current) await current.stop({ graceful: true, wait: true, timeout: 10_000 });
      await Promise.allSettled([...inflight]);
      // Whatever this node still held is orphaned at once, for another node (or the next start) to recover.
      if (current) await leaveNodes(sql, node.nodeId).catch((err) => log.warn({ err }, 'job node not removed'));
      workers.clear();
      taskWorkers.clear();
      for (const t of retryTimers) clearTimeout(t);
      retryTimers.clear();
    },

    sync,

    defineQueue(spec) {
      const queue = spec as WorkQueue<object>;
      if (taskQueues.has(queue.name)) throw new Error(`work queue "${queue.name}" is defined twice`);
      taskQueues.set(queue.name, queue);
      const b = boss;
      if (!b) return;
      // Work queued before pg-boss holds the queue would be dropped: enqueue waits for this.
      const ready = serial(() => workTaskQueue(b, queue)).catch((err) => log.error({ err, queue: queue.name }, 'task queue start failed'));
      queueReady.set(queue.name, ready);
    },

    async enqueue(name, data) {
      const queue = taskQueues.get(name);
      if (!queue) throw new Error(`"${name}" is not a defined work queue`);
      const b = boss;
      if (b) {
        await queueReady.get(name);
        await b.send(name, data, jobOptionsOf(queue));
        for (const id of taskWorkers.get(name) ?? []) b.notifyWorker(id);
        return;
      }
      void track(runLocally(queue, data));
    },

    async trigger(job) {
      if (boss) {
        if (!workers.has(job.jobId)) await sync(job.jobId);
        const b = boss;
        if (b) await send(b, job.jobId, { manual: true });
        return;
      }
      if (job.concurrent === '1' && runningHere.has(job.jobId)) throw conflict('job.running', { name: job.jobName });
      runningHere.add(job.jobId);
      try {
        await track(execute(job));
      } finally {
        runningHere.delete(job.jobId);
      }
    },

    async schedules() {
      const b = boss;
      if (!b) return [];
      const list = [...(await schedulesOf(b)).values()];
      return list
        .filter((s) => s.name.startsWith(QUEUE_PREFIX))
        .map((s) => ({ jobId: Number(s.name.slice(QUEUE_PREFIX.length)), cron: s.cron, timezone: s.timezone ?? '' }));
    },

    workerCount: () => [...workers.values()].reduce((n, w) => n + w.ids.length, 0),

    async recoverNow() {
      // A sweep under way may have read before what the caller just changed: one more after it.
      await sweeping;
      await sweep();
    },
  };
}
