import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { opsListenFrom } from '../config';

/** One answer of the ops listener, over real HTTP. */
async function opsGet(t: TestApp, path: string, method = 'GET') {
  const at = t.app.ops?.address();
  if (!at) throw new Error('ops listener not listening');
  const res = await fetch(`http://${at.host}:${at.port}${path}`, { method });
  const text = await res.text();
  return { status: res.status, type: res.headers.get('content-type') ?? '', text, json: () => JSON.parse(text) };
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(?:[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\n]|\\[\\n"])*",?)*\})? ([^ ]+)$/;

/** Checks the text against the exposition format (0.0.4); the samples as [name, labels text, value]. */
function parseExposition(text: string): { types: Map<string, string>; samples: [string, string, number][] } {
  expect(text.endsWith('\n')).toBe(true);
  const types = new Map<string, string>();
  const samples: [string, string, number][] = [];
  for (const line of text.slice(0, -1).split('\n')) {
    const meta = /^# (HELP|TYPE) ([a-zA-Z_:][a-zA-Z0-9_:]*) (.*)$/.exec(line);
    if (meta) {
      if (meta[1] === 'TYPE') {
        expect(['counter', 'gauge', 'histogram', 'summary', 'untyped']).toContain(meta[3]);
        expect(types.has(meta[2] ?? ''), `TYPE of ${meta[2]} given twice`).toBe(false);
        types.set(meta[2] ?? '', meta[3] ?? '');
      }
      continue;
    }
    const m = SAMPLE.exec(line);
    expect(m, `not a sample line: ${line}`).not.toBeNull();
    const [, name = '', labels = '', value = ''] = m ?? [];
    const base = name.replace(/_(bucket|sum|count)$/, '');
    expect(types.has(name) || types.get(base) === 'histogram', `sample ${name} before its TYPE`).toBe(true);
    expect(/^([+-]Inf|NaN|-?\d+(\.\d+)?(e[+-]?\d+)?)$/.test(value), `value of ${line}`).toBe(true);
    samples.push([name, labels, value === '+Inf' ? Number.POSITIVE_INFINITY : Number(value)]);
  }
  return { types, samples };
}

const sampleValue = (samples: [string, string, number][], name: string, labels: string) => samples.find(([n, l]) => n === name && l === labels)?.[2] ?? 0;

describe('CCMS_OPS_LISTEN', () => {
  it('reads host:port, brackets for IPv6, unset as none', () => {
    expect(opsListenFrom(undefined)).toBeUndefined();
    expect(opsListenFrom('')).toBeUndefined();
    expect(opsListenFrom('127.0.0.1:9464')).toEqual({ host: '127.0.0.1', port: 9464 });
    expect(opsListenFrom('[::1]:9464')).toEqual({ host: '::1', port: 9464 });
    expect(opsListenFrom('ops.internal:0')).toEqual({ host: 'ops.internal', port: 0 });
  });

  it.each(['9464', '127.0.0.1', '127.0.0.1:99999', '::1:9464', '[x]:9464', 'a b:1'])('refuses "%s" naming the variable', (value) => {
    expect(() => opsListenFrom(value)).toThrow(/^CCMS_OPS_LISTEN must be host:port/);
  });
});

describe('ops listener', () => {
  let t: TestApp;
  let closed = false;
  beforeAll(async () => {
    t = await createTestApp({ env: { CCMS_OPS_LISTEN: '127.0.0.1:0' } });
  });
  afterAll(async () => {
    // The database is closed by the last test already: close the rest as the harness would.
    if (!closed) await t.app.close();
    await rm(t.dataDir, { recursive: true, force: true });
  });

  it('listens on the address given, the port the system chose', () => {
    const at = t.app.ops?.address();
    expect(at?.host).toBe('127.0.0.1');
    expect(at?.port).toBeGreaterThan(0);
  });

  it('answers /health while the process lives', async () => {
    const res = await opsGet(t, '/health');
    expect(res.status).toBe(200);
    expect(res.type).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers nothing else, and only GET or HEAD', async () => {
    expect((await opsGet(t, '/prod-api/captchaImage')).status).toBe(404);
    expect((await opsGet(t, '/')).status).toBe(404);
    expect((await opsGet(t, '/metrics', 'POST')).status).toBe(405);
    const head = await opsGet(t, '/health', 'HEAD');
    expect([head.status, head.text]).toEqual([200, '']);
  });

  it('is not ready until the job runner is started, and says so', async () => {
    const res = await opsGet(t, '/ready');
    expect(res.status).toBe(503);
    expect(res.json()).toMatchObject({ status: 'unavailable', failed: ['jobs'], checks: { database: 'ok', storage: 'ok', jobs: 'job runner not started' } });
    await t.app.jobs.start();
    const ready = await opsGet(t, '/ready');
    expect(ready.status).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', checks: { database: 'ok', storage: 'ok', jobs: 'ok' } });
  });

  it('names the file store when its probe fails', async () => {
    const probe = t.app.storage.probe;
    t.app.storage.probe = () => Promise.reject(new Error('bucket unreachable'));
    try {
      const res = await opsGet(t, '/ready');
      expect(res.status).toBe(503);
      expect(res.json()).toMatchObject({ failed: ['storage'], checks: { database: 'ok', storage: 'bucket unreachable', jobs: 'ok' } });
    } finally {
      t.app.storage.probe = probe;
    }
    expect((await opsGet(t, '/ready')).status).toBe(200);
  });

  it('counts requests by route pattern and status in the exposition format', async () => {
    const admin = await t.login();
    const before = parseExposition((await opsGet(t, '/metrics')).text).samples;
    expect((await admin.get('/prod-api/system/user/1')).status).toBe(200);
    expect((await admin.get('/prod-api/system/user/1')).status).toBe(200);
    expect((await t.anonymous.get('/prod-api/system/user/1')).status).toBe(401);
    expect((await t.anonymous.get('/no/such/page/42')).status).toBe(404);

    const res = await opsGet(t, '/metrics');
    expect(res.status).toBe(200);
    expect(res.type).toBe('text/plain; version=0.0.4; charset=utf-8');
    const { types, samples } = parseExposition(res.text);
    const route = '{method="GET",route="/prod-api/system/user/:userId",status="200"}';
    expect(sampleValue(samples, 'ccms_http_requests_total', route) - sampleValue(before, 'ccms_http_requests_total', route)).toBe(2);
    const denied = '{method="GET",route="/prod-api/system/user/:userId",status="401"}';
    expect(sampleValue(samples, 'ccms_http_requests_total', denied) - sampleValue(before, 'ccms_http_requests_total', denied)).toBe(1);
    const unmatched = '{method="GET",route="unmatched",status="404"}';
    expect(sampleValue(samples, 'ccms_http_requests_total', unmatched) - sampleValue(before, 'ccms_http_requests_total', unmatched)).toBe(1);
    // The URL itself never becomes a label.
    expect(res.text).not.toContain('/system/user/1"');
    expect(res.text).not.toContain('/no/such/page');

    // The duration histogram: cumulative buckets ending in +Inf, which equals the count.
    const series = '{method="GET",route="/prod-api/system/user/:userId"';
    const buckets = samples.filter(([n, l]) => n === 'ccms_http_request_duration_seconds_bucket' && l.startsWith(series));
    expect(buckets.length).toBeGreaterThan(1);
    for (let i = 1; i < buckets.length; i++) expect(buckets[i]?.[2]).toBeGreaterThanOrEqual(buckets[i - 1]?.[2] ?? 0);
    expect(buckets.at(-1)?.[1]).toBe(`${series},le="+Inf"}`);
    expect(buckets.at(-1)?.[2]).toBe(sampleValue(samples, 'ccms_http_request_duration_seconds_count', `${series}}`));

    for (const [name, type] of [
      ['ccms_http_requests_total', 'counter'],
      ['ccms_http_request_duration_seconds', 'histogram'],
      ['ccms_publish_duration_seconds', 'histogram'],
      ['ccms_git_fetch_duration_seconds', 'histogram'],
      ['ccms_git_push_duration_seconds', 'histogram'],
      ['ccms_job_queue_depth', 'gauge'],
      ['process_resident_memory_bytes', 'gauge'],
    ]) {
      expect(types.get(name ?? ''), name).toBe(type);
    }
    // The runner is started: its work queues report their depth, zeros included.
    expect(samples.some(([n, l]) => n === 'ccms_job_queue_depth' && l.includes('queue="ccms-publish"') && l.includes('state="created"'))).toBe(true);
    expect(res.text).not.toContain('queue="ccms-firing"');
  });

  it('serves none of its paths on the main port', async () => {
    for (const url of ['/metrics', '/ready', '/health']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('ccms_http_requests_total');
    }
  });

  it('names the database when it does not answer', async () => {
    await t.app.jobs.stop();
    await t.database.close();
    const res = await opsGet(t, '/ready');
    expect(res.status).toBe(503);
    const body = res.json();
    expect(body.failed).toContain('database');
    expect(body.checks.database).not.toBe('ok');
    expect(body.checks.storage).toBe('ok');
    // Metrics still answer; only what needs the database is left out.
    const metrics = await opsGet(t, '/metrics');
    expect(metrics.status).toBe(200);
    expect(metrics.text).toContain('ccms_http_requests_total');
  });

  it('closes with the app', async () => {
    const at = t.app.ops?.address();
    closed = true;
    await t.app.close();
    expect(t.app.ops?.address()).toBeNull();
    await expect(fetch(`http://${at?.host}:${at?.port}/health`)).rejects.toThrow();
  });
});
