import type { AppConfig } from '../config';
import { type CacheStore, memoryStore, redisStore } from './store';

/** Entries in Redis live a day at most: invalidation keeps them right, the TTL only bounds a lost one. */
const REDIS_TTL_SECONDS = 86_400;
/**
 * Without Redis each node caches on its own and hears only its own changes: on PostgreSQL (where
 * several nodes may share the database) an entry lives 30 seconds at most, so another node's
 * change shows within that; on embedded PGlite there is only this process.
 */
const SHARED_DB_MEMORY_TTL_SECONDS = 30;
const SINGLE_PROCESS_TTL_SECONDS = 86_400;

interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * The server's cache store. With REDIS_URL that Redis, which must answer at start (the server
 * refuses to start otherwise, naming the address but never the password): falling back to memory
 * would leave nodes that share a database each with its own, unwarned, stale cache.
 */
export async function cacheStoreFor(config: Pick<AppConfig, 'redisUrl' | 'redisPrefix'>, dbKind: 'pglite' | 'postgres', log: Logger): Promise<CacheStore> {
  if (config.redisUrl) return redisStore({ url: config.redisUrl, prefix: config.redisPrefix, ttlSeconds: REDIS_TTL_SECONDS, log });
  return memoryStore({ ttlSeconds: dbKind === 'postgres' ? SHARED_DB_MEMORY_TTL_SECONDS : SINGLE_PROCESS_TTL_SECONDS });
}
