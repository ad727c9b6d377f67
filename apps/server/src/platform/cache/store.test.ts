import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { createClient } from 'redis';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { cacheStoreFor } from './cache-store-for';
import { type CacheStore, cached, commandStatsOf, humanBytes, invalidate, memoryStore, parseInfo, redisAddress, redisStore } from './store';

const quietLog = { info: () => {}, warn: () => {}, error: () => {} };

describe('memory store', () => {
  it('keeps entries until their TTL, drops the least recently used past its size, lists and clears by prefix', async () => {
    vi.useFakeTimers({ now: 0, toFake: ['Date'] });
    try {
      const store = memoryStore({ ttlSeconds: 10, maxEntries: 2 });
      await store.set('a:1', 'one');
      await store.set('b:1', 'two', 100);
      expect(await store.get('a:1')).toBe('one');
      vi.setSystemTime(11_000);
      expect(await store.get('a:1')).toBeNull();
      expect(await store.get('b:1')).toBe('two');
      await store.set('a:2', 'x');
      await store.set('a:3', 'y');
      // Two at most: b:1 was the least recently used.
      expect(await store.keys('')).toEqual(['a:2', 'a:3']);
      await store.clear('a:');
      expect((await store.stats()).dbSize).toBe(0);
      const { info, commandStats } = await store.stats();
      expect(info).toMatchObject({ cache_backend: 'memory', keyspace_hits: '2', keyspace_misses: '1', expired_keys: '1', evicted_keys: '1' });
      expect(Object.fromEntries(commandStats.map((c) => [c.name, c.value]))).toMatchObject({ get: '3', set: '4', scan: '1', del: '1' });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('mget', () => {
  it('memory: several keys at once, in the order asked, null for a missing or expired one', async () => {
    vi.useFakeTimers({ now: 0, toFake: ['Date'] });
    try {
      const store = memoryStore({ ttlSeconds: 10 });
      await store.set('a', '1');
      await store.set('b', '2', 100);
      expect(await store.mget(['b', 'missing', 'a'])).toEqual(['2', null, '1']);
      vi.setSystemTime(11_000);
      expect(await store.mget(['a', 'b'])).toEqual([null, '2']);
      expect(await store.mget([])).toEqual([]);
      const { info, commandStats } = await store.stats();
      expect(info).toMatchObject({ keyspace_hits: '3', keyspace_misses: '2' });
      expect(Object.fromEntries(commandStats.map((c) => [c.name, c.value]))).toMatchObject({ mget: '3' });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the store a server gets', () => {
  it('is memory without REDIS_URL: a day per entry on PGlite (one process), 30 s on PostgreSQL (nodes may share it)', async () => {
    const single = await cacheStoreFor({ redisUrl: undefined, redisPrefix: 'ccms:' }, 'pglite', quietLog);
    expect([single.kind, single.ttlSeconds]).toEqual(['memory', 86_400]);
    const shared = await cacheStoreFor({ redisUrl: undefined, redisPrefix: 'ccms:' }, 'postgres', quietLog);
    expect([shared.kind, shared.ttlSeconds]).toEqual(['memory', 30]);
  });
});

describe('INFO parsing', () => {
  it("reads fields and command statistics as RuoYi's page wants them", () => {
    const info = parseInfo('# Server\r\nredis_version:7.0.15\r\ntcp_port:6379\r\n\r\n# Commandstats\r\ncmdstat_get:calls=12,usec=30,usec_per_call=2.5\r\n');
    expect(info).toEqual({ redis_version: '7.0.15', tcp_port: '6379', cmdstat_get: 'calls=12,usec=30,usec_per_call=2.5' });
    expect(commandStatsOf(info)).toEqual([{ name: 'get', value: '12' }]);
    expect(humanBytes(512)).toBe('512B');
    expect(humanBytes(1536 * 1024)).toBe('1.50M');
    expect(redisAddress('redis://user:secret@cache.local:6380/2')).toBe('redis://cache.local:6380/2');
  });
});

/** A store whose every call fails, standing for a Redis that went away. */
const broken: CacheStore = {
  kind: 'redis',
  prefix: '',
  ttlSeconds: 1,
  get: async () => {
    throw new Error('connection lost');
  },
  mget: async () => {
    throw new Error('connection lost');
  },
  set: async () => {
    throw new Error('connection lost');
  },
  del: async () => {
    throw new Error('connection lost');
  },
  keys: async () => {
    throw new Error('connection lost');
  },
  clear: async () => {
    throw new Error('connection lost');
  },
  stats: async () => {
    throw new Error('connection lost');
  },
  close: async () => {},
};

describe('cached and invalidate', () => {
  it('compute once and serve the stored value after', async () => {
    const store = memoryStore({ ttlSeconds: 60 });
    let computed = 0;
    const compute = async () => ({ n: ++computed });
    expect(await cached(store, 'k', compute)).toEqual({ n: 1 });
    expect(await cached(store, 'k', compute)).toEqual({ n: 1 });
    await invalidate(store, 'k');
    expect(await cached(store, 'k', compute)).toEqual({ n: 2 });
  });

  it('read past a failing store, logging it, and never fail the request', async () => {
    const warn = vi.fn();
    const error = vi.fn();
    expect(await cached(broken, 'k', async () => 7, { warn })).toBe(7);
    expect(warn).toHaveBeenCalledTimes(2);
    await invalidate(broken, 'sys_dict:', { error });
    expect(error).toHaveBeenCalledWith(expect.objectContaining({ prefix: 'sys_dict:' }), 'cache invalidation failed');
  });
});

/** A TCP relay to the test Redis that can cut its connections and refuse new ones, then come back. */
async function relayTo(port: number) {
  const sockets = new Set<net.Socket>();
  let up = true;
  const server = net.createServer((client) => {
    if (!up) {
      client.destroy();
      return;
    }
    const upstream = net.connect(port, '127.0.0.1');
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => {});
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  return {
    url: `redis://127.0.0.1:${address.port}`,
    cut() {
      up = false;
      for (const s of sockets) s.destroy();
    },
    restore() {
      up = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const redis = createClient({ url: 'redis://127.0.0.1:6379', socket: { connectTimeout: 2000, reconnectStrategy: false } });
const reachable = await redis.connect().then(
  () => true,
  () => false,
);
afterAll(async () => {
  if (redis.isOpen) await redis.close();
});

describe.skipIf(!reachable)('redis store on the test Redis', () => {
  it('reads past an outage and drops its keys once Redis answers again', async () => {
    const prefix = `ccms-test:${randomUUID()}:`;
    const relay = await relayTo(6379);
    const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const store = await redisStore({ url: relay.url, prefix, ttlSeconds: 60, log });
    const viaConfig = await cacheStoreFor({ redisUrl: relay.url, redisPrefix: prefix }, 'pglite', quietLog);
    expect([viaConfig.kind, viaConfig.prefix, viaConfig.ttlSeconds]).toEqual(['redis', prefix, 86_400]);
    await viaConfig.close();
    try {
      await store.set('sys_dict:a', '"A"');
      await store.set('other', '"O"');
      expect(await redis.get(`${prefix}sys_dict:a`)).toBe('"A"');
      // One MGET under the store's prefix, in the order asked.
      expect(await store.mget(['other', 'nothing', 'sys_dict:a'])).toEqual(['"O"', null, '"A"']);
      expect(await store.mget([])).toEqual([]);
      expect(await store.keys('sys_dict:')).toEqual(['sys_dict:a']);

      relay.cut();
      await sleep(100);
      // Meanwhile: the value is computed, nothing waits for Redis, the loss is logged once.
      const started = Date.now();
      expect(await cached(store, 'sys_dict:a', async () => 'fresh', log)).toBe('fresh');
      expect(Date.now() - started).toBeLessThan(1000);
      expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ redis: relay.url }), expect.stringContaining('Redis connection lost'));

      relay.restore();
      for (let i = 0; i < 100 && (await redis.keys(`${prefix}*`)).length > 0; i++) await sleep(50);
      // Back: invalidations sent while it was away were lost, so every key of this server went.
      expect(await redis.keys(`${prefix}*`)).toEqual([]);
      expect(log.warn).toHaveBeenCalledWith(expect.objectContaining({ redis: relay.url }), expect.stringContaining('Redis answers again'));
      await store.set('sys_dict:b', '"B"');
      expect(await store.get('sys_dict:b')).toBe('"B"');
    } finally {
      await store.close();
      await relay.close();
      const left = await redis.keys(`${prefix}*`);
      if (left.length > 0) await redis.del(left);
    }
  });
});
