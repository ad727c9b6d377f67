import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { startingWith } from '../db/filters';

/**
 * Which node runs what, so work a dead node left behind is found (sys_job_node, sys_job_claim).
 * Every node writes its heartbeat; a work-queue handler claims its pg-boss job while it runs. A
 * job pg-boss still holds as active is orphaned when its claim's node is gone (not seen for
 * NODE_GONE_SECONDS, or replaced by a new process on the same data directory), or when nothing
 * claims it long after it started. pg-boss 10 has no heartbeat of its own: without this, an
 * active job of a killed process stays active until its expiry.
 */

/** How often a node writes that it is alive. */
export const HEARTBEAT_MS = 10_000;
/** How often a node looks for work left behind. */
export const SWEEP_MS = 15_000;
/** A node not seen for this long is gone. */
export const NODE_GONE_SECONDS = 60;
/** Work with no claim (or no job) is left alone this long: its claim or its job may be on the way. */
export const UNCLAIMED_GRACE_SECONDS = 60;

/** Runs SQL text with positional parameters (Database.executeSql). */
export type Sql = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

/**
 * The data directory's own id, written into it on first use: the same directory is the same
 * home across restarts, and only one process runs on a data directory at a time.
 */
export async function nodeHome(dataDir: string): Promise<string> {
  const file = path.join(dataDir, 'node-id');
  const read = async () => (await readFile(file, 'utf8')).trim();
  try {
    return await read();
  } catch {
    await mkdir(dataDir, { recursive: true });
    try {
      await writeFile(file, `${randomBytes(16).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
    } catch (err) {
      if ((err as { code?: string }).code !== 'EEXIST') throw err;
    }
    return read();
  }
}

/** SQL true when the claim `c` is held by a live node: this node itself (whatever its row says), or one seen lately. */
const liveClaim = (self: string) =>
  `(c.node_id = ${self} OR EXISTS (SELECT 1 FROM sys_job_node n WHERE n.node_id = c.node_id AND n.seen_time > now() - make_interval(secs => ${NODE_GONE_SECONDS})))`;

/** Registers this node; a node that ran on the same home before is gone from now on, whatever its last heartbeat says. */
export async function joinNodes(sql: Sql, node: { nodeId: string; home: string; hostName: string }) {
  await sql('DELETE FROM sys_job_node WHERE home = $1 AND node_id <> $2', [node.home, node.nodeId]);
  await heartbeat(sql, node);
}

/** This node is alive (its row written again if someone removed it). */
export async function heartbeat(sql: Sql, node: { nodeId: string; home: string; hostName: string }) {
  await sql(
    `INSERT INTO sys_job_node (node_id, home, host_name) VALUES ($1, $2, $3)
     ON CONFLICT (node_id) DO UPDATE SET seen_time = now()`,
    [node.nodeId, node.home, node.hostName],
  );
}

/** This node stops: what it still claims is orphaned at once. */
export async function leaveNodes(sql: Sql, nodeId: string) {
  await sql('DELETE FROM sys_job_node WHERE node_id = $1', [nodeId]);
}

export async function claimJob(sql: Sql, claim: { jobId: string; queue: string; data: unknown; nodeId: string }) {
  await sql(
    `INSERT INTO sys_job_claim (job_id, queue, data, node_id) VALUES ($1, $2, $3::jsonb, $4)
     ON CONFLICT (job_id) DO UPDATE SET node_id = excluded.node_id, claim_time = now()`,
    [claim.jobId, claim.queue, JSON.stringify(claim.data ?? {}), claim.nodeId],
  );
}

export async function releaseJob(sql: Sql, jobId: string) {
  await sql('DELETE FROM sys_job_claim WHERE job_id = $1', [jobId]);
}

/**
 * True when a live node claimed the same work (queue and data) before this job did: pg-boss
 * retrying work after its expiry while the first run still goes on.
 */
export async function claimedBefore(sql: Sql, claim: { jobId: string; queue: string; data: unknown; nodeId: string }): Promise<boolean> {
  const { rows } = await sql(
    `SELECT 1 FROM sys_job_claim c
       JOIN sys_job_claim mine ON mine.job_id = $3
      WHERE c.queue = $1 AND c.data = $2::jsonb AND c.job_id <> $3
        AND (c.claim_time, c.job_id::text) < (mine.claim_time, mine.job_id::text)
        AND ${liveClaim('$4')}
      LIMIT 1`,
    [claim.queue, JSON.stringify(claim.data ?? {}), claim.jobId, claim.nodeId],
  );
  return rows.length > 0;
}

export interface OrphanedJob {
  id: string;
  name: string;
  data: unknown;
  retryCount: number;
  retryLimit: number;
}

/** Active pg-boss jobs of the given queues (or queue name prefix) that no live node runs. */
export async function orphanedJobs(sql: Sql, q: { schema: string; names: string[]; prefix: string; self: string }): Promise<OrphanedJob[]> {
  const { rows } = await sql(
    `SELECT j.id::text AS id, j.name, j.data, j.retry_count AS "retryCount", j.retry_limit AS "retryLimit"
       FROM ${q.schema}.job j
       LEFT JOIN sys_job_claim c ON c.job_id = j.id
      WHERE j.state = 'active' AND (j.name = ANY($1::text[]) OR j.name LIKE $2)
        AND NOT (c.job_id IS NOT NULL AND ${liveClaim('$3')})
        AND (c.job_id IS NOT NULL OR j.started_on < now() - make_interval(secs => ${UNCLAIMED_GRACE_SECONDS}))`,
    [q.names, startingWith(q.prefix), q.self],
  );
  return rows as OrphanedJob[];
}

/** The data of every job of the queue that is waiting, being retried or running on a live node. */
export async function liveWork(sql: Sql, q: { schema: string; queue: string; self: string }): Promise<unknown[]> {
  const { rows } = await sql(
    `SELECT data FROM ${q.schema}.job WHERE name = $1 AND state IN ('created', 'retry', 'active')
     UNION ALL
     SELECT c.data FROM sys_job_claim c WHERE c.queue = $1 AND ${liveClaim('$2')}`,
    [q.queue, q.self],
  );
  return rows.map((r) => (r as { data: unknown }).data);
}

/** Drops the claims of gone nodes (their jobs were handed back already) and nodes gone for a day. */
export async function forgetGoneNodes(sql: Sql, self: string) {
  await sql(`DELETE FROM sys_job_claim c WHERE NOT ${liveClaim('$1')}`, [self]);
  await sql(`DELETE FROM sys_job_node WHERE seen_time < now() - interval '1 day'`);
}

/** One text per piece of work, whatever the order of its data's keys. */
export function workKey(data: unknown): string {
  const sorted = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(sorted)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.entries(v)
              .sort(([a], [b]) => a.localeCompare(b))
              .map(([k, x]) => [k, sorted(x)]),
          )
        : v;
  return JSON.stringify(sorted(data ?? {}));
}
