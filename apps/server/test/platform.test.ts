import { randomBytes } from 'node:crypto';
import { OkEmpty } from '@ccms/contracts/http';
import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import type { Database } from '../src/db/client';
import { loadConfig } from '../src/platform/config';
import { BusinessType } from '../src/platform/types';
import { createTestApp, freshDatabase, type TestApp } from './harness';

/** Routes a test adds to the app's areas, to see whether buildApp accepts them. */
const extra = vi.hoisted(() => ({
  routes: [] as { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; config: Record<string, unknown>; schema?: Record<string, unknown> }[],
}));

vi.mock('../src/modules', async (importOriginal) => {
  const original = await importOriginal<typeof import('../src/modules')>();
  const testRoutes = async (app: FastifyInstance) => {
    for (const r of extra.routes)
      app.route({
        method: r.method,
        url: r.url,
        config: r.config as FastifyContextConfig,
        schema: r.schema ?? { summary: 'A probe route', tags: ['monitor/server'], response: { 200: OkEmpty } },
        handler: async () => ({ code: 200, msg: 'ok' }),
      });
  };
  return { areas: [...original.areas, testRoutes] };
});

let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());

/** Builds the whole app with `routes` added; answers the start-up error, or null when it starts. */
async function startupError(routes: typeof extra.routes): Promise<string | null> {
  extra.routes = routes;
  try {
    const app = await buildApp({
      config: { ...loadConfig({}), webDir: undefined },
      database,
      secrets: { jwtSecret: randomBytes(32).toString('hex'), secretKey: randomBytes(32).toString('hex') },
      logger: false,
    });
    await app.ready();
    await app.close();
    return null;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  } finally {
    extra.routes = [];
  }
}

describe('start-up checks on every route', () => {
  it.each(['POST', 'PUT', 'DELETE'] as const)('refuses to start with a %s route that declares no operation log', async (method) => {
    const error = await startupError([{ method, url: '/probe/write', config: { permission: 'probe:write' } }]);
    expect(error).toMatch(new RegExp(`route ${method} /prod-api/probe/write writes but declares no operation log`));
  });

  it('refuses an opt-out without a reason, and a malformed declaration', async () => {
    expect(await startupError([{ method: 'POST', url: '/probe/a', config: { authenticated: true, log: { skip: ' ' } } }])).toMatch(/needs the reason/);
    expect(await startupError([{ method: 'POST', url: '/probe/b', config: { authenticated: true, log: false } }])).toMatch(/log must be/);
    expect(await startupError([{ method: 'PUT', url: '/probe/c', config: { authenticated: true, log: { title: 'probe' } } }])).toMatch(
      /needs a title and a businessType/,
    );
  });

  it('starts with a declared entry, an opt-out with its reason, or a read without either', async () => {
    expect(
      await startupError([
        { method: 'POST', url: '/probe/logged', config: { permission: 'probe:add', log: { title: 'probe', businessType: BusinessType.INSERT } } },
        { method: 'POST', url: '/probe/search', config: { permission: 'probe:list', log: { skip: 'a search sent as POST; writes nothing' } } },
        { method: 'GET', url: '/probe/list', config: { permission: 'probe:list' } },
      ]),
    ).toBeNull();
  });

  it('refuses a route without its API manual entry (summary, one known tag, response schema)', async () => {
    const probe = { method: 'GET' as const, url: '/probe/doc', config: { permission: 'probe:list' } };
    expect(await startupError([{ ...probe, schema: { tags: ['monitor/server'] } }])).toMatch(/GET \/prod-api\/probe\/doc must declare schema.summary/);
    expect(await startupError([{ ...probe, schema: { summary: 'A probe route' } }])).toMatch(/exactly one tag/);
    expect(await startupError([{ ...probe, schema: { summary: 'A probe route', tags: ['monitor/server'] } }])).toMatch(
      /GET \/prod-api\/probe\/doc must declare schema.response/,
    );
    expect(await startupError([{ ...probe, schema: { summary: 'A probe route', tags: ['probe'] } }])).toMatch(/tag probe is not one of API_TAGS/);
  });

  it('still refuses a route that declares no access, as before', async () => {
    expect(await startupError([{ method: 'GET', url: '/probe/open', config: {} }])).toMatch(/must declare exactly one of permission, authenticated, public/);
  });
});

describe('the real app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('declares an operation log or a reason on every write route, and logs the ones named in the platform audit', () => {
    const writes = t.app.routeTable.filter((r) => r.url.startsWith('/prod-api/') && ['POST', 'PUT', 'DELETE', 'PATCH'].includes(r.method));
    expect(writes.length).toBeGreaterThan(20);
    expect(writes.filter((r) => r.access.log === undefined).map((r) => `${r.method} ${r.url}`)).toEqual([]);
    const logged = (method: string, url: string) => {
      const log = writes.find((r) => r.method === method && r.url === url)?.access.log;
      return log && 'title' in log ? log.title : log?.skip;
    };
    expect(logged('POST', '/prod-api/common/upload')).toBe('upload');
    expect(logged('POST', '/prod-api/common/uploads')).toBe('upload');
    expect(logged('POST', '/prod-api/register')).toBe('register');
    expect(logged('PUT', '/prod-api/system/notice/read/:noticeId')).toBe('notice');
    expect(logged('PUT', '/prod-api/system/notice/readAll')).toBe('notice');
    expect(logged('POST', '/prod-api/login')).toMatch(/login log/);
  });

  it('serves the OpenAPI document and the docs UI under /prod-api/swagger to a signed-in caller', async () => {
    const docs = await t.login();
    const json = await docs.get('/prod-api/swagger/json');
    expect(json.status).toBe(200);
    expect(json.body.openapi).toMatch(/^3\./);
    expect(json.body.info).toMatchObject({ title: 'CCMS API' });
    expect(Object.keys(json.body.paths)).toEqual(expect.arrayContaining(['/prod-api/login', '/prod-api/system/user/list', '/prod-api/getRouters']));
    expect(json.body.paths['/prod-api/login'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('username');

    const ui = await docs.get('/prod-api/swagger/');
    expect(ui.status).toBe(200);
    expect(String(ui.headers['content-type'])).toMatch(/text\/html/);
    expect(ui.raw).toMatch(/swagger-ui/i);
    const entry = await docs.get('/prod-api/swagger');
    expect([200, 302]).toContain(entry.status);
  });
});
