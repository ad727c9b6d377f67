import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerWith } from '../../../../test/callers';
import { type Caller, createTestApp, type TestApp } from '../../../../test/harness';

/** The Redis this machine runs for tests; the suite skips when it does not answer. */
const REDIS_URL = process.env.CCMS_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Keys of this run only, removed afterwards. */
const PREFIX = `ccms-test:${randomUUID()}:`;

const redis = createClient({ url: REDIS_URL, socket: { connectTimeout: 2000, reconnectStrategy: false } });
const reachable = await redis.connect().then(
  () => true,
  () => false,
);

let t: TestApp;
let watcher: Caller;
let admin: Caller;
const ourKeys = async () => (await redis.keys(`${PREFIX}*`)).sort();
/** The dictionaries' keys (the signed-in callers' sessions are kept beside them). */
const dictKeys = async () => (await redis.keys(`${PREFIX}sys_dict:*`)).sort();

describe.skipIf(!reachable)('GET /monitor/cache with REDIS_URL', () => {
  beforeAll(async () => {
    t = await createTestApp({ env: { REDIS_URL, CCMS_REDIS_PREFIX: PREFIX } });
    watcher = await callerWith(t, 'watcher', ['monitor:cache:list']);
    admin = await t.login();
  });
  afterAll(async () => {
    await t?.close();
    const left = await ourKeys();
    if (left.length > 0) await redis.del(left);
    await redis.close();
  });

  it("reports that Redis's own INFO, DBSIZE and command statistics", async () => {
    const res = await watcher.get('/prod-api/monitor/cache');
    expect(res.status).toBe(200);
    const { backend, info, dbSize, commandStats } = res.body.data;
    const own = await redis.info('server');
    expect(backend).toBe('redis');
    expect(info.cache_backend).toBe('redis');
    expect(info.redis_version).toBe(/redis_version:(\S+)/.exec(own)?.[1]);
    expect(info.tcp_port).toBe('6379');
    expect(Number(info.connected_clients)).toBeGreaterThanOrEqual(2);
    expect(info.used_memory_human).toMatch(/^[\d.]+[BKMG]$/);
    expect(info.maxmemory_human).toBeDefined();
    expect(dbSize).toBe(await redis.dbSize());
    expect(commandStats.length).toBeGreaterThan(0);
    for (const c of commandStats) expect(c).toEqual({ name: expect.stringMatching(/^[a-z|_-]+$/), value: expect.stringMatching(/^\d+$/) });
    expect(commandStats.map((c: { name: string }) => c.name)).toContain('info');
  });

  it('keeps the dictionaries in that Redis under its prefix, drops them on a change and on refresh', async () => {
    expect(await dictKeys()).toEqual([]);
    const first = (await admin.get('/prod-api/system/dict/data/type/sys_normal_disable')).body.data;
    expect(first.map((d: { dictValue: string }) => d.dictValue)).toEqual(['0', '1']);
    expect(await dictKeys()).toEqual([`${PREFIX}sys_dict:sys_normal_disable`]);
    const stored = JSON.parse((await redis.get(`${PREFIX}sys_dict:sys_normal_disable`)) ?? '[]');
    expect(stored.map((d: { dictValue: string }) => d.dictValue)).toEqual(['0', '1']);
    expect(await redis.ttl(`${PREFIX}sys_dict:sys_normal_disable`)).toBeGreaterThan(3600);
    // A second read is served from Redis: what the store holds is what is answered.
    await redis.set(
      `${PREFIX}sys_dict:sys_normal_disable`,
      JSON.stringify(stored.map((d: { dictLabelEn: string }) => ({ ...d, dictLabelEn: `${d.dictLabelEn} (cached)` }))),
    );
    const second = (await admin.get('/prod-api/system/dict/data/type/sys_normal_disable')).body.data;
    expect(second[0].dictLabel).toMatch(/\(cached\)$/);
    const info = (await watcher.get('/prod-api/monitor/cache')).body.data;
    expect(info.caches[0]).toMatchObject({ name: 'dictionaries', entries: 1 });
    expect(info.caches[1].description.en).toContain('kept in Redis (session:token)');

    // A dictionary change on this node drops every cached type (another node would read Redis afresh).
    const [row] = (await admin.get('/prod-api/system/dict/data/list', { dictType: 'sys_normal_disable' })).body.rows;
    const { dictCode, dictType, dictLabel, dictLabelEn, dictValue, dictSort, listClass } = row;
    const edit = { dictCode, dictType, dictLabel, dictLabelEn, dictValue, dictSort, listClass, remark: 'touched' };
    expect((await admin.put('/prod-api/system/dict/data', edit)).body.code).toBe(200);
    expect(await dictKeys()).toEqual([]);
    const third = (await admin.get('/prod-api/system/dict/data/type/sys_normal_disable')).body.data;
    expect(third[0].dictLabel).not.toMatch(/cached/);
    expect(await dictKeys()).toHaveLength(1);
    expect((await admin.delete('/prod-api/system/dict/type/refreshCache')).body.code).toBe(200);
    expect(await dictKeys()).toEqual([]);
  });
});

describe('REDIS_URL that does not answer', () => {
  it('refuses to start, naming the address but not the password', async () => {
    await expect(createTestApp({ env: { REDIS_URL: 'redis://:s3cret-pass@127.0.0.1:1' } })).rejects.toThrow(
      /^REDIS_URL is set but Redis at redis:\/\/127\.0\.0\.1:1 does not answer: (?!.*s3cret)/,
    );
  });
});

describe('npm start with a REDIS_URL that does not answer', () => {
  it('stops with the reason, after showing a first start its admin password', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'ccms-redis-start-'));
    try {
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        CCMS_DATA_DIR: dataDir,
        REDIS_URL: 'redis://:s3cret-pass@127.0.0.1:1',
        PORT: String(40_000 + Math.floor(Math.random() * 20_000)),
        LOG_LEVEL: 'silent',
      };
      delete env.DATABASE_URL;
      delete env.CCMS_ADMIN_PASSWORD;
      const main = path.resolve(import.meta.dirname, '../../../main.ts');
      const result = await new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
        const child = spawn(process.execPath, ['--import', 'tsx', main], { env });
        let out = '';
        let err = '';
        child.stdout.on('data', (d) => {
          out += d;
        });
        child.stderr.on('data', (d) => {
          err += d;
        });
        child.on('exit', (code) => resolve({ code, out, err }));
      });
      expect(result.code).toBe(1);
      expect(result.err).toContain('REDIS_URL is set but Redis at redis://127.0.0.1:1 does not answer');
      expect(result.err).not.toContain('s3cret');
      expect(result.out).toMatch(/First start: sign in as "admin" with password: \S+/);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
