import { z } from 'zod';
import { endpoint } from '../endpoint';
import { okOf } from '../http';

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

const tag = 'monitor/druid';

/**
 * The datasource monitor (RuoYi's monitor/druid), and RuoYi's Druid console frames sent to it:
 * each endpoint's URL, method, access and schemas, for the server's routes and the web's calls.
 */
export const DatasourceApi = {
  info: endpoint({
    method: 'GET',
    url: '/monitor/druid',
    access: { permission: DatasourcePerm.list },
    summary: "Show the database's pool, connections, slowest and most frequent statements and largest tables",
    tag,
    response: okOf(DatasourceInfo),
  }),
  /**
   * RuoYi's datasource page frames Druid's console at /prod-api/druid/login.html. This server has
   * no Druid: the frame is sent (302, no body) to the app's own datasource monitor page, which asks
   * for sign-in and monitor:druid:list as ever.
   */
  loginFrame: endpoint({
    method: 'GET',
    url: '/druid/login.html',
    access: { public: true },
    summary: "Send RuoYi's Druid console frame (login.html) to the datasource monitor page",
    tag,
    response: z.null(),
  }),
  indexFrame: endpoint({
    method: 'GET',
    url: '/druid/index.html',
    access: { public: true },
    summary: "Send RuoYi's Druid console frame (index.html) to the datasource monitor page",
    tag,
    response: z.null(),
  }),
};
