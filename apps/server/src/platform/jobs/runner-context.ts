import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Database, Db } from '../../db/client';
import { claimJob, releaseJob, type Sql } from './recovery';

/**
 * What the parts of the runner share on this node (scheduled jobs, work queues, the recovery
 * sweep): its identity, its pg-boss while started, the one-at-a-time chain of pg-boss changes,
 * and the runs in flight that stop() waits for.
 */
export interface RunnerContext {
  db: Db;
  sql: Sql;
  log: FastifyBaseLogger;
  /** This process: a new id per start; its home is the data directory's id (see recovery.ts). */
  node: { nodeId: string; home: string; hostName: string };
  /** How often an idle worker looks for work; manual runs wake it at once. */
  pollingIntervalSeconds: number;
  /** pg-boss while it runs on this node, else null. */
  boss: PgBoss | null;
  /** Runs pg-boss changes one at a time, so a periodic reconcile never races an API edit. */
  serial<T>(fn: () => Promise<T>): Promise<T>;
  /** Settles once the pg-boss changes queued so far are done. */
  changesDone(): Promise<unknown>;
  /** Counts a run as in flight until it settles. */
  track<T>(promise: Promise<T>): Promise<T>;
  /** Settles once every run in flight has. */
  runsDone(): Promise<unknown>;
  /** Runs `fn` with the pg-boss job claimed by this node, so a sweep on any node knows a live node runs it. */
  claimed<T>(jobId: string, queue: string, data: unknown, fn: () => Promise<T>): Promise<T>;
}

export function createRunnerContext(database: Database, log: FastifyBaseLogger, pollingIntervalSeconds: number): RunnerContext {
  const sql: Sql = (text, values) => database.executeSql(text, values);
  const node = { nodeId: randomUUID(), home: '', hostName: hostname().slice(0, 255) };
  const inflight = new Set<Promise<unknown>>();
  let chain: Promise<unknown> = Promise.resolve();
  return {
    db: database.db,
    sql,
    log,
    node,
    pollingIntervalSeconds,
    boss: null,
    serial<T>(fn: () => Promise<T>): Promise<T> {
      const next = chain.then(fn, fn);
      chain = next.catch(() => undefined);
      return next;
    },
    changesDone: () => chain,
    track<T>(promise: Promise<T>): Promise<T> {
      inflight.add(promise);
      return promise.finally(() => inflight.delete(promise));
    },
    runsDone: () => Promise.allSettled([...inflight]),
    async claimed<T>(jobId: string, queue: string, data: unknown, fn: () => Promise<T>): Promise<T> {
      await claimJob(sql, { jobId, queue, data, nodeId: node.nodeId });
      try {
        return await fn();
      } finally {
        await releaseJob(sql, jobId).catch((err) => log.warn({ err, jobId }, 'job claim not released'));
      }
    },
  };
}
