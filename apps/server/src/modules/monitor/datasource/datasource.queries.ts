import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';

/** Raw SQL rows; both drivers answer { rows }. */
async function rawRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

export async function databaseFigures(db: Db) {
  const [row] = await rawRows<{ version: string; name: string; size: number; startedAt: string | null; maxConnections: number }>(
    db,
    sql`SELECT current_setting('server_version') AS version, current_database() AS name,
          pg_database_size(current_database())::float8 AS size,
          pg_postmaster_start_time()::text AS "startedAt",
          current_setting('max_connections')::int AS "maxConnections"`,
  );
  return row;
}

/** Sessions on the current database by state. */
export async function sessionsByState(db: Db) {
  return rawRows<{ state: string | null; n: number }>(
    db,
    sql`SELECT state, count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND backend_type = 'client backend' GROUP BY state`,
  );
}

/** The largest tables of the app's schema, with indexes and TOAST. */
export async function largestTables(db: Db, limit: number) {
  return rawRows<{ name: string; totalBytes: number; rows: number }>(
    db,
    sql`SELECT c.relname AS name, pg_total_relation_size(c.oid)::float8 AS "totalBytes", greatest(c.reltuples, 0)::float8 AS rows
        FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
        ORDER BY pg_total_relation_size(c.oid) DESC, c.relname LIMIT ${limit}`,
  );
}

/** Whether pg_stat_statements is installed in this database (it also needs shared_preload_libraries to answer). */
export async function hasStatStatements(db: Db): Promise<boolean> {
  const [row] = await rawRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM pg_extension WHERE extname = 'pg_stat_statements'`);
  return (row?.n ?? 0) > 0;
}

/** The top statements of this database by `order` from pg_stat_statements (PostgreSQL 13+ column names). */
export async function statStatements(db: Db, order: 'mean' | 'calls', limit: number) {
  const by = order === 'mean' ? sql`s.mean_exec_time` : sql`s.calls`;
  return rawRows<{ text: string; calls: number; totalMs: number; meanMs: number; maxMs: number }>(
    db,
    sql`SELECT s.query AS text, s.calls::float8 AS calls, s.total_exec_time AS "totalMs", s.mean_exec_time AS "meanMs", s.max_exec_time AS "maxMs"
        FROM pg_stat_statements s JOIN pg_database d ON d.oid = s.dbid
        WHERE d.datname = current_database() ORDER BY ${by} DESC LIMIT ${limit}`,
  );
}
