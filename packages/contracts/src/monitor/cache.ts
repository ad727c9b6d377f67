import { z } from 'zod';
import { endpoint } from '../endpoint';
import { okOf } from '../http';

const Texts = z.object({ zh: z.string(), en: z.string() });

/**
 * GET /monitor/cache. RuoYi's page reads `info` (Redis INFO fields), `dbSize` and `commandStats`:
 * with REDIS_URL they are that Redis's own; without it, the in-process cache's figures under the
 * same names (`info.cache_backend` says which). Sessions, captchas and locks are database rows
 * here, so the page also shows the database and what the process holds.
 */
export const CacheInfo = z.object({
  /** Where the server's caches live. */
  backend: z.enum(['memory', 'redis']),
  /** Redis INFO as field -> text (redis_version, redis_mode, tcp_port, connected_clients, used_memory_human…). */
  info: z.record(z.string(), z.string()),
  /** Keys in the store. */
  dbSize: z.number(),
  /** Calls per command: name, and the count as text (RuoYi's pie chart). */
  commandStats: z.array(z.object({ name: z.string(), value: z.string() })),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    version: z.string(),
    name: z.string(),
    user: z.string(),
    /** Bytes. */
    size: z.number(),
    /** Sessions in the database's own activity view (PostgreSQL), 1 for embedded PGlite. */
    connections: z.number(),
    maxConnections: z.number().nullable(),
    /** The app's connection pool (PostgreSQL only). */
    pool: z.object({ total: z.number(), idle: z.number(), waiting: z.number() }).nullable(),
  }),
  tables: z.array(z.object({ name: z.string(), rows: z.number(), estimated: z.boolean() })),
  caches: z.array(z.object({ name: z.string(), entries: z.number(), description: Texts })),
});
export type CacheInfo = z.infer<typeof CacheInfo>;

/** Cache facts permission strings: routes declare them, the seeded menus grant them. */
export const CachePerm = {
  list: 'monitor:cache:list',
} as const;

const tag = 'monitor/cache';

/** The cache monitor (RuoYi's CacheController): its URL, method, access and schemas, for the server's route and the web's call. */
export const CacheApi = {
  info: endpoint({
    method: 'GET',
    url: '/monitor/cache',
    access: { permission: CachePerm.list },
    summary: "Show the server's cache statistics",
    tag,
    response: okOf(CacheInfo),
  }),
};
