import { z } from 'zod';

/** One statement's figures: from pg_stat_statements, or the server's own timings. */
export const StatementFigures = z.object({
  text: z.string().describe('the statement text, parameters as $1, $2, ...'),
  calls: z.number(),
  /** Milliseconds. */
  totalMs: z.number(),
  meanMs: z.number(),
  maxMs: z.number(),
});
export type StatementFigures = z.infer<typeof StatementFigures>;

/**
 * GET /monitor/druid: the datasource monitor (RuoYi's Druid page) for the database the server
 * runs on, PGlite or PostgreSQL.
 */
export const DatasourceInfo = z.object({
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    version: z.string(),
    name: z.string(),
    /** Bytes. */
    size: z.number(),
    startedAt: z.string().nullable().describe('when the database server started (PostgreSQL)'),
  }),
  /** The app's connection pool: PGlite is one embedded connection. */
  pool: z.object({
    max: z.number(),
    total: z.number(),
    idle: z.number(),
    inUse: z.number(),
    waiting: z.number(),
  }),
  /** Sessions on this database by state (pg_stat_activity); PGlite has one, the server's. */
  connections: z.object({
    active: z.number(),
    idle: z.number(),
    idleInTransaction: z.number(),
    total: z.number(),
    max: z.number().nullable(),
  }),
  statements: z.object({
    source: z.enum(['pg_stat_statements', 'server']).describe('where the figures come from'),
    since: z.string().nullable().describe('when the server started counting (source server)'),
    slowest: z.array(StatementFigures),
    frequent: z.array(StatementFigures),
  }),
  tables: z.array(
    z.object({
      name: z.string(),
      /** Bytes, with indexes and TOAST. */
      totalBytes: z.number(),
      /** The planner's estimate. */
      rows: z.number(),
    }),
  ),
});
export type DatasourceInfo = z.infer<typeof DatasourceInfo>;

/** How many statements and tables the monitor lists. */
export const DATASOURCE_TOP = 10;

/** Datasource monitor permission strings: routes declare them, the seeded menus grant them. */
export const DatasourcePerm = {
  list: 'monitor:druid:list',
} as const;
