import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { HTTP_STATUS_KEY } from '@ccms/contracts/system/config';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerWith } from '../../../../test/callers';
import { type Caller, createTestApp, type TestApp } from '../../../../test/harness';
import { sysConfig, sysOperLog } from '../../../db/schema';
import { seedIfEmpty } from '../../../db/seed';
import { CONFIG_NAMES_EN, LATER_CONFIG_KEYS } from '../../../db/seed/config';
import { configFlag, configValue } from './config.queries';

let t: TestApp;
let admin: Caller;
let plain: Caller;

const configs = () => t.database.db.select().from(sysConfig).orderBy(sysConfig.configId);
const byKey = async (configKey: string) => (await t.database.db.select().from(sysConfig).where(eq(sysConfig.configKey, configKey)))[0];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  plain = await callerWith(t, 'plain', []);
});
afterAll(() => t.close());

describe('GET /system/config/list and /{id}', () => {
  it('lists with paging and filters, and answers one parameter or 404', async () => {
    const all = await admin.get('/prod-api/system/config/list');
    const seeded = (await t.database.db.select().from(sysConfig)).length;
    expect(seeded).toBeGreaterThanOrEqual(7);
    expect(all.body.total).toBe(seeded);
    expect(all.body.rows[0]).toMatchObject({ configKey: 'sys.account.captchaEnabled', configType: 'Y' });
    expect((await admin.get('/prod-api/system/config/list', { configKey: 'sys.index', pageSize: 1 })).body).toMatchObject({
      total: 2,
      rows: [{ configKey: 'sys.index.skinName' }],
    });
    expect((await admin.get('/prod-api/system/config/list', { configName: '验证码' })).body.total).toBe(1);
    expect((await admin.get('/prod-api/system/config/list', { configType: 'N' })).body.total).toBe(0);
    // Whole days, inclusive, in the database's time zone: a two-day margin keeps this true in any zone.
    const dayBefore = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    expect((await admin.get('/prod-api/system/config/list', { 'params[beginTime]': dayBefore, 'params[endTime]': '2999-12-31' })).body.total).toBe(seeded);
    expect((await admin.get('/prod-api/system/config/list', { 'params[endTime]': '2001-01-01' })).body.total).toBe(0);
    expect((await admin.get('/prod-api/system/config/list', { 'params[endTime]': '2001-13-45' })).body.msg).toBe('End time is not in a valid format');
    expect((await admin.get('/prod-api/system/config/list', { orderByColumn: 'configValue' })).body.msg).toBe('Cannot sort by configValue');
    const id = all.body.rows[0].configId;
    expect((await admin.get(`/prod-api/system/config/${id}`)).body.data.configKey).toBe('sys.account.captchaEnabled');
    expect((await admin.get('/prod-api/system/config/99999')).status).toBe(404);
  });
});

describe('GET /system/config/configKey/{key}', () => {
  it('answers a public key in msg and data to any signed-in user; other keys need system:config:query', async () => {
    expect((await plain.get('/prod-api/system/config/configKey/sys.index.sideTheme')).body).toEqual({ code: 200, msg: 'theme-light', data: 'theme-light' });
    expect((await plain.get('/prod-api/system/config/configKey/no.such.key')).status).toBe(403);
    expect((await admin.get('/prod-api/system/config/configKey/no.such.key')).body).toEqual({ code: 200, msg: '', data: '' });
    expect((await t.anonymous.get('/prod-api/system/config/configKey/sys.index.sideTheme')).status).toBe(401);
  });

  it('attack: an ordinary user reads the initial password of imported users; refused, and nobody reads a secret back', async () => {
    await t.database.db.update(sysConfig).set({ configValue: 'init123' }).where(eq(sysConfig.configKey, 'sys.user.initPassword'));
    try {
      const stolen = await plain.get('/prod-api/system/config/configKey/sys.user.initPassword');
      expect(stolen.status).toBe(403);
      expect(stolen.raw).not.toContain('init123');
      // Not even an administrator gets it back: by key, in the list, the detail or the export.
      const row = await byKey('sys.user.initPassword');
      expect((await admin.get('/prod-api/system/config/configKey/sys.user.initPassword')).body.data).toBe('******');
      const list = await admin.get('/prod-api/system/config/list', { configKey: 'initPassword' });
      expect(list.body.rows[0].configValue).toBe('******');
      expect(list.raw).not.toContain('init123');
      expect((await admin.get(`/prod-api/system/config/${row?.configId}`)).body.data.configValue).toBe('******');
      expect((await admin.post('/prod-api/system/config/export', { configKey: 'initPassword' })).bytes.includes('init123')).toBe(false);
      // Saving the form with the mask keeps the secret; a new value replaces it, and the log never holds it.
      const body = { configId: row?.configId, configName: row?.configName, configKey: 'sys.user.initPassword', configValue: '******', configType: 'Y' };
      expect((await admin.put('/prod-api/system/config', body)).body.code).toBe(200);
      expect(await configValue(t.database.db, 'sys.user.initPassword')).toBe('init123');
      expect((await admin.put('/prod-api/system/config', { ...body, configValue: 'fresh4567' })).body.code).toBe(200);
      expect(await configValue(t.database.db, 'sys.user.initPassword')).toBe('fresh4567');
      const logs = () => t.database.db.select().from(sysOperLog).where(eq(sysOperLog.title, 'config'));
      // The export and the two edits.
      await expect.poll(async () => (await logs()).length).toBe(3);
      expect((await logs()).filter((l) => l.operParam.includes('sys.user.initPassword'))).toHaveLength(2);
      for (const l of await logs()) expect(`${l.operParam}${l.jsonResult}`).not.toMatch(/init123|fresh4567/);
      await t.database.db.delete(sysOperLog).where(eq(sysOperLog.title, 'config'));
    } finally {
      await t.database.db.update(sysConfig).set({ configValue: '' }).where(eq(sysConfig.configKey, 'sys.user.initPassword'));
    }
  });
});

describe('POST, PUT and DELETE /system/config', () => {
  it('creates, edits and deletes a parameter, writing the operation log', async () => {
    const body = { configName: '发布-并发数', configKey: 'ccms.publish.workers', configValue: '2', remark: 'publishing' };
    expect((await admin.post('/prod-api/system/config', body)).body.code).toBe(200);
    const row = await byKey('ccms.publish.workers');
    expect(row).toMatchObject({ configValue: '2', configType: 'N', createBy: 'admin' });
    const configId = row?.configId ?? 0;
    expect((await admin.put('/prod-api/system/config', { ...body, configId, configValue: '4' })).body.code).toBe(200);
    expect(await configValue(t.database.db, 'ccms.publish.workers')).toBe('4');
    expect((await admin.get('/prod-api/system/config/configKey/ccms.publish.workers')).body.data).toBe('4');
    expect((await admin.delete(`/prod-api/system/config/${configId}`)).body.code).toBe(200);
    expect(await byKey('ccms.publish.workers')).toBeUndefined();
    // The operation log row is written after the response is sent: wait for it.
    const logs = () => t.database.db.select().from(sysOperLog).where(eq(sysOperLog.title, 'config')).orderBy(sysOperLog.operId);
    await expect
      .poll(async () => (await logs()).map((l) => [l.businessType, l.status]))
      .toEqual([
        [1, 0],
        [2, 0],
        [3, 0],
      ]);
  });

  it('changes what the platform reads: the captcha switch takes effect on the sign-in page', async () => {
    const row = await byKey('sys.account.captchaEnabled');
    const put = (configValue: string) => admin.put('/prod-api/system/config', { ...row, configValue });
    expect((await put('true')).body.code).toBe(200);
    expect(await configFlag(t.database.db, 'sys.account.captchaEnabled', false)).toBe(true);
    expect((await t.anonymous.get('/prod-api/captchaImage')).body.captchaEnabled).toBe(true);
    expect((await put('false')).body.code).toBe(200);
    expect((await t.anonymous.get('/prod-api/captchaImage')).body.captchaEnabled).toBe(false);
  });

  it.each([
    [{ configName: '', configKey: 'a.b' }, 'Parameter name is required'],
    [{ configName: 'X', configKey: '' }, 'Key is required'],
    [{ configName: 'X', configKey: 'k'.repeat(101) }, 'Key must be at most 100 characters'],
    [{ configName: 'X', configKey: 'a.b', configValue: 'v'.repeat(501) }, 'Value must be at most 500 characters'],
    [{ configName: 'X', configKey: 'a.b', configType: 'Q' }, 'Built in must be one of: Y, N'],
    [{ configName: '重复', configKey: 'sys.index.skinName' }, 'Cannot save parameter "重复": key "sys.index.skinName" already exists'],
  ])('refuses %j naming the problem, changing nothing', async (body, msg) => {
    const before = await configs();
    const res = await admin.post('/prod-api/system/config', body);
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe(msg);
    expect(await configs()).toEqual(before);
  });

  it('refuses taking a key another parameter holds, and deleting a built-in parameter, changing nothing', async () => {
    const skin = await byKey('sys.index.skinName');
    const before = await configs();
    const clash = await admin.put('/prod-api/system/config', { ...skin, configKey: 'sys.index.sideTheme' });
    expect(clash.body.msg).toBe('Cannot save parameter "主框架页-默认皮肤样式名称": key "sys.index.sideTheme" already exists');
    await admin.post('/prod-api/system/config', { configName: '自定义', configKey: 'ccms.custom', configValue: 'x' });
    const custom = await byKey('ccms.custom');
    const withCustom = await configs();
    const builtIn = await admin.delete(`/prod-api/system/config/${custom?.configId},${skin?.configId}`);
    expect(builtIn.body).toEqual({ code: 400, msg: 'Built-in parameter [sys.index.skinName] cannot be deleted' });
    expect(await configs()).toEqual(withCustom);
    expect(withCustom.length).toBe(before.length + 1);
    expect((await admin.put('/prod-api/system/config', { ...skin, configId: 99999 })).status).toBe(404);
  });

  it('refreshes the cache (nothing is cached) and exports the filtered parameters', async () => {
    expect((await admin.delete('/prod-api/system/config/refreshCache')).body.code).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: '/prod-api/system/config/export',
      payload: 'configKey=sys.account&pageNum=1',
      headers: { authorization: `Bearer ${admin.token}`, 'accept-language': 'zh', 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows: string[][] = [];
    book.worksheets[0]?.eachRow((row) => {
      rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? '')));
    });
    expect(rows[0]?.slice(0, 6)).toEqual(['参数主键', '参数名称', '英文名称', '参数键名', '参数键值', '系统内置']);
    expect(rows.slice(1).map((r) => [r[3], r[5]])).toEqual([
      ['sys.account.captchaEnabled', '是'],
      ['sys.account.registerUser', '是'],
      ['sys.account.passwordValidateDays', '是'],
    ]);
  });
});

describe('permissions', () => {
  it('lets system:config:list list and refuses the rest', async () => {
    const reader = await callerWith(t, 'confread', ['system:config:list']);
    expect((await reader.get('/prod-api/system/config/list')).body.code).toBe(200);
    const row = await byKey('sys.index.sideTheme');
    const before = await configs();
    for (const res of [
      await reader.get(`/prod-api/system/config/${row?.configId}`),
      await reader.post('/prod-api/system/config', { configName: 'X', configKey: 'x.y' }),
      await reader.put('/prod-api/system/config', { ...row, configValue: 'theme-dark' }),
      await reader.delete(`/prod-api/system/config/${row?.configId}`),
      await reader.delete('/prod-api/system/config/refreshCache'),
      await reader.post('/prod-api/system/config/export', {}),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.msg).toBe('The current operation has no permission');
    }
    expect(await configs()).toEqual(before);
    expect((await plain.get('/prod-api/system/config/list')).status).toBe(403);
  });

  it('attack: a parameter editor cannot widen where the server may connect; ccms.library.allowPrivateUrls is the administrator’s alone', async () => {
    const editor = await callerWith(t, 'confallow', ['system:config:query', 'system:config:add', 'system:config:edit', 'system:config:remove']);
    const allow = await byKey('ccms.library.allowPrivateUrls');
    await admin.post('/prod-api/system/config', { configName: '自定义2', configKey: 'ccms.custom2', configValue: 'x' });
    const custom = await byKey('ccms.custom2');
    const before = await configs();
    const msg = 'Only an administrator may add, change or delete the parameter [ccms.library.allowPrivateUrls]';
    for (const res of [
      await editor.put('/prod-api/system/config', { ...allow, configValue: 'true' }),
      // Renamed away (the key would read as unset, then be created anew), or another row renamed onto it.
      await editor.put('/prod-api/system/config', { ...allow, configKey: 'ccms.library.allowPrivateUrls.old' }),
      await editor.put('/prod-api/system/config', { ...custom, configKey: 'ccms.library.allowPrivateUrls', configValue: 'true' }),
      await editor.post('/prod-api/system/config', { configName: 'x', configKey: 'ccms.library.allowPrivateUrls', configValue: 'true' }),
      await editor.delete(`/prod-api/system/config/${allow?.configId}`),
      await editor.delete(`/prod-api/system/config/${custom?.configId},${allow?.configId}`),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.msg).toBe(msg);
    }
    const zh = await editor.request({
      method: 'PUT',
      url: '/prod-api/system/config',
      payload: { ...allow, configValue: '127.0.0.1' },
      headers: { 'accept-language': 'zh' },
    });
    expect(zh.body.msg).toBe('参数【ccms.library.allowPrivateUrls】只有管理员可以新增、修改或删除');
    expect(await configs()).toEqual(before);
    // The editor's other parameters stay theirs to edit; the administrator sets the allowance.
    expect((await editor.put('/prod-api/system/config', { ...custom, configValue: 'y' })).body.code).toBe(200);
    expect((await admin.put('/prod-api/system/config', { ...allow, configValue: '127.0.0.1' })).body.code).toBe(200);
    expect(await configValue(t.database.db, 'ccms.library.allowPrivateUrls')).toBe('127.0.0.1');
    expect((await admin.put('/prod-api/system/config', { ...allow, configValue: '' })).body.code).toBe(200);
  });

  it('lets each other permission do its one thing', async () => {
    const writer = await callerWith(t, 'confwrite', [
      'system:config:query',
      'system:config:add',
      'system:config:edit',
      'system:config:remove',
      'system:config:export',
    ]);
    expect((await writer.post('/prod-api/system/config', { configName: '临时', configKey: 'ccms.tmp', configValue: '1' })).body.code).toBe(200);
    const row = await byKey('ccms.tmp');
    expect((await writer.get(`/prod-api/system/config/${row?.configId}`)).body.code).toBe(200);
    expect((await writer.put('/prod-api/system/config', { ...row, configValue: '2' })).body.code).toBe(200);
    expect((await writer.post('/prod-api/system/config/export', {})).status).toBe(200);
    expect((await writer.delete(`/prod-api/system/config/${row?.configId}`)).body.code).toBe(200);
    expect((await writer.get('/prod-api/system/config/list')).status).toBe(403);
  });
});

// Last: its saves write operation-log rows, which the tests above count.
describe('English names', () => {
  it('every seeded parameter has one; the list finds by either name; a save keeps it; the export has it', async () => {
    const seeded = await configs();
    expect(seeded.filter((c) => c.configType === 'Y' && c.configNameEn === '').map((c) => c.configKey)).toEqual([]);
    expect((await byKey('sys.account.captchaEnabled'))?.configNameEn).toBe(CONFIG_NAMES_EN['sys.account.captchaEnabled']);
    expect((await admin.get('/prod-api/system/config/list', { configName: 'captcha' })).body.rows.map((r: { configKey: string }) => r.configKey)).toEqual([
      'sys.account.captchaEnabled',
    ]);
    const added = await admin.post('/prod-api/system/config', {
      configName: '发布-超时',
      configNameEn: ' Publishing - timeout ',
      configKey: 'ccms.publish.timeout',
      configValue: '60',
    });
    expect(added.body.code, added.body.msg).toBe(200);
    expect((await byKey('ccms.publish.timeout'))?.configNameEn).toBe('Publishing - timeout');
    // An update that leaves the English name out (a client that does not know it) keeps it; an empty one clears it.
    const timeout = await byKey('ccms.publish.timeout');
    const edit = { configId: timeout?.configId, configName: '发布-超时时间', configKey: 'ccms.publish.timeout', configValue: '90' };
    expect((await admin.put('/prod-api/system/config', edit)).body.code).toBe(200);
    expect(await byKey('ccms.publish.timeout')).toMatchObject({ configName: '发布-超时时间', configNameEn: 'Publishing - timeout' });
    expect((await admin.put('/prod-api/system/config', { ...edit, configNameEn: '' })).body.code).toBe(200);
    expect((await byKey('ccms.publish.timeout'))?.configNameEn).toBe('');
    expect((await admin.put('/prod-api/system/config', { ...edit, configNameEn: 'Publishing - timeout' })).body.code).toBe(200);
    const long = await admin.post('/prod-api/system/config', { configName: 'X', configNameEn: 'n'.repeat(101), configKey: 'ccms.long' });
    expect(long.body.msg).toBe('English name must be at most 100 characters');
    const sheet = await admin.request({ method: 'POST', url: '/prod-api/system/config/export', payload: { configKey: 'ccms.publish.timeout' } });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(sheet.bytes as unknown as ArrayBuffer);
    const rows: string[][] = [];
    book.worksheets[0]?.eachRow((row) => {
      rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? '')));
    });
    expect(rows[0]?.slice(1, 3)).toEqual(['Name', 'English name']);
    expect(rows[1]?.slice(1, 4)).toEqual(['发布-超时时间', 'Publishing - timeout', 'ccms.publish.timeout']);
    await admin.delete(`/prod-api/system/config/${(await byKey('ccms.publish.timeout'))?.configId}`);
  });

  it('a parameter added later reaches an older database on its next start, with its English name; a value already set is kept', async () => {
    const db = t.database.db;
    await db.delete(sysConfig).where(eq(sysConfig.configKey, HTTP_STATUS_KEY));
    await seedIfEmpty(db, { adminPassword: 'unused', captchaEnabled: false });
    expect(await byKey(HTTP_STATUS_KEY)).toMatchObject({ configValue: 'false', configNameEn: 'System API - refusals with HTTP status', configType: 'Y' });
    await db.update(sysConfig).set({ configValue: 'true' }).where(eq(sysConfig.configKey, HTTP_STATUS_KEY));
    await seedIfEmpty(db, { adminPassword: 'unused', captchaEnabled: false });
    expect((await byKey(HTTP_STATUS_KEY))?.configValue).toBe('true');
  });

  it('migration 0014 gives the seeded parameters of an older database their English names, and leaves names already set', async () => {
    const db = t.database.db;
    await db.update(sysConfig).set({ configNameEn: '' }).where(eq(sysConfig.configKey, 'mail.smtp.host'));
    await db.update(sysConfig).set({ configNameEn: 'Kept' }).where(eq(sysConfig.configKey, 'mail.smtp.port'));
    const migration = await readFile(path.join(import.meta.dirname, '../../../db/migrations/0014_config_name_en.sql'), 'utf8');
    const update = migration.split('--> statement-breakpoint')[1] ?? '';
    expect(update).toContain('UPDATE "sys_config"');
    await db.execute(sql.raw(update));
    expect((await byKey('mail.smtp.host'))?.configNameEn).toBe(CONFIG_NAMES_EN['mail.smtp.host']);
    expect((await byKey('mail.smtp.port'))?.configNameEn).toBe('Kept');
    // Every seeded name is in the migration, so no older database misses one.
    for (const [key, name] of Object.entries(CONFIG_NAMES_EN)) if (!LATER_CONFIG_KEYS.has(key)) expect(update).toContain(`WHEN '${key}' THEN '${name}'`);
    await db
      .update(sysConfig)
      .set({ configNameEn: CONFIG_NAMES_EN['mail.smtp.port'] ?? '' })
      .where(eq(sysConfig.configKey, 'mail.smtp.port'));
  });
});
