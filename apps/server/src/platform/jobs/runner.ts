import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database } from '../../db/client';
import type { SessionCache } from '../auth/session-cache';
import type { Storage } from '../storage/storage';
import { bossOptions, ensureQueue, FIRING_QUEUE, FIRING_RETENTION_MINUTES } from './boss-queues';
import { platformJobHandlers } from './platform-jobs';
import { HEARTBEAT_MS, heartbeat, joinNodes, leaveNodes, nodeHome, SWEEP_MS } from './recovery';
import { createRecoverySweep } from './recovery-sweep';
import { type JobRegistry, jobRegistry } from './registry';
import { createRunnerContext } from './runner-context';
import { createScheduledJobs, type JobRow } from './scheduled-jobs';
import { createWorkQueues, type WorkQueue } from './work-queues';

/**
 * The job runner of one node: the scheduled jobs of sys_job (scheduled-jobs.ts), the work queues
 * areas define (work-queues.ts) and the recovery of work dead nodes left (recovery-sweep.ts), all
 * on one pg-boss started and stopped here.
 */

export { queueNameOf } from './boss-queues';
export type { JobRow } from './scheduled-jobs';
export type { WorkQueue, WorkRecovery, WorkRun } from './work-queues';

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

export function createJobRunner({
  database,
  storage,
  log,
  sessions,
  pollingIntervalSeconds = 5,
  reconcileIntervalMs = 60_000,
  dataDir,
}: JobRunnerDeps): JobRunner {
  const ctx = createRunnerContext(database, log, pollingIntervalSeconds);
  const { sql, node } = ctx;
  const registry = jobRegistry(platformJobHandlers(sessions));
  const jobs = createScheduledJobs(ctx, registry, storage);
  const queues = createWorkQueues(ctx);
  const recovery = createRecoverySweep(ctx, queues.queues);
  let timer: NodeJS.Timeout | null = null;
  let heartbeatTimer: NodeJS.Timeout | null = null;
  let sweepTimer: NodeJS.Timeout | null = null;

  return {
    ...registry,

    get started() {
      return ctx.boss !== null;
    },

    async start() {
      if (ctx.boss) return;
      const next = new PgBoss(await bossOptions(database));
      next.on('error', (err) => log.error({ err }, 'job runner error'));
      await next.start();
      await ensureQueue(next, FIRING_QUEUE, { name: FIRING_QUEUE, policy: 'short', retentionMinutes: FIRING_RETENTION_MINUTES });
      // This node joins before its workers start, so each job it picks up is claimed by a known node.
      node.home = dataDir ? await nodeHome(dataDir) : randomUUID();
      await joinNodes(sql, node);
      ctx.boss = next;
      await queues.startWorkers(next);
      await ctx.serial(jobs.reconcile);
      await jobs.catchUpMisfires(next);
      timer = setInterval(() => {
        ctx.serial(jobs.reconcile).catch((err) => log.error({ err }, 'job reconcile failed'));
      }, reconcileIntervalMs);
      timer.unref();
      heartbeatTimer = setInterval(() => {
        heartbeat(sql, node).catch((err) => log.error({ err }, 'job node heartbeat failed'));
      }, HEARTBEAT_MS);
      heartbeatTimer.unref();
      // What a previous process on this data directory (or a dead node) left is recovered now, then every few seconds.
      void recovery.sweep();
      sweepTimer = setInterval(() => void recovery.sweep(), SWEEP_MS);
      sweepTimer.unref();
    },

    async stop() {
      for (const t of [timer, heartbeatTimer, sweepTimer]) if (t) clearInterval(t);
      timer = heartbeatTimer = sweepTimer = null;
      await ctx.changesDone();
      await recovery.current();
      const current = ctx.boss;
      ctx.boss = null;
      if (current) await current.stop({ graceful: true, wait: true, timeout: 10_000 });
      await ctx.runsDone();
      // Whatever this node still held is orphaned at once, for another node (or the next start) to recover.
      if (current) await leaveNodes(sql, node.nodeId).catch((err) => log.warn({ err }, 'job node not removed'));
      jobs.clearWorkers();
      queues.stop();
    },

    sync: jobs.sync,

    defineQueue(spec) {
      queues.define(spec as WorkQueue<object>);
    },

    enqueue: (name, data) => queues.enqueue(name, data),

    trigger: jobs.trigger,

    schedules: jobs.schedules,

    workerCount: jobs.workerCount,

    async recoverNow() {
      // A sweep under way may have read before what the caller just changed: one more after it.
      await recovery.current();
      await recovery.sweep();
    },
  };
}
