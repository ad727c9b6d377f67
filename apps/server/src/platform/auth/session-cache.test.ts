import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerWith } from '../../../test/callers';
import { type Caller, callerFor, createTestApp, type TestApp } from '../../../test/harness';
import { buildApp } from '../../app';
import { sysMenu, sysSession, sysUser } from '../../db/schema';
import { SESSION_CACHE_PREFIX, SESSION_STAMP_KEY } from '../cache/keys';
import { SESSION_CACHE_TTL_SECONDS } from './session-cache';

/** The Redis this machine runs for tests; the Redis cases skip when it does not answer. */
const REDIS_URL = process.env.CCMS_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redis = createClient({ url: REDIS_URL, socket: { connectTimeout: 2000, reconnectStrategy: false } });
const reachable = await redis.connect().then(
  () => true,
  () => false,
);
afterAll(async () => {
  if (redis.isOpen) await redis.close();
});

const db = (t: TestApp) => t.database.db;
const tokenIdOf = async (t: TestApp, userName: string) =>
  (await db(t).select({ tokenId: sysSession.tokenId }).from(sysSession).where(eq(sysSession.userName, userName)))[0]?.tokenId ?? '';
const userIdOf = async (t: TestApp, userName: string) => (await db(t).select().from(sysUser).where(eq(sysUser.userName, userName)))[0]?.userId ?? 0;
/** The role callerWith made for `userName`, as the role form sends it back. */
async function roleOf(admin: Caller, userName: string) {
  const list = await admin.get('/prod-api/system/role/list', { roleKey: `role_${userName}` });
  const { roleId } = list.body.rows[0];
  const role = (await admin.get(`/prod-api/system/role/${roleId}`)).body.data;
  return { roleId, roleName: role.roleName, roleKey: role.roleKey, roleSort: role.roleSort, status: role.status, menuIds: role.menuIds as number[] };
}

/**
 * What every change must show at the next request, with or without Redis: the same cases run
 * on an app without REDIS_URL (no regression) and on one with it (the fast path).
 */
function changesSeenAtOnce(label: string, setup: () => Promise<TestApp>) {
  describe(`${label}: a change is seen by the next request`, () => {
    let t: TestApp;
    let admin: Caller;
    beforeAll(async () => {
      t = await setup();
      admin = await t.login();
    });
    afterAll(() => t?.close());

    it('disabling a user: 401', async () => {
      const user = await callerWith(t, 'dis', []);
      expect((await user.get('/prod-api/getInfo')).status).toBe(200);
      expect((await user.get('/prod-api/getInfo')).status).toBe(200);
      expect((await admin.put('/prod-api/system/user/changeStatus', { userId: await userIdOf(t, 'dis'), status: '1' })).status).toBe(200);
      expect((await user.get('/prod-api/getInfo')).status).toBe(401);
    });

    it("removing a role's menu: 403 on its route", async () => {
      const user = await callerWith(t, 'menuless', ['system:user:list']);
      expect((await user.get('/prod-api/system/user/list')).status).toBe(200);
      expect((await user.get('/prod-api/system/user/list')).status).toBe(200);
      const role = await roleOf(admin, 'menuless');
      expect((await admin.put('/prod-api/system/role', { ...role, menuIds: [] })).status).toBe(200);
      const refused = await user.get('/prod-api/system/user/list');
      expect(refused.status).toBe(403);
      expect((await user.get('/prod-api/getInfo')).body.permissions).not.toContain('system:user:list');
    });

    it("changing a menu's perms: the old permission is gone, the new one granted", async () => {
      const user = await callerWith(t, 'renamed', ['system:user:list']);
      expect((await user.get('/prod-api/system/user/list')).status).toBe(200);
      // callerWith names the menu it makes after its perms; the newest is this user's.
      const mine = (await db(t).select().from(sysMenu).where(eq(sysMenu.menuName, 'system:user:list')).orderBy(sysMenu.menuId)).at(-1);
      const form = (await admin.get(`/prod-api/system/menu/${mine?.menuId}`)).body.data;
      // A name of its own too: callerWith's menus of other users share this one's.
      const saved = await admin.put('/prod-api/system/menu', { ...form, menuName: 'renamed menu', menuNameEn: 'renamed menu', perms: 'system:role:list' });
      expect(saved.status).toBe(200);
      expect((await user.get('/prod-api/system/user/list')).status).toBe(403);
      expect((await user.get('/prod-api/system/role/list')).status).toBe(200);
    });

    it('disabling a role: its permissions are gone', async () => {
      const user = await callerWith(t, 'roleoff', ['system:user:list']);
      expect((await user.get('/prod-api/system/user/list')).status).toBe(200);
      const { roleId } = await roleOf(admin, 'roleoff');
      expect((await admin.put('/prod-api/system/role/changeStatus', { roleId, status: '1' })).status).toBe(200);
      expect((await user.get('/prod-api/system/user/list')).status).toBe(403);
      expect((await user.get('/prod-api/getInfo')).body.permissions).toEqual([]);
    });

    it('a forced logout on the online page: 401', async () => {
      const user = await callerWith(t, 'kicked', []);
      expect((await user.get('/prod-api/getInfo')).status).toBe(200);
      expect((await admin.delete(`/prod-api/monitor/online/${await tokenIdOf(t, 'kicked')}`)).status).toBe(200);
      expect((await user.get('/prod-api/getInfo')).status).toBe(401);
    });

    it("an administrator's password reset: the user's sessions end; one signed in after it must change the password", async () => {
      const user = await callerWith(t, 'reset', ['system:user:list']);
      expect((await user.get('/prod-api/system/user/list')).status).toBe(200);
      const userId = await userIdOf(t, 'reset');
      expect((await admin.put('/prod-api/system/user/resetPwd', { userId, password: 'brand-new-1' })).status).toBe(200);
      expect((await user.get('/prod-api/system/user/list')).status).toBe(401);
      const again = await t.login('reset', 'brand-new-1');
      expect((await again.get('/prod-api/getInfo')).status).toBe(200);
      const gated = await again.get('/prod-api/system/user/list');
      expect(gated.status).toBe(403);
      expect(gated.body.msg).toMatch(/password/i);
      // Changing it lifts the gate at the next request.
      expect((await again.put('/prod-api/system/user/profile/updatePwd', { oldPassword: 'brand-new-1', newPassword: 'own-choice-2' })).status).toBe(200);
      expect((await again.get('/prod-api/system/user/list')).status).toBe(200);
    });

    it('sign-out: 401', async () => {
      const user = await callerWith(t, 'leaver', []);
      expect((await user.get('/prod-api/getInfo')).status).toBe(200);
      expect((await user.post('/prod-api/logout')).status).toBe(200);
      expect((await user.get('/prod-api/getInfo')).status).toBe(401);
    });
  });
}

changesSeenAtOnce('without Redis', () => createTestApp());

/** Keys of this file's run only (one prefix per app), removed afterwards. */
const prefixes: string[] = [];
const withRedis = () => {
  const prefix = `ccms-test:${randomUUID()}:`;
  prefixes.push(prefix);
  return createTestApp({ env: { REDIS_URL, CCMS_REDIS_PREFIX: prefix } });
};
afterAll(async () => {
  if (!redis.isOpen) return;
  for (const prefix of prefixes) {
    const left = await redis.keys(`${prefix}*`);
    if (left.length > 0) await redis.del(left);
  }
});

describe.skipIf(!reachable)('with Redis', () => {
  changesSeenAtOnce('with Redis', withRedis);

  describe('the fast path', () => {
    let t: TestApp;
    let admin: Caller;
    let prefix: string;
    const copyOf = async (tokenId: string) => JSON.parse((await redis.get(`${prefix}${SESSION_CACHE_PREFIX}${tokenId}`)) ?? 'null');
    beforeAll(async () => {
      t = await withRedis();
      prefix = t.app.cache.prefix;
      admin = await t.login();
    });
    afterAll(() => t?.close());

    it('keeps a resolved session in Redis under the current stamp and answers from it', async () => {
      const user = await callerWith(t, 'fast', ['system:user:list']);
      expect((await user.get('/prod-api/getInfo')).status).toBe(200);
      const tokenId = await tokenIdOf(t, 'fast');
      const copy = await copyOf(tokenId);
      expect(copy).toMatchObject({ userName: 'fast', perms: ['system:user:list'], stamp: await redis.get(`${prefix}${SESSION_STAMP_KEY}`) });
      const ttl = await redis.ttl(`${prefix}${SESSION_CACHE_PREFIX}${tokenId}`);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(SESSION_CACHE_TTL_SECONDS);
      // What Redis holds is what the next request is given: the database is not read.
      await redis.set(`${prefix}${SESSION_CACHE_PREFIX}${tokenId}`, JSON.stringify({ ...copy, perms: [...copy.perms, 'fast:from:redis'] }));
      expect((await user.get('/prod-api/getInfo')).body.permissions).toContain('fast:from:redis');
      // A copy under another stamp is not served: the database answers and a new copy is kept.
      await redis.set(`${prefix}${SESSION_CACHE_PREFIX}${tokenId}`, JSON.stringify({ ...copy, stamp: 'old', perms: ['stale:perm'] }));
      expect((await user.get('/prod-api/getInfo')).body.permissions).toEqual(['system:user:list']);
      expect((await copyOf(tokenId)).perms).toEqual(['system:user:list']);
      // Nor is one read from the database longer than the TTL ago (a change made straight in the database shows by then).
      const fresh = await copyOf(tokenId);
      await redis.set(
        `${prefix}${SESSION_CACHE_PREFIX}${tokenId}`,
        JSON.stringify({ ...fresh, readAt: Date.now() - SESSION_CACHE_TTL_SECONDS * 1000 - 1000, perms: ['stale:perm'] }),
      );
      expect((await user.get('/prod-api/getInfo')).body.permissions).toEqual(['system:user:list']);
    });

    it("a new nick name on the profile is the session's at the next request", async () => {
      const user = await callerWith(t, 'nicky', []);
      expect((await user.get('/prod-api/getInfo')).status).toBe(200);
      const tokenId = await tokenIdOf(t, 'nicky');
      expect((await copyOf(tokenId)).nickName).toBe('nicky');
      expect((await user.put('/prod-api/system/user/profile', { nickName: 'Nicky Two' })).status).toBe(200);
      expect((await user.get('/prod-api/getInfo')).status).toBe(200);
      expect((await copyOf(tokenId)).nickName).toBe('Nicky Two');
    });

    it('the purge of expired sessions drops their copies', async () => {
      const user = await callerWith(t, 'expired', []);
      expect((await user.get('/prod-api/getInfo')).status).toBe(200);
      const tokenId = await tokenIdOf(t, 'expired');
      expect(await copyOf(tokenId)).not.toBeNull();
      await db(t)
        .update(sysSession)
        .set({ expireTime: new Date(Date.now() - 1000) })
        .where(eq(sysSession.tokenId, tokenId));
      const purge = t.app.jobs.handler('session.purgeExpired');
      await purge?.run({}, { db: db(t), storage: t.app.storage, log: t.app.log, jobId: null, jobName: 'purge' });
      expect(await copyOf(tokenId)).toBeNull();
      expect((await user.get('/prod-api/getInfo')).status).toBe(401);
    });

    it('a wrong secret for a cached session is refused', async () => {
      const user = await callerWith(t, 'forged', []);
      expect((await user.get('/prod-api/getInfo')).status).toBe(200);
      const tokenId = await tokenIdOf(t, 'forged');
      const forged = await t.app.tokens.sign({ tokenId, secret: 'not-the-secret' });
      expect((await callerFor(t.app, forged).get('/prod-api/getInfo')).status).toBe(401);
    });

    it('an ended session stays ended even when a racing request writes its copy back', async () => {
      const user = await callerWith(t, 'racer', []);
      expect((await user.get('/prod-api/getInfo')).status).toBe(200);
      const tokenId = await tokenIdOf(t, 'racer');
      const copy = await copyOf(tokenId);
      expect((await user.post('/prod-api/logout')).status).toBe(200);
      expect(await copyOf(tokenId)).toBeNull();
      // A request that read the row just before the sign-out keeps its copy after it.
      await redis.set(`${prefix}${SESSION_CACHE_PREFIX}${tokenId}`, JSON.stringify(copy));
      expect((await user.get('/prod-api/getInfo')).status).toBe(401);
    });

    it('the idle deadline is still written to PostgreSQL (at most every 30 s) and refreshed in the copy', async () => {
      const user = await callerWith(t, 'idler', []);
      expect((await user.get('/prod-api/getInfo')).status).toBe(200);
      const tokenId = await tokenIdOf(t, 'idler');
      const past = new Date(Date.now() - 60_000);
      await db(t).update(sysSession).set({ lastAccessTime: past }).where(eq(sysSession.tokenId, tokenId));
      const first = await copyOf(tokenId);
      await redis.set(`${prefix}${SESSION_CACHE_PREFIX}${tokenId}`, JSON.stringify({ ...first, lastAccessTime: past.getTime() }));
      expect((await user.get('/prod-api/getInfo')).status).toBe(200);
      const [row] = await db(t).select().from(sysSession).where(eq(sysSession.tokenId, tokenId));
      expect(row?.lastAccessTime.getTime()).toBeGreaterThan(past.getTime() + 30_000);
      const refreshed = await copyOf(tokenId);
      expect(refreshed.lastAccessTime).toBe(row?.lastAccessTime.getTime());
      // Refreshing does not prolong the copy: it still ends TTL seconds after the database was read.
      expect(refreshed.readAt).toBe(first.readAt);
      expect(await redis.ttl(`${prefix}${SESSION_CACHE_PREFIX}${tokenId}`)).toBeLessThanOrEqual(
        Math.ceil((first.readAt + SESSION_CACHE_TTL_SECONDS * 1000 - Date.now()) / 1000),
      );
      // A row deleted straight in the database is noticed at that write: the session ends.
      await db(t).delete(sysSession).where(eq(sysSession.tokenId, tokenId));
      await redis.set(`${prefix}${SESSION_CACHE_PREFIX}${tokenId}`, JSON.stringify({ ...(await copyOf(tokenId)), lastAccessTime: past.getTime() }));
      expect((await user.get('/prod-api/getInfo')).status).toBe(401);
    });

    it('the cache list shows the copies without the secret hash; clearing them keeps everyone signed in', async () => {
      const user = await callerWith(t, 'listed', []);
      expect((await user.get('/prod-api/getInfo')).status).toBe(200);
      const tokenId = await tokenIdOf(t, 'listed');
      const names = (await admin.get('/prod-api/monitor/cache/getNames')).body.data;
      expect(names.find((n: { cacheName: string }) => n.cacheName === 'session:')?.remark).toContain('fast path');
      const zh = await admin.request({ method: 'GET', url: '/prod-api/monitor/cache/getNames', headers: { 'accept-language': 'zh-CN' } });
      expect(zh.body.data.find((n: { cacheName: string }) => n.cacheName === 'session:')?.remark).toContain('会话快速通道');
      const keys = (await admin.get('/prod-api/monitor/cache/getKeys/session:')).body.data;
      expect(keys).toContain(`session:${tokenId}`);
      const shown = await admin.get(`/prod-api/monitor/cache/getValue/session:/session:${tokenId}`);
      expect(JSON.parse(shown.body.data.cacheValue)).toEqual({
        userName: 'listed',
        ipaddr: expect.any(String),
        loginTime: expect.any(String),
        expireTime: expect.any(String),
      });
      expect(shown.raw).not.toContain((await copyOf(tokenId)).secretHash);

      expect((await admin.delete(`/prod-api/monitor/cache/clearCacheKey/session:${tokenId}`)).status).toBe(200);
      expect(await copyOf(tokenId)).toBeNull();
      expect((await user.get('/prod-api/getInfo')).status).toBe(200);
      expect(await copyOf(tokenId)).not.toBeNull();
      expect((await admin.delete('/prod-api/monitor/cache/clearCacheName/session:')).status).toBe(200);
      expect(await redis.keys(`${prefix}${SESSION_CACHE_PREFIX}*`)).toEqual([]);
      expect((await user.get('/prod-api/getInfo')).status).toBe(200);
      expect((await admin.get('/prod-api/getInfo')).status).toBe(200);
    });
  });

  describe('two nodes sharing one Redis and one database', () => {
    let t: TestApp;
    let nodeB: FastifyInstance;
    beforeAll(async () => {
      t = await withRedis();
      nodeB = await buildApp({ config: t.app.config, database: t.database, secrets: t.app.secrets, logger: false });
      await nodeB.ready();
    });
    afterAll(async () => {
      await nodeB?.close();
      await t?.close();
    });

    it("a change through node A is seen by node B's next request", async () => {
      const onA = await callerWith(t, 'roamer', ['system:user:list']);
      const onB = callerFor(nodeB, onA.token);
      expect((await onB.get('/prod-api/system/user/list')).status).toBe(200);
      expect((await onB.get('/prod-api/system/user/list')).status).toBe(200);
      const adminA = await t.login();
      const { roleId } = await roleOf(adminA, 'roamer');
      expect((await adminA.put('/prod-api/system/role/changeStatus', { roleId, status: '1' })).status).toBe(200);
      expect((await onB.get('/prod-api/system/user/list')).status).toBe(403);
      expect((await adminA.put('/prod-api/system/role/changeStatus', { roleId, status: '0' })).status).toBe(200);
      expect((await onB.get('/prod-api/system/user/list')).status).toBe(200);
      expect((await adminA.delete(`/prod-api/monitor/online/${await tokenIdOf(t, 'roamer')}`)).status).toBe(200);
      expect((await onB.get('/prod-api/system/user/list')).status).toBe(401);
    });
  });
});
