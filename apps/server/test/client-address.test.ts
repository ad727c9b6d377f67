import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysLogininfor, sysOperLog, sysSession } from '../src/db/schema';
import { fastifyTrustProxy, loadConfig, trustProxyFrom } from '../src/platform/config';
import { callerFor, createTestApp, type TestApp } from './harness';

/**
 * The client address the logs keep comes from the socket unless CCMS_TRUST_PROXY names the
 * proxies allowed to set X-Forwarded-For. (app.inject connects from 127.0.0.1.)
 */
describe('CCMS_TRUST_PROXY parsing', () => {
  it('is off by default and takes true, false, a hop count or a list of addresses and CIDRs', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(trustProxyFrom(undefined)).toBe(false);
    expect(trustProxyFrom('')).toBe(false);
    expect(trustProxyFrom('false')).toBe(false);
    expect(trustProxyFrom('0')).toBe(false);
    expect(trustProxyFrom('true')).toBe(true);
    expect(trustProxyFrom('TRUE')).toBe(true);
    expect(trustProxyFrom('2')).toBe(2);
    expect(trustProxyFrom('127.0.0.1')).toEqual(['127.0.0.1']);
    expect(trustProxyFrom(' 10.0.0.0/8, ::1 ,fd00::/8,loopback, 192.168.0.0/255.255.0.0')).toEqual([
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
      'loopback',
      '192.168.0.0/255.255.0.0',
    ]);
  });

  it.each(['yes', '10.0.0.0/33', '::1/129', '10.0.0.1,nonsense', 'example.com', ',', '-1'])('refuses %j at start-up', (value) => {
    expect(() => loadConfig({ CCMS_TRUST_PROXY: value })).toThrow(/CCMS_TRUST_PROXY/);
  });

  it('turns a hop count into a rule trusting that many hops (Fastify alone would trust none)', () => {
    const rule = fastifyTrustProxy(2);
    if (typeof rule !== 'function') throw new Error('expected a trust function');
    expect([0, 1, 2].map((hop) => rule('10.0.0.1', hop))).toEqual([true, true, false]);
    expect(fastifyTrustProxy(false)).toBe(false);
    expect(fastifyTrustProxy(['10.0.0.0/8'])).toEqual(['10.0.0.0/8']);
  });
});

const FORGED = '203.0.113.9';

/** Signs in with a forged X-Forwarded-For, uses the session for a logged write, and answers the addresses kept. */
async function addressesKept(t: TestApp, forwardedFor: string) {
  const login = await t.anonymous.request({
    method: 'POST',
    url: '/prod-api/login',
    payload: { username: 'admin', password: 'admin123' },
    headers: { 'x-forwarded-for': forwardedFor },
  });
  expect(login.body.code).toBe(200);
  const [attempt] = await t.database.db.select().from(sysLogininfor).orderBy(desc(sysLogininfor.infoId)).limit(1);
  const tokenId = (await t.app.tokens.read(login.body.token))?.tokenId ?? '';
  const [session] = await t.database.db.select().from(sysSession).where(eq(sysSession.tokenId, tokenId));
  const admin = callerFor(t.app, login.body.token);
  const write = await admin.request({ method: 'PUT', url: '/prod-api/system/notice/readAll', headers: { 'x-forwarded-for': forwardedFor } });
  expect(write.body.code).toBe(200);
  const operation = async () => (await t.database.db.select().from(sysOperLog).orderBy(desc(sysOperLog.operId)).limit(1))[0]?.operIp;
  await expect.poll(operation).toBeDefined();
  return { login: attempt?.ipaddr, session: session?.ipaddr, operation: await operation() };
}

describe('by default', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('a forged X-Forwarded-For changes no logged address: login log, session and operation log keep the socket address', async () => {
    expect(await addressesKept(t, FORGED)).toEqual({ login: '127.0.0.1', session: '127.0.0.1', operation: '127.0.0.1' });
  });
});

describe('behind a named proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { CCMS_TRUST_PROXY: '127.0.0.1/32' } });
  });
  afterAll(() => t.close());

  it('takes the client address the trusted proxy forwards', async () => {
    expect(await addressesKept(t, FORGED)).toEqual({ login: FORGED, session: FORGED, operation: FORGED });
  });
});

describe('with a proxy list that does not include the peer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { CCMS_TRUST_PROXY: '10.0.0.0/8' } });
  });
  afterAll(() => t.close());

  it('ignores X-Forwarded-For from anyone else', async () => {
    expect(await addressesKept(t, FORGED)).toEqual({ login: '127.0.0.1', session: '127.0.0.1', operation: '127.0.0.1' });
  });
});

describe('with a hop count', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { CCMS_TRUST_PROXY: '1' } });
  });
  afterAll(() => t.close());

  it('trusts only the nearest hop: the address it appended, not what the client claimed before it', async () => {
    expect(await addressesKept(t, `198.51.100.7, ${FORGED}`)).toEqual({ login: FORGED, session: FORGED, operation: FORGED });
  });
});
