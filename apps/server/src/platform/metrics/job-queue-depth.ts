import type { Database } from '../../db/client';
import { BOSS_SCHEMA, FIRING_QUEUE } from '../jobs/boss-queues';
import { Collected, type Sample } from './registry';

/** The states counted: waiting (created, retry) and running (active); finished jobs are history, not depth. */
const STATES = ['created', 'retry', 'active'] as const;

/**
 * Jobs per pg-boss queue and state, read from the database when scraped (every node sees the
 * same queues). Every queue reports each state, zeros included, so an alert can compare. Left
 * out: the firing queue, whose claims stay queued for a day by design (boss-queues.ts), and
 * pg-boss's own internal queues.
 */
export function jobQueueDepth(database: Pick<Database, 'executeSql'>): Collected {
  return new Collected('ccms_job_queue_depth', 'Jobs in each pg-boss queue by state: created and retry wait, active run', 'gauge', async () => {
    const exists = await database.executeSql(`SELECT to_regclass('${BOSS_SCHEMA}.queue') IS NOT NULL AS ok`);
    if (!(exists.rows[0] as { ok?: boolean } | undefined)?.ok) return [];
    const { rows } = await database.executeSql(
      `SELECT q.name, s.state, count(j.id)::int AS n
         FROM ${BOSS_SCHEMA}.queue q
         CROSS JOIN unnest($1::text[]) AS s(state)
         LEFT JOIN ${BOSS_SCHEMA}.job j ON j.name = q.name AND j.state = s.state::${BOSS_SCHEMA}.job_state
        WHERE q.name <> $2 AND NOT starts_with(q.name, '__pgboss__')
        GROUP BY q.name, s.state
        ORDER BY q.name, s.state`,
      [STATES, FIRING_QUEUE],
    );
    return (rows as { name: string; state: string; n: number }[]).map((r): Sample => ({ labels: { queue: r.name, state: r.state }, value: Number(r.n) }));
  });
}
