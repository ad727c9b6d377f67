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
import * as schema from './schema';
import { StatementCachingClient } from './statement-cache';

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
  /** PGlite only: the whole database as one archive, to open copies from (tests). */
  dump?(): Promise<Blob>;
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');

/** `dataDir` undefined with no URL gives an in-memory PGlite (tests). */
export async function openDatabase(opts: { databaseUrl?: string; dataDir?: string; pgliteImage?: Blob }): Promise<Database> {
  if (opts.databaseUrl) {
    // Repeated statements go named, so PostgreSQL parses and plans them once per connection.
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 20, Client: StatementCachingClient });
    // An idle connection the server drops must not crash the process; the pool replaces it.
    pool.on('error', (err) => console.error(`database pool: ${err.message}`));
    const db = drizzleNodePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      executeSql: async (text, values) => pool.query(text, values),
      migrate: () => migrateNodePg(drizzleNodePg({ client: pool, casing: 'snake_case' }), { migrationsFolder }),
      close: () => pool.end(),
    };
  }
  let dir: string | undefined;
  if (opts.dataDir) {
    dir = path.join(opts.dataDir, 'pglite');
    await mkdir(dir, { recursive: true });
  }
  const client = await PGlite.create(dir, { extensions: { pg_trgm }, loadDataDir: opts.pgliteImage });
  const db = drizzlePglite({ client, schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    executeSql: async (text, values) => {
      if (values && values.length > 0) return client.query(text, values);
      // A batch runs as one transaction, as PostgreSQL runs a multi-statement query: if it fails midway
      // (after its own BEGIN), the rollback happens before anyone else can use the one shared connection.
      const results = await client.transaction((tx) => tx.exec(text));
      return { rows: results.at(-1)?.rows ?? [] };
    },
    migrate: () => migratePglite(drizzlePglite({ client, casing: 'snake_case' }), { migrationsFolder }),
    dump: () => client.dumpDataDir('none'),
    close: () => client.close(),
  };
}
