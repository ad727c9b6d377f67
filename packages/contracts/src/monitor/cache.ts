import { z } from 'zod';

const Texts = z.object({ zh: z.string(), en: z.string() });

/**
 * GET /monitor/cache. There is no Redis: what RuoYi keeps there (sessions, captchas, locks, config)
 * lives in database tables, so this page shows the database and what the process holds in memory.
 */
export const CacheInfo = z.object({
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
