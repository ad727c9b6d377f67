import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { type ListenHandlers, listenPostgres, type Unlisten } from './listen';
import * as schema from './schema';
import { StatementCachingClient } from './statement-cache';
import { StatementTimings, statementText } from './statement-timings';

export type Schema = typeof schema;
/** The one database type both drivers satisfy; services and queries take this. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle is used exactly like the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs raw SQL text with positional parameters (used by pg-boss). */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  migrate(): Promise<void>;
  /** The server's own timings of the statements it ran (the datasource monitor). */
  timings: StatementTimings;
  /** PostgreSQL only: the app's connection pool figures. */
  pool?(): { max: number; total: number; idle: number; waiting: number };
  /** Hears NOTIFY on a channel (other nodes' changes); on PostgreSQL over a connection of its own. */
  listen(channel: string, on: ListenHandlers): Promise<Unlisten>;
  /** PGlite only: the whole database as one archive, to open copies from (tests). */
  dump?(): Promise<Blob>;
  close(): Promise<void>;
}

/** Connections the app's PostgreSQL pool opens at most. */
const POOL_MAX = 20;

/** The pool's client class, timing each statement into `timings` (callback and promise calls alike). */
function timedPgClient(timings: StatementTimings) {
  return class TimedClient extends StatementCachingClient {
    // biome-ignore lint/suspicious/noExplicitAny: pg's query() is heavily overloaded; this only observes the call.
    override query(config: any, values?: any, callback?: any): any {
      const text = statementText(config);
      if (text === undefined || typeof config?.submit === 'function') return super.query(config, values, callback);
      const start = performance.now();
      const finish = (err: unknown) => timings.record(text, performance.now() - start, Boolean(err));
      // biome-ignore lint/suspicious/noExplicitAny: the caller's callback, passed through.
      const wrap = (cb: (err: unknown, res: any) => void) => (err: unknown, res: unknown) => {
        finish(err);
        cb(err, res);
      };
      if (typeof values === 'function') return super.query(config, wrap(values));
      if (typeof callback === 'function') return super.query(config, values, wrap(callback));
      const result = super.query(config, values);
      if (result && typeof result.then === 'function') {
        return result.then(
          (res: unknown) => {
            finish(null);
            return res;
          },
          (err: unknown) => {
            finish(err);
            throw err;
          },
        );
      }
      return result;
    }
  };
}

/** What drizzle calls on a PGlite client, each statement timed into `timings`. */
function timedPglite(client: PGlite, timings: StatementTimings): PGlite {
  type Queryable = Pick<PGlite, 'query'>;
  const timedQuery =
    (target: Queryable): PGlite['query'] =>
    (query, params, options) =>
      timings.time(query, () => target.query(query, params, options));
  const facade = {
    query: timedQuery(client),
    transaction: ((run) => client.transaction((tx) => run(Object.create(tx, { query: { value: timedQuery(tx) } }) as typeof tx))) as PGlite['transaction'],
  };
  return facade as unknown as PGlite;
}

/** The SQL migrations that make the schema, with drizzle's journal (meta/_journal.json). */
export const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');

/**
 * Ends a pool once every connection has closed. `pool.end()` resolves as soon as no client is left in
 * the pool, while the ones it just ended are still saying goodbye to the server: a database dropped
 * (or a server stopped) right after would cut them off, and the pool reports that as an error.
 */
function endPool(pool: pg.Pool): Promise<void> {
  let open = pool.totalCount;
  if (open === 0) return pool.end();
  const closed = new Promise<void>((resolve) => {
    pool.on('remove', () => {
      open--;
      if (open === 0) resolve();
    });
  });
  return Promise.all([pool.end(), closed]).then(() => undefined);
}

/** `dataDir` undefined with no URL gives an in-memory PGlite (tests). */
export async function openDatabase(opts: { databaseUrl?: string; dataDir?: string; pgliteImage?: Blob }): Promise<Database> {
  if (opts.databaseUrl) {
    // Repeated statements go named, so PostgreSQL parses and plans them once per connection.
    const timings = new StatementTimings();
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: POOL_MAX, Client: timedPgClient(timings) });
    // An idle connection the server drops must not crash the process; the pool replaces it.
    pool.on('error', (err) => console.error(`database pool: ${err.message}`));
    const db = drizzleNodePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
    const listeners = new Set<Unlisten>();
    return {
      db,
      kind: 'postgres',
      timings,
      pool: () => ({ max: POOL_MAX, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      executeSql: async (text, values) => pool.query(text, values),
      migrate: () => migrateNodePg(drizzleNodePg({ client: pool, casing: 'snake_case' }), { migrationsFolder }),
      async listen(channel, on) {
        const stop = await listenPostgres(opts.databaseUrl as string, channel, on);
        const unlisten = async () => {
          listeners.delete(unlisten);
          await stop();
        };
        listeners.add(unlisten);
        return unlisten;
      },
      close: async () => {
        await Promise.all([...listeners].map((stop) => stop()));
        await endPool(pool);
      },
    };
  }
  let dir: string | undefined;
  if (opts.dataDir) {
    dir = path.join(opts.dataDir, 'pglite');
    await mkdir(dir, { recursive: true });
  }
  const client = await PGlite.create(dir, { extensions: { pg_trgm }, loadDataDir: opts.pgliteImage });
  const timings = new StatementTimings();
  const timed = timedPglite(client, timings);
  const db = drizzlePglite({ client: timed, schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    timings,
    executeSql: async (text, values) => {
      if (values && values.length > 0) return client.query(text, values);
      // A batch runs as one transaction, as PostgreSQL runs a multi-statement query: if it fails midway
      // (after its own BEGIN), the rollback happens before anyone else can use the one shared connection.
      const results = await client.transaction((tx) => tx.exec(text));
      return { rows: results.at(-1)?.rows ?? [] };
    },
    migrate: () => migratePglite(drizzlePglite({ client, casing: 'snake_case' }), { migrationsFolder }),
    async listen(channel, on) {
      const stop = await client.listen(channel, (payload) => on.message(payload));
      on.ready(true);
      return async () => {
        if (!client.closed) await stop();
      };
    },
    dump: () => client.dumpDataDir('none'),
    close: () => client.close(),
  };
}
