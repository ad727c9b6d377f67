import { PRODUCT_VERSION } from '@ccms/contracts/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerWith } from '../../../../test/callers';
import { type Caller, createTestApp, type TestApp } from '../../../../test/harness';

let t: TestApp;
let admin: Caller;
let plain: Caller;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  plain = await callerWith(t, 'plain', []);
});
afterAll(() => t.close());

/** Sets a system setting as the administrator does, through the config screen's API. */
async function setConfig(key: string, value: string) {
  const list = await admin.get('/prod-api/system/config/list', { configKey: key });
  const row = list.body.rows.find((r: { configKey: string }) => r.configKey === key);
  expect(row, `config ${key} is seeded`).toBeDefined();
  const res = await admin.put('/prod-api/system/config', { ...row, configValue: value });
  expect(res.body.code).toBe(200);
}

describe('GET /system/information/version', () => {
  it("answers the server package's version as the product writes it, in msg", async () => {
    const res = await plain.get('/prod-api/system/information/version');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 200, msg: PRODUCT_VERSION });
  });

  it('needs a session', async () => {
    expect((await t.anonymous.get('/prod-api/system/information/version')).status).toBe(401);
  });
});

describe('GET /ccms/version/push', () => {
  it('answers empty fields while no version is announced (the seeded settings)', async () => {
    const res = await plain.get('/prod-api/ccms/version/push');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ versionCode: '', url: '' });
  });

  it('answers the announced version and update address from sys.version.code and sys.version.url', async () => {
    await setConfig('sys.version.code', ' V2.3.0 ');
    await setConfig('sys.version.url', 'https://example.com/releases/2.3.0');
    const res = await plain.get('/prod-api/ccms/version/push');
    expect(res.body).toMatchObject({ code: 200, data: { versionCode: 'V2.3.0', url: 'https://example.com/releases/2.3.0' } });
    // Any signed-in user may read the two keys the notice needs.
    expect((await plain.get('/prod-api/system/config/configKey/sys.version.code')).body.msg).toBe(' V2.3.0 ');
  });

  it('needs a session', async () => {
    expect((await t.anonymous.get('/prod-api/ccms/version/push')).status).toBe(401);
  });
});
