import { count, gt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sysCaptcha, sysSession } from '../../../db/schema';

/** Raw SQL rows; both drivers answer { rows }. */
async function rawRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

/** Above this many rows (by the planner's estimate) a table is not counted exactly. */
const EXACT_COUNT_LIMIT = 100_000;

export async function databaseFacts(db: Db) {
  const [facts] = await rawRows<{ version: string; name: string; user: string; size: number; connections: number; maxConnections: number | null }>(
    db,
    sql`SELECT current_setting('server_version') AS version, current_database() AS name, current_user AS "user",
          pg_database_size(current_database())::float8 AS size,
          (SELECT count(*)::int FROM pg_stat_activity WHERE datname = current_database()) AS connections,
          current_setting('max_connections')::int AS "maxConnections"`,
  );
  return facts;
}

/** Row counts of the app's tables: exact for small tables, the planner's estimate for large ones. */
export async function tableRows(db: Db) {
  const tables = await rawRows<{ name: string; estimate: number }>(
    db,
    sql`SELECT c.relname AS name, c.reltuples::float8 AS estimate FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') ORDER BY c.relname`,
  );
  const out: { name: string; rows: number; estimated: boolean }[] = [];
  for (const t of tables) {
    if (t.estimate > EXACT_COUNT_LIMIT) {
      out.push({ name: t.name, rows: Math.round(t.estimate), estimated: true });
      continue;
    }
    const [row] = await rawRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM ${sql.identifier(t.name)}`);
    out.push({ name: t.name, rows: Number(row?.n ?? 0), estimated: false });
  }
  return out;
}

export async function liveSessions(db: Db) {
  const [row] = await db.select({ n: count() }).from(sysSession).where(gt(sysSession.expireTime, sql`now()`));
  return row?.n ?? 0;
}

export async function storedCaptchas(db: Db) {
  const [row] = await db.select({ n: count() }).from(sysCaptcha);
  return row?.n ?? 0;
}
