import { createClient } from 'redis';

/** What the cache monitor shows of a store, in RuoYi's shape (CacheController.getInfo). */
export interface CacheStoreStats {
  /** Redis INFO fields (all text), or the in-process store's figures under the same names. */
  info: Record<string, string>;
  /** Keys in the store (Redis: DBSIZE of the selected database). */
  dbSize: number;
  /** Calls per command, as the page's pie chart reads them. */
  commandStats: { name: string; value: string }[];
}

/**
 * A key-value cache shared by whatever the server caches (dictionaries today). Keys are given
 * without the store's prefix; values are text (JSON for structured values). With REDIS_URL the
 * store is that Redis, shared by every node; without it, a bounded map in this process.
 */
export interface CacheStore {
  readonly kind: 'memory' | 'redis';
  /** The prefix every key of this server carries in the store. */
  readonly prefix: string;
  /** How long an entry is kept at most (seconds): bounds what a node can miss without Redis. */
  readonly ttlSeconds: number;
  get(key: string): Promise<string | null>;
  /** Several keys in one round trip (Redis MGET), each value or null, in the order asked. */
  mget(keys: string[]): Promise<(string | null)[]>;
  set(key: string, value: string, ttlSeconds?: number): Promise<void>;
  del(keys: string[]): Promise<void>;
  /** The keys (without the store's prefix) that start with `prefix`. */
  keys(prefix: string): Promise<string[]>;
  /** Removes every key that starts with `prefix`. */
  clear(prefix: string): Promise<void>;
  stats(): Promise<CacheStoreStats>;
  close(): Promise<void>;
}

const UNITS = ['B', 'K', 'M', 'G', 'T'];
/** Bytes as Redis's *_human fields write them ("1.50M", "0B"). */
export function humanBytes(bytes: number): string {
  if (bytes < 1024) return `${Math.max(0, Math.round(bytes))}B`;
  const power = Math.min(UNITS.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  return `${(bytes / 1024 ** power).toFixed(2)}${UNITS[power]}`;
}

/** Redis INFO text as fields: "key:value" lines, "# Section" headers and blanks skipped. */
export function parseInfo(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    if (!line || line.startsWith('#')) continue;
    const at = line.indexOf(':');
    if (at > 0) out[line.slice(0, at)] = line.slice(at + 1);
  }
  return out;
}

/** INFO commandstats as RuoYi's page reads it: cmdstat_get:calls=5,usec=… -> { name: 'get', value: '5' }. */
export function commandStatsOf(info: Record<string, string>): { name: string; value: string }[] {
  return Object.entries(info)
    .filter(([k]) => k.startsWith('cmdstat_'))
    .map(([k, v]) => ({ name: k.slice('cmdstat_'.length), value: /(?:^|,)calls=(\d+)/.exec(v)?.[1] ?? '0' }));
}

/** The in-process store: at most `maxEntries` entries, the least recently used going first. */
export function memoryStore(opts: { prefix?: string; ttlSeconds: number; maxEntries?: number }): CacheStore {
  const prefix = opts.prefix ?? '';
  const maxEntries = opts.maxEntries ?? 10_000;
  const entries = new Map<string, { value: string; expiresAt: number }>();
  const calls = new Map<string, number>();
  const started = Date.now();
  let hits = 0;
  let misses = 0;
  let expired = 0;
  let evicted = 0;
  const count = (command: string) => calls.set(command, (calls.get(command) ?? 0) + 1);
  const live = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= Date.now()) {
      entries.delete(key);
      expired++;
      return undefined;
    }
    return entry;
  };
  const liveKeys = () => [...entries.keys()].filter((k) => live(k) !== undefined);
  return {
    kind: 'memory',
    prefix,
    ttlSeconds: opts.ttlSeconds,
    async get(key) {
      count('get');
      const entry = live(key);
      if (!entry) {
        misses++;
        return null;
      }
      hits++;
      entries.delete(key);
      entries.set(key, entry);
      return entry.value;
    },
    async mget(keys) {
      count('mget');
      return keys.map((key) => {
        const entry = live(key);
        if (entry) hits++;
        else misses++;
        return entry?.value ?? null;
      });
    },
    async set(key, value, ttlSeconds = opts.ttlSeconds) {
      count('set');
      entries.delete(key);
      entries.set(key, { value, expiresAt: Date.now() + ttlSeconds * 1000 });
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
        evicted++;
      }
    },
    async del(keys) {
      count('del');
      for (const key of keys) entries.delete(key);
    },
    async keys(start) {
      count('scan');
      return liveKeys().filter((k) => k.startsWith(start));
    },
    async clear(start) {
      count('del');
      for (const key of [...entries.keys()]) if (key.startsWith(start)) entries.delete(key);
    },
    async stats() {
      const keys = liveKeys();
      // Text is UTF-16 in memory: two bytes a character, keys and values.
      const used = keys.reduce((sum, k) => sum + 2 * (k.length + (entries.get(k)?.value.length ?? 0)), 0);
      const uptime = Math.floor((Date.now() - started) / 1000);
      const cpu = process.cpuUsage();
      return {
        info: {
          cache_backend: 'memory',
          redis_version: '',
          redis_mode: 'standalone',
          process_id: String(process.pid),
          tcp_port: '',
          connected_clients: '1',
          uptime_in_seconds: String(uptime),
          uptime_in_days: String(Math.floor(uptime / 86_400)),
          used_memory: String(used),
          used_memory_human: humanBytes(used),
          maxmemory: '0',
          maxmemory_human: '0B',
          maxmemory_entries: String(maxEntries),
          used_cpu_user: (cpu.user / 1e6).toFixed(2),
          used_cpu_sys: (cpu.system / 1e6).toFixed(2),
          used_cpu_user_children: '0.00',
          aof_enabled: '0',
          rdb_last_bgsave_status: '',
          instantaneous_input_kbps: '0.00',
          instantaneous_output_kbps: '0.00',
          keyspace_hits: String(hits),
          keyspace_misses: String(misses),
          expired_keys: String(expired),
          evicted_keys: String(evicted),
        },
        dbSize: keys.length,
        commandStats: [...calls].map(([name, n]) => ({ name, value: String(n) })),
      };
    },
    async close() {
      entries.clear();
    },
  };
}

/** The Redis address without its password, for log lines and errors. */
export function redisAddress(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname && u.pathname !== '/' ? u.pathname : ''}`;
  } catch {
    return '(unreadable REDIS_URL)';
  }
}

interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * The store on the Redis at `url`. The first connection must succeed (the caller refuses to start
 * otherwise: nodes that share a database must share the cache, or one node's change would not
 * reach the others' caches). After that a lost connection is retried with backoff; meanwhile the
 * callers read past the cache (see `cached`), and once Redis answers again this server's keys are
 * dropped, as invalidations sent while it was away were lost.
 */
export async function redisStore(opts: { url: string; prefix: string; ttlSeconds: number; log: Logger; connectTimeoutMs?: number }): Promise<CacheStore> {
  const { prefix, log } = opts;
  const address = redisAddress(opts.url);
  let ready = false;
  let lostSince: number | null = null;
  const client = createClient({
    url: opts.url,
    // A command sent while the connection is down fails at once instead of waiting for it.
    disableOfflineQueue: true,
    socket: {
      connectTimeout: opts.connectTimeoutMs ?? 5000,
      // Before the first connection: give up at once (the caller reports it); after: back off up to 5 s.
      reconnectStrategy: (retries: number, cause: Error) => (ready ? Math.min(100 * 2 ** retries, 5000) : cause),
    },
  });
  client.on('error', (err: Error) => {
    if (!ready) return; // the first connect's failure is thrown to the caller
    if (lostSince === null) {
      lostSince = Date.now();
      log.error({ err: { message: err.message }, redis: address }, 'Redis connection lost: caches are read past until it answers again');
    }
  });
  client.on('ready', () => {
    if (lostSince === null) return;
    const away = Date.now() - lostSince;
    lostSince = null;
    log.warn({ redis: address, awayMs: away }, 'Redis answers again: dropping this server’s cached entries (changes made meanwhile were not sent to it)');
    void clearPrefix('').catch((err: Error) => log.error({ err: { message: err.message } }, 'Redis: dropping cached entries failed'));
  });
  try {
    await client.connect();
  } catch (err) {
    client.destroy();
    throw new Error(`REDIS_URL is set but Redis at ${address} does not answer: ${(err as Error).message}`);
  }
  ready = true;
  log.info({ redis: address, prefix }, 'cache: using Redis');

  async function scan(start: string): Promise<string[]> {
    const found: string[] = [];
    for await (const batch of client.scanIterator({ MATCH: `${escapeGlob(prefix + start)}*`, COUNT: 500 })) found.push(...batch);
    return found;
  }
  async function clearPrefix(start: string) {
    const keys = await scan(start);
    for (let i = 0; i < keys.length; i += 500) await client.del(keys.slice(i, i + 500));
  }

  return {
    kind: 'redis',
    prefix,
    ttlSeconds: opts.ttlSeconds,
    get: (key) => client.get(prefix + key),
    mget: async (keys) => (keys.length === 0 ? [] : client.mGet(keys.map((k) => prefix + k))),
    async set(key, value, ttlSeconds = opts.ttlSeconds) {
      await client.set(prefix + key, value, { expiration: { type: 'EX', value: ttlSeconds } });
    },
    async del(keys) {
      if (keys.length > 0) await client.del(keys.map((k) => prefix + k));
    },
    async keys(start) {
      return (await scan(start)).map((k) => k.slice(prefix.length)).sort();
    },
    clear: clearPrefix,
    async stats() {
      const [info, commands, dbSize] = await Promise.all([client.info(), client.info('commandstats'), client.dbSize()]);
      return { info: { cache_backend: 'redis', ...parseInfo(info) }, dbSize: Number(dbSize), commandStats: commandStatsOf(parseInfo(commands)) };
    },
    async close() {
      ready = false;
      if (client.isOpen) await client.close();
    },
  };
}

/** A Redis glob pattern matching `text` literally. */
const escapeGlob = (text: string) => text.replace(/[*?[\]\\]/g, '\\$&');

/**
 * The value under `key`, computed and stored on a miss. The cache never stands between a request
 * and its answer: a store that fails is read past (the value is computed) and logged.
 */
export async function cached<T>(store: CacheStore, key: string, compute: () => Promise<T>, log?: Pick<Logger, 'warn'>): Promise<T> {
  try {
    const held = await store.get(key);
    if (held !== null) return JSON.parse(held) as T;
  } catch (err) {
    log?.warn({ err: { message: (err as Error).message }, key }, 'cache read failed: reading past it');
  }
  const value = await compute();
  try {
    await store.set(key, JSON.stringify(value));
  } catch (err) {
    log?.warn({ err: { message: (err as Error).message }, key }, 'cache write failed');
  }
  return value;
}

/** Drops every entry under `prefix`; a store that fails is logged (its entries expire by their TTL, and are dropped when Redis is back). */
export async function invalidate(store: CacheStore, prefix: string, log?: Pick<Logger, 'error'>): Promise<void> {
  try {
    await store.clear(prefix);
  } catch (err) {
    log?.error({ err: { message: (err as Error).message }, prefix }, 'cache invalidation failed');
  }
}
