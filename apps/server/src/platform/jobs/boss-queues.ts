import pg from 'pg';
import type PgBoss from 'pg-boss';
import type { Database } from '../../db/client';

/**
 * The pg-boss side of the runner: where pg-boss keeps its tables, the names of the runner's
 * queues, and the queue chores (create, drop, list schedules) every part of the runner shares.
 */

/** One pg-boss queue per sys_job row: its schedule, its concurrency policy and its workers. */
export const QUEUE_PREFIX = 'ccms-job-';
export const queueNameOf = (jobId: number) => `${QUEUE_PREFIX}${jobId}`;
export const BOSS_SCHEMA = 'pgboss';
/** pg-boss gives up on a run after this long. */
export const RUN_TIMEOUT_SECONDS = 3600;
/**
 * Claims of firings: one job per firing (key: job id + the time it was due), in a 'short'
 * queue, whose unique index lets one queued job per key exist, so of several nodes (or a cron
 * tick seen twice) exactly one claims it. Nothing works this queue: claims stay queued for the
 * retention, then pg-boss archives them, long after any duplicate could come.
 */
export const FIRING_QUEUE = 'ccms-firing';
export const FIRING_RETENTION_MINUTES = 24 * 60;

export interface BossSchedule {
  name: string;
  cron: string;
  timezone?: string;
}

/** The URL of the app's own PostgreSQL pool, so pg-boss opens its pool to the same database. */
function connectionStringOf(database: Database): string | undefined {
  const client = (database.db as unknown as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client.options.connectionString : undefined;
}

export async function bossOptions(database: Database): Promise<PgBoss.ConstructorOptions> {
  const base = { schema: BOSS_SCHEMA, migrate: true, supervise: true, schedule: true, retryLimit: 0, application_name: 'ccms-jobs' };
  const url = database.kind === 'postgres' ? connectionStringOf(database) : undefined;
  if (url) return { ...base, connectionString: url, max: 4 };
  return { ...base, db: { executeSql: (text: string, values: unknown[]) => database.executeSql(text, values) } };
}

export async function dropQueue(b: PgBoss, name: string) {
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
export async function ensureQueue(b: PgBoss, name: string, options: Parameters<PgBoss['createQueue']>[1]) {
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

export async function schedulesOf(b: PgBoss) {
  const list = (await b.getSchedules()) as unknown as BossSchedule[];
  return new Map(list.map((s) => [s.name, s]));
}
