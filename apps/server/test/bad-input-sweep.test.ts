import { count } from 'drizzle-orm';
import type { InjectOptions, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { sysNotice, sysOperLog } from '../src/db/schema';
import { logSpecOf } from '../src/platform/audit/operation-log';
import { type Caller, callerFor, createTestApp, type TestApp } from './harness';

/**
 * The attacker's bad-input sweep, generated from the route table: every route with a params,
 * query or body schema gets a NUL in each string field, ids past the 32- and 64-bit range and
 * -1 in each number field, prototype names as the sort column, and a body nested thousands
 * deep. No answer may be a 5xx, and every write route that answered has its operation log row.
 */

type Schema = z.ZodType;
type Def = { type: string } & Record<string, unknown>;
const defOf = (s: unknown): Def => (s as { _zod: { def: Def } })._zod.def;

/** The shape under wrappers (optional, default, pipe, ...), or undefined for a non-object. */
function unwrap(s: Schema): Schema {
  let cur: Schema = s;
  for (let i = 0; i < 10; i++) {
    const def = defOf(cur);
    if (['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional'].includes(def.type)) cur = def.innerType as Schema;
    else if (def.type === 'pipe') cur = def.in as Schema;
    else if (def.type === 'lazy') cur = (def.getter as () => Schema)();
    else break;
  }
  return cur;
}

const isOptional = (s: Schema) => (s as { _zod: { optin?: string } })._zod.optin === 'optional';

/** A plausible value for a schema: enough to pass the fields we are not attacking. */
function sample(s: Schema, depth = 0): unknown {
  const inner = unwrap(s);
  const def = defOf(inner);
  switch (def.type) {
    case 'string':
      return 'x';
    case 'number':
    case 'int':
      return 1;
    case 'boolean':
      return false;
    case 'enum':
      return Object.values(def.entries as Record<string, string>)[0];
    case 'literal':
      return (def.values as unknown[])[0];
    case 'array':
      return depth > 3 ? [] : [sample(def.element as Schema, depth + 1)];
    case 'union':
      return sample((def.options as Schema[])[0] as Schema, depth + 1);
    case 'object':
      return depth > 3 ? {} : objectSample(inner, depth + 1);
    case 'date':
      return '2024-01-01';
    default:
      return null;
  }
}

function shapeOf(s: Schema | undefined): Record<string, Schema> | undefined {
  if (!s) return undefined;
  const def = defOf(unwrap(s));
  return def.type === 'object' ? (def.shape as Record<string, Schema>) : undefined;
}

function objectSample(s: Schema, depth = 0): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(shapeOf(s) ?? {})) if (!isOptional(v)) out[k] = sample(v, depth);
  return out;
}

/** Every leaf field of an object schema as a path, with its kind. */
function leaves(s: Schema, prefix: string[] = [], depth = 0): { path: string[]; kind: 'string' | 'number' | 'numbers' }[] {
  const out: { path: string[]; kind: 'string' | 'number' | 'numbers' }[] = [];
  for (const [k, v] of Object.entries(shapeOf(s) ?? {})) {
    const def = defOf(unwrap(v));
    const path = [...prefix, k];
    if (def.type === 'string') out.push({ path, kind: 'string' });
    else if (def.type === 'number' || def.type === 'int') out.push({ path, kind: 'number' });
    else if (def.type === 'array' && ['number', 'int'].includes(defOf(unwrap(def.element as Schema)).type)) out.push({ path, kind: 'numbers' });
    else if (def.type === 'array' && defOf(unwrap(def.element as Schema)).type === 'string') out.push({ path, kind: 'string' });
    else if (def.type === 'object' && depth < 2) out.push(...leaves(v, path, depth + 1));
  }
  return out;
}

function setAt(obj: Record<string, unknown>, path: string[], value: unknown): Record<string, unknown> {
  const copy = structuredClone(obj);
  let cur: Record<string, unknown> = copy;
  for (const key of path.slice(0, -1)) {
    const next = cur[key];
    cur[key] = next && typeof next === 'object' && !Array.isArray(next) ? next : {};
    cur = cur[key] as Record<string, unknown>;
  }
  cur[path[path.length - 1] as string] = value;
  return copy;
}

const NUL = 'a\u0000b';
const BIG = ['9223372036854775808', '99999999999999999999', '-1'];
const BIG_NUMBERS = [2 ** 63, 2147483648, -1];
const SORTS = ['__proto__', 'constructor', 'toString'];
const DEEP = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;

/** Routes the sweep leaves alone: they end the admin's session, or remove operation log rows it counts. */
const SKIP = [/\/logout$/, /\/login$/, /\/monitor\/operlog/, /\*/];

interface Route {
  method: string;
  url: string;
  schema: { params?: Schema; querystring?: Schema; body?: Schema };
  logged: boolean;
}

const routes: Route[] = [];
let t: TestApp;
let admin: Caller;

beforeAll(async () => {
  t = await createTestApp({
    onRoute: (route: RouteOptions) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const schema = (route.schema ?? {}) as Route['schema'];
      if (!schema.params && !schema.querystring && !schema.body) return;
      if (SKIP.some((re) => re.test(route.url))) return;
      for (const method of methods) {
        if (method === 'HEAD' || method === 'OPTIONS') continue;
        routes.push({ method, url: route.url, schema, logged: logSpecOf(route.config) !== undefined });
      }
    },
  });
  admin = await t.login();
});
afterAll(() => t.close());

function requestsFor(route: Route): InjectOptions[] {
  const params = route.schema.params ? (objectSample(route.schema.params) as Record<string, unknown>) : {};
  for (const [k] of Object.entries(shapeOf(route.schema.params) ?? {})) params[k] ??= '1';
  const query = route.schema.querystring ? objectSample(route.schema.querystring) : {};
  const body = route.schema.body ? objectSample(route.schema.body) : undefined;
  const make = (p: Record<string, unknown>, q: Record<string, unknown>, b: unknown, raw?: string): InjectOptions => {
    const url = route.url.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(String(p[name] ?? '1')));
    const queryText = Object.fromEntries(Object.entries(q).map(([k, v]) => [k, Array.isArray(v) ? v.map(String).join(',') : String(v)]));
    const method = route.method as InjectOptions['method'];
    if (raw !== undefined) return { method, url, query: queryText, payload: raw, headers: { 'content-type': 'application/json' } };
    return { method, url, query: queryText, ...(b !== undefined && route.method !== 'GET' ? { payload: b as InjectOptions['payload'] } : {}) };
  };
  const out: InjectOptions[] = [];
  for (const name of Object.keys(shapeOf(route.schema.params) ?? {})) {
    out.push(make({ ...params, [name]: NUL }, query, body));
    for (const big of BIG) out.push(make({ ...params, [name]: big }, query, body));
  }
  for (const leaf of route.schema.querystring ? leaves(route.schema.querystring, [], 2) : []) {
    const key = leaf.path[0] as string;
    if (leaf.kind === 'string') out.push(make(params, { ...query, [key]: NUL }, body));
    else for (const big of BIG) out.push(make(params, { ...query, [key]: big }, body));
  }
  if (shapeOf(route.schema.querystring)?.orderByColumn) {
    for (const sort of SORTS) out.push(make(params, { ...query, orderByColumn: sort }, body));
  }
  if (route.schema.body && body && typeof body === 'object') {
    for (const leaf of leaves(route.schema.body)) {
      if (leaf.kind === 'string') out.push(make(params, query, setAt(body, leaf.path, NUL)));
      else if (leaf.kind === 'number') for (const big of BIG_NUMBERS) out.push(make(params, query, setAt(body, leaf.path, big)));
      else for (const big of BIG_NUMBERS) out.push(make(params, query, setAt(body, leaf.path, [big])));
    }
    const first = Object.keys(shapeOf(route.schema.body) ?? {})[0] ?? 'a';
    out.push(make(params, query, undefined, `{${JSON.stringify(first)}:${DEEP}}`));
  }
  return out;
}

describe('bad input from a signed-in administrator, on every route', () => {
  it('never answers 5xx and loses no operation log row', async () => {
    expect(routes.length).toBeGreaterThan(100);
    const [{ n: logsBefore = 0 } = { n: 0 }] = await t.database.db.select({ n: count() }).from(sysOperLog);
    const failures: string[] = [];
    let sent = 0;
    let logged = 0;
    for (const route of routes) {
      for (const opts of requestsFor(route)) {
        const res = await admin.request(opts);
        sent += 1;
        if (route.logged) logged += 1;
        if (res.status >= 500)
          failures.push(
            `${opts.method} ${opts.url} ${JSON.stringify(opts.query)} ${(typeof opts.payload === 'string' ? opts.payload : JSON.stringify(opts.payload ?? '')).slice(0, 120)} -> ${res.status} ${res.raw.slice(0, 120)}`,
          );
      }
    }
    const [{ n: logsAfter = 0 } = { n: 0 }] = await t.database.db.select({ n: count() }).from(sysOperLog);
    expect(sent).toBeGreaterThan(1000);
    expect(failures).toEqual([]);
    expect(logsAfter - logsBefore).toBe(logged);
    // About 25 s of CPU on this machine; the margin is for a full suite sharing the cores.
  }, 240_000);
});

describe('each kind of bad input is a 400 naming the field, in the caller language', () => {
  it('refuses a NUL in a string', async () => {
    const res = await admin.get('/prod-api/system/user/list', { userName: 'ad\u0000min' });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('User name must not contain a NUL character');
    const zh = await callerFor(t.app, admin.token, 'zh').get('/prod-api/system/user/list', { userName: 'ad\u0000min' });
    expect(zh.body.msg).toBe('用户名称不能包含空字符（NUL）');
  });

  it('refuses ids no integer column holds, and writes nothing', async () => {
    expect((await admin.get('/prod-api/system/user/2147483648')).body).toEqual({ code: 400, msg: 'User is out of range' });
    const [{ n: before = 0 } = { n: 0 }] = await t.database.db.select({ n: count() }).from(sysNotice);
    const res = await admin.delete('/prod-api/system/notice/99999999999999999999');
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(/^IDs/);
    const [{ n: after = 0 } = { n: 0 }] = await t.database.db.select({ n: count() }).from(sysNotice);
    expect(after).toBe(before);
  });

  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty'])('refuses sorting by %s', async (column) => {
    const res = await admin.get('/prod-api/system/user/list', { orderByColumn: column });
    expect(res.body).toEqual({ code: 400, msg: `Cannot sort by ${column}` });
  });
});
