import type PgBoss from 'pg-boss';
import { ensureQueue, RUN_TIMEOUT_SECONDS } from './boss-queues';
import { claimedBefore } from './recovery';
import type { RunnerContext } from './runner-context';

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

export interface WorkQueues {
  /** The queues defined, by name. */
  readonly queues: ReadonlyMap<string, WorkQueue<object>>;
  define(queue: WorkQueue<object>): void;
  enqueue(name: string, data: object): Promise<void>;
  /** Starts this node's workers of every queue defined so far (pg-boss just started). */
  startWorkers(b: PgBoss): Promise<void>;
  /** Forgets this node's workers and drops pending in-process retries (pg-boss stopped). */
  stop(): void;
}

/** What every job of a work queue is sent with: its retries and its expiry. */
const jobOptionsOf = (queue: WorkQueue<object>) => ({
  retryLimit: queue.retryLimit ?? 0,
  retryDelay: queue.retryDelaySeconds ?? 30,
  retryBackoff: true,
  expireInSeconds: queue.expireInSeconds ?? RUN_TIMEOUT_SECONDS,
});

export function createWorkQueues(ctx: RunnerContext): WorkQueues {
  const { log, sql } = ctx;
  const taskQueues = new Map<string, WorkQueue<object>>();
  const retryTimers = new Set<NodeJS.Timeout>();
  const taskWorkers = new Map<string, string[]>();
  /** Work queues defined while pg-boss runs: made (and worked) once this settles. */
  const queueReady = new Map<string, Promise<unknown>>();
  /** In-process runs of task queues while pg-boss is not started: how many run, and who waits. */
  const localSlots = new Map<string, { running: number; waiting: (() => void)[] }>();

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
        await b.work<object>(queue.name, { batchSize: 1, pollingIntervalSeconds: ctx.pollingIntervalSeconds, includeMetadata: true }, async ([item]) => {
          if (!item) return;
          const data = item.data ?? {};
          await ctx.claimed(item.id, queue.name, data, async () => {
            if (queue.exclusive && (await claimedBefore(sql, { jobId: item.id, queue: queue.name, data, nodeId: ctx.node.nodeId }))) {
              log.warn({ queue: queue.name, jobId: item.id, data }, 'work runs on a live node already: this job ends without running it again');
              return;
            }
            await ctx.track(queue.work(data, { retryCount: item.retryCount, retryLimit: item.retryLimit }));
          });
        }),
      );
    }
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
            void ctx.track(runLocally(queue, data, tries + 1));
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

  return {
    queues: taskQueues,

    define(queue) {
      if (taskQueues.has(queue.name)) throw new Error(`work queue "${queue.name}" is defined twice`);
      taskQueues.set(queue.name, queue);
      const b = ctx.boss;
      if (!b) return;
      // Work queued before pg-boss holds the queue would be dropped: enqueue waits for this.
      const ready = ctx.serial(() => workTaskQueue(b, queue)).catch((err) => log.error({ err, queue: queue.name }, 'task queue start failed'));
      queueReady.set(queue.name, ready);
    },

    async enqueue(name, data) {
      const queue = taskQueues.get(name);
      if (!queue) throw new Error(`"${name}" is not a defined work queue`);
      const b = ctx.boss;
      if (b) {
        await queueReady.get(name);
        await b.send(name, data, jobOptionsOf(queue));
        for (const id of taskWorkers.get(name) ?? []) b.notifyWorker(id);
        return;
      }
      void ctx.track(runLocally(queue, data));
    },

    async startWorkers(b) {
      for (const queue of taskQueues.values()) await workTaskQueue(b, queue);
    },

    stop() {
      taskWorkers.clear();
      for (const t of retryTimers) clearTimeout(t);
      retryTimers.clear();
    },
  };
}
