import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness';
import { ccmsLibraryDataProperty, ccmsLibrarySetting, ccmsProduct, ccmsPublishConfig } from '../../../db/schema';
import { allowLoopbackRemotes, CONTENT_PERMS, grant, libraryBody, type TestUser, userWith } from '../content-test-kit';

let t: TestApp;
let owner: TestUser;
let reader: TestUser;
let libraryId = 0;

beforeAll(async () => {
  t = await createTestApp();
  await allowLoopbackRemotes(t);
  owner = await userWith(t, 'cown', CONTENT_PERMS);
  reader = await userWith(t, 'cread', CONTENT_PERMS);
  libraryId = (await owner.caller.post('/prod-api/ccms/library', libraryBody('conf', 'http://127.0.0.1:9/conf.git'))).body.data.libraryId;
  await grant(t, libraryId, 'user', reader.userId, 'read');
  await t.database.db.insert(ccmsProduct).values([
    { productName: 'A320', displayName: 'A320' },
    { productName: 'A350', displayName: 'A350' },
  ]);
});
afterAll(async () => {
  await t?.close();
});

const filter = (over: Record<string, unknown> = {}) => ({
  libraryId,
  group: 'web',
  name: 'audience',
  type: 'include',
  value: 'pilot',
  product: 'A320',
  ...over,
});

describe('variables and filters', () => {
  it('requires group, name, type, value and product, checks the type per kind, and writes nothing on error', async () => {
    const labels = { group: 'Group', name: 'Name', type: 'Type', value: 'Value', product: 'Product' };
    for (const [field, label] of Object.entries(labels)) {
      const res = await owner.caller.post('/prod-api/ccms/library/filter', filter({ [field]: '' }));
      expect(res.body.msg, field).toBe(`${label} is required`);
    }
    expect((await owner.caller.post('/prod-api/ccms/library/filter', filter({ type: 'file' }))).body.msg).toBe('Type must be one of: include, exclude');
    expect((await owner.caller.post('/prod-api/ccms/library/variable', filter({ type: 'include' }))).body.msg).toBe('Type must be one of: file, value');
    expect(await t.database.db.select().from(ccmsLibrarySetting)).toHaveLength(0);
  });

  it('stores filters, refuses a duplicate, lists per kind and exports a group as DITAVAL', async () => {
    expect((await owner.caller.post('/prod-api/ccms/library/filter', filter())).body.code).toBe(200);
    expect((await owner.caller.post('/prod-api/ccms/library/filter', filter({ name: 'platform', type: 'exclude', value: 'a&b' }))).body.code).toBe(200);
    expect((await owner.caller.post('/prod-api/ccms/library/variable', filter({ name: 'productName', type: 'value', value: 'A320 family' }))).body.code).toBe(
      200,
    );
    expect((await owner.caller.post('/prod-api/ccms/library/filter', filter())).body.msg).toBe('"audience" already exists in group "web"');
    const filters = await reader.caller.get('/prod-api/ccms/library/filter/list', { libraryId });
    expect(filters.body.data.map((f: { name: string }) => f.name)).toEqual(['audience', 'platform']);
    const variables = await reader.caller.get('/prod-api/ccms/library/variable/list', { libraryId });
    expect(variables.body.data).toHaveLength(1);
    const ditaval = await reader.caller.get('/prod-api/ccms/library/filter/ditaval', { libraryId, group: 'web' });
    expect(ditaval.headers['content-type']).toContain('application/xml');
    expect(ditaval.raw).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<val>\n  <prop att="audience" val="pilot" action="include"/>\n  <prop att="platform" val="a&amp;b" action="exclude"/>\n</val>\n',
    );
    expect((await reader.caller.post('/prod-api/ccms/library/filter', filter({ group: 'other' }))).status).toBe(403);
    const id = filters.body.data[0].settingId;
    expect((await reader.caller.delete(`/prod-api/ccms/library/filter/${id}`)).status).toBe(403);
    expect((await owner.caller.put('/prod-api/ccms/library/filter', { ...filter({ value: 'crew' }), settingId: id })).body.code).toBe(200);
  });
});

describe('data property config', () => {
  it('says when nothing is configured, refuses a second config for a product', async () => {
    const none = await reader.caller.get('/prod-api/ccms/library/dataProperty', { libraryId, product: 'A320' });
    expect(none.body.msg).toBe('Data attributes not configured yet.');
    const body = { libraryId, product: 'A320', audience: 'pilot,crew', platform: 'web', props: '', otherprops: '' };
    expect((await owner.caller.post('/prod-api/ccms/library/dataProperty', body)).body.code).toBe(200);
    expect((await owner.caller.post('/prod-api/ccms/library/dataProperty', body)).body.msg).toBe('The product already has attribute configuration.');
    expect((await owner.caller.post('/prod-api/ccms/library/dataProperty', { ...body, product: 'B777' })).body.msg).toBe('Product "B777" does not exist');
    expect((await reader.caller.post('/prod-api/ccms/library/dataProperty', { ...body, product: 'A350' })).status).toBe(403);
    expect(await t.database.db.select().from(ccmsLibraryDataProperty)).toHaveLength(1);
    const got = await reader.caller.get('/prod-api/ccms/library/dataProperty', { libraryId, product: 'A320' });
    expect(got.body.data).toMatchObject({ audience: 'pilot,crew', platform: 'web' });
  });
});

describe('publish config', () => {
  const config = (over: Record<string, unknown> = {}) => ({
    libraryId,
    configName: 'Web help',
    format: 'html5',
    lang: 'en',
    product: 'A320',
    publishPath: 'preview',
    filterGroup: 'web',
    readerUserIds: [reader.userId],
    readerRoleIds: [],
    ...over,
  });

  it('validates format, path, filter group, product and readers, and stores a good one', async () => {
    expect((await owner.caller.post('/prod-api/ccms/library/publishConfig', config({ format: 'docx' }))).body.msg).toBe('Format must be one of: html5, pdf');
    expect((await owner.caller.post('/prod-api/ccms/library/publishConfig', config({ publishPath: 'path' }))).body.msg).toBe('Folder is required');
    expect((await owner.caller.post('/prod-api/ccms/library/publishConfig', config({ publishPath: 'path', publishDir: '../up' }))).body.msg).toBe(
      'Folder: the path "../up" is not allowed',
    );
    expect((await owner.caller.post('/prod-api/ccms/library/publishConfig', config({ filterGroup: 'nope' }))).body.msg).toBe(
      'Filter group "nope" does not exist',
    );
    expect((await owner.caller.post('/prod-api/ccms/library/publishConfig', config({ readerRoleIds: [424242] }))).body.msg).toBe(
      'Reader roles: role 424242 does not exist',
    );
    expect(await t.database.db.select().from(ccmsPublishConfig)).toHaveLength(0);
    expect((await owner.caller.post('/prod-api/ccms/library/publishConfig', config())).body.code).toBe(200);
    expect((await owner.caller.post('/prod-api/ccms/library/publishConfig', config())).body.msg).toBe('Publish configuration "Web help" already exists');
    expect((await reader.caller.post('/prod-api/ccms/library/publishConfig', config({ configName: 'Mine' }))).status).toBe(403);
    const list = await reader.caller.get('/prod-api/ccms/library/publishConfig/list', { libraryId });
    expect(list.body.data).toMatchObject([{ configName: 'Web help', publishPath: 'preview', readerUserIds: [reader.userId], readersOnly: false }]);
  });

  it('closes an output to the readers: needs readers, and an edit that leaves the choice out keeps it', async () => {
    const add = (over: Record<string, unknown>) => owner.caller.post('/prod-api/ccms/library/publishConfig', config({ configName: 'Closed', ...over }));
    expect((await add({ readersOnly: true, readerUserIds: [] })).body.msg).toBe('Reader users is required');
    expect((await add({ readersOnly: true })).body.code).toBe(200);
    const [row] = await t.database.db.select().from(ccmsPublishConfig).where(eq(ccmsPublishConfig.configName, 'Closed'));
    expect(row?.readersOnly).toBe(true);
    const edit = (over: Record<string, unknown>) =>
      owner.caller.put('/prod-api/ccms/library/publishConfig', { ...config({ configName: 'Closed', ...over }), configId: row?.configId });
    expect((await edit({ lang: 'de' })).body.code).toBe(200);
    const [kept] = await t.database.db.select().from(ccmsPublishConfig).where(eq(ccmsPublishConfig.configName, 'Closed'));
    expect(kept).toMatchObject({ lang: 'de', readersOnly: true });
    expect((await edit({ readerUserIds: [] })).body.msg).toBe('Reader users is required');
    expect((await edit({ readersOnly: false, readerUserIds: [] })).body.code).toBe(200);
    const [opened] = await t.database.db.select().from(ccmsPublishConfig).where(eq(ccmsPublishConfig.configName, 'Closed'));
    expect(opened).toMatchObject({ readersOnly: false, readerUserIds: [] });
  });
});
