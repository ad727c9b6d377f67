import { BOSS_SCHEMA, QUEUE_PREFIX } from './boss-queues';
import { forgetGoneNodes, liveWork, orphanedJobs, releaseJob, UNCLAIMED_GRACE_SECONDS, workKey } from './recovery';
import type { RunnerContext } from './runner-context';
import type { WorkQueue } from './work-queues';

/** The periodic look for work dead nodes left behind (see recovery.ts for how a node counts as dead). */
export interface RecoverySweep {
  /** Starts a sweep unless one runs; settles when the running one does. */
  sweep(): Promise<void>;
  /** The sweep under way, if any. */
  current(): Promise<void> | null;
}

export function createRecoverySweep(ctx: RunnerContext, taskQueues: ReadonlyMap<string, WorkQueue<object>>): RecoverySweep {
  const { log, sql } = ctx;
  let sweeping: Promise<void> | null = null;

  /**
   * Hands back what dead nodes left: their active jobs fail in pg-boss (retried when tries are
   * left) and the queue's area hears of it; then rows of the areas that wait or run with no live
   * job are ended. One sweep at a time per node; several nodes may sweep at once.
   */
  function sweep(): Promise<void> {
    const b = ctx.boss;
    if (!b || sweeping) return sweeping ?? Promise.resolve();
    const self = ctx.node.nodeId;
    const run = async () => {
      for (const job of await orphanedJobs(sql, { schema: BOSS_SCHEMA, names: [...taskQueues.keys()], prefix: QUEUE_PREFIX, self })) {
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
        const live = new Set((await liveWork(sql, { schema: BOSS_SCHEMA, queue: queue.name, self })).map(workKey));
        for (const data of pending) {
          if (live.has(workKey(data))) continue;
          log.warn({ queue: queue.name, data }, 'work with no live job ended');
          await queue.recovery.interrupted(data, false).catch((err) => log.error({ err, queue: queue.name, data }, 'interrupted work not recorded'));
        }
      }
      await forgetGoneNodes(sql, self);
    };
    sweeping = ctx
      .track(run())
      .catch((err) => log.error({ err }, 'work recovery sweep failed'))
      .finally(() => {
        sweeping = null;
      });
    return sweeping;
  }

  return { sweep, current: () => sweeping };
}
