import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** RuoYi's web frames Druid's console and springdoc's UI at these paths; this server sends them to its own pages. */
describe('RuoYi frame paths', () => {
  it.each([
    ['/prod-api/druid/login.html', '/monitor/druid'],
    ['/prod-api/druid/index.html', '/monitor/druid'],
    ['/prod-api/swagger-ui/index.html', '/prod-api/swagger'],
  ])('%s redirects to %s', async (url, target) => {
    const res = await t.anonymous.get(url);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(target);
  });

  it('the API manual it lands on still asks for sign-in', async () => {
    expect((await t.anonymous.get('/prod-api/swagger/json')).status).toBe(401);
    const admin = await t.login();
    expect((await admin.get('/prod-api/swagger/json')).status).toBe(200);
  });
});
