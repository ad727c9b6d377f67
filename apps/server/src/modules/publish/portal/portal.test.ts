import { LibraryPerm } from '@ccms/contracts/content/library';
import { JOB_ROLES, jobRolePerms } from '@ccms/contracts/system/job-roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useGitServer } from '../../../../test/git-server';
import { type Caller, createTestApp, type TestApp } from '../../../../test/harness';
import { ccmsPublishConfig } from '../../../db/schema';
import { allowLoopbackRemotes, grant, libraryBody, libraryPrepared, type TestUser, userWith } from '../../content/content-test-kit';
import { outputFinished } from '../output/publish-test-kit';

/**
 * The reader's portal (issue 38, item 11) through the API: the latest successful output of each
 * publication the caller may read, the reader's language first; a search across the pages of those
 * outputs; an output opened in place. One app and one library; the outputs are published once.
 */
const remote = useGitServer();
let t: TestApp;
let admin: Caller;
let reader: TestUser;
let insider: TestUser;
let stranger: TestUser;
let libraryId = 0;
const out: Record<string, number> = {};
const api = (p: string) => `/prod-api${p}`;
const readerRole = JOB_ROLES.find((r) => r.roleKey === 'reader');
if (!readerRole) throw new Error('the reader job role is seeded');
const READER_PERMS = jobRolePerms(readerRole);

const topic = (id: string, title: string, text: string) => `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE concept PUBLIC "-//OASIS//DTD DITA Concept//EN" "concept.dtd">
<concept id="${id}"><title>${title}</title><conbody><p>${text}</p></conbody></concept>
`;
const map = (title: string, href: string) => `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE map PUBLIC "-//OASIS//DTD DITA Map//EN" "map.dtd">
<map><title>${title}</title><topicref href="${href}"/></map>
`;

async function publish(publicationId: number, configId: number): Promise<number> {
  const res = await admin.post(api('/ccms/output/publish'), { publicationId, configIds: [configId] });
  expect(res.body.code, res.raw).toBe(200);
  const outputId = res.body.data[0].outputId as number;
  await outputFinished(admin, outputId);
  return outputId;
}

beforeAll(async () => {
  t = await createTestApp();
  await allowLoopbackRemotes(t);
  await remote().createRepo('portal', {
    files: {
      'pump.ditamap': map('Pump manual', 'topics/seal.dita'),
      'topics/seal.dita': topic('seal', 'Seal', 'Fit the gasket before the pump starts.'),
      'secret.ditamap': map('Turbine notes', 'topics/turbine.dita'),
      'topics/turbine.dita': topic('turbine', 'Turbine', 'Classified turbine clearance values.'),
      'broken.ditamap': '<?xml version="1.0"?>\n<map><title>Broken</title><topicref href="missing.dita">\n</map>\n',
      'all.ditaval': '<val/>\n',
    },
  });
  admin = await t.login();
  reader = await userWith(t, 'preader', READER_PERMS);
  insider = await userWith(t, 'pinsider', READER_PERMS);
  // Reads the library, but holds none of the permissions that open outputs.
  stranger = await userWith(t, 'pstranger', [LibraryPerm.list, LibraryPerm.query]);
  libraryId = (await admin.post(api('/ccms/library'), libraryBody('portal-lib', remote().url('portal')))).body.data.libraryId;
  await libraryPrepared(admin, libraryId);
  for (const u of [reader, insider, stranger]) await grant(t, libraryId, 'user', u.userId, 'read');
  const configs = await t.database.db
    .insert(ccmsPublishConfig)
    .values([
      { libraryId, configName: 'web-en', format: 'html5', lang: 'en', publishPath: 'preview', product: 'Pump P-100' },
      { libraryId, configName: 'web-zh', format: 'html5', lang: 'zh-CN', publishPath: 'preview', product: 'Pump P-100' },
      // Only the insider (and the library's owners) read these.
      { libraryId, configName: 'inner', format: 'html5', lang: 'en', publishPath: 'preview', readerUserIds: [insider.userId], readersOnly: true },
    ])
    .returning();
  const [en, zh, inner] = configs.map((c) => c.configId);
  const publication = async (name: string, ditaMap: string) =>
    (await admin.post(api('/ccms/publication'), { libraryId, name, branch: 'main', ditaMap, ditaVal: 'all.ditaval' })).body.data.publicationId as number;
  const pump = await publication('Pump manual', 'pump.ditamap');
  const secret = await publication('Turbine notes', 'secret.ditamap');
  const broken = await publication('Broken manual', 'broken.ditamap');
  out.pumpEnOld = await publish(pump, en ?? 0);
  out.pumpEn = await publish(pump, en ?? 0);
  out.pumpZh = await publish(pump, zh ?? 0);
  out.secret = await publish(secret, inner ?? 0);
  out.broken = await publish(broken, en ?? 0);
}, 180_000);
afterAll(async () => {
  await t?.close();
});

const as = (u: TestUser, lang: 'zh' | 'en', url: string, query?: Record<string, string>) =>
  u.caller.request({ method: 'GET', url: api(url) + (query ? `?${new URLSearchParams(query)}` : ''), headers: { 'accept-language': lang } });

describe('the portal list', () => {
  it('is the home getInfo names for a reader, and nobody else', async () => {
    expect((await as(reader, 'en', '/getInfo')).body.home).toBe('/portal');
    expect((await as(stranger, 'en', '/getInfo')).body.home).toBeNull();
    expect((await admin.get(api('/getInfo'))).body.home).toBeNull();
  });

  it('answers the latest successful output of each publication the caller may read, the reader language first', async () => {
    const broken = await admin.get(api(`/ccms/output/${out.broken}`));
    expect(broken.body.data.status).toBe('fail');
    const en = await as(reader, 'en', '/ccms/portal/list');
    expect(en.body.code, en.raw).toBe(200);
    expect(en.body.rows).toHaveLength(1);
    const [pump] = en.body.rows;
    expect(pump).toMatchObject({ title: 'Pump manual', libraryName: 'portal-lib', product: 'Pump P-100', path: 'pump.ditamap' });
    // The newer en output only; the failed publication and the output restricted to the insider are absent.
    expect(pump.outputs.map((o: { outputId: number; lang: string }) => [o.outputId, o.lang])).toEqual([
      [out.pumpEn, 'en'],
      [out.pumpZh, 'zh-CN'],
    ]);
    expect(pump.outputs[0]).toMatchObject({ format: 'html5', configName: 'web-en', version: '' });
    expect(pump.outputs[0].commit).toMatch(/^[0-9a-f]{40}$/);
    const zh = await as(reader, 'zh', '/ccms/portal/list');
    expect(zh.body.rows[0].outputs.map((o: { lang: string }) => o.lang)).toEqual(['zh-CN', 'en']);
  });

  it('shows a restricted output to its named reader only', async () => {
    const list = await as(insider, 'en', '/ccms/portal/list');
    expect(list.body.rows.map((r: { title: string }) => r.title)).toEqual(['Pump manual', 'Turbine notes']);
    expect(list.body.rows[1].outputs.map((o: { outputId: number }) => o.outputId)).toEqual([out.secret]);
    const found = await as(insider, 'en', '/ccms/portal/list', { keyword: 'turbine' });
    expect(found.body.rows.map((r: { title: string }) => r.title)).toEqual(['Turbine notes']);
  });

  it('is refused without the permissions that open outputs, naming them', async () => {
    for (const url of ['/ccms/portal/list', '/ccms/portal/search?q=gasket', `/ccms/portal/output/${out.pumpEn}`]) {
      const res = await as(stranger, 'en', url);
      expect(res.status, url).toBe(403);
      expect(res.body.denied.permissions.map((p: { perms: string }) => p.perms)).toContain('ccms:publication:list');
    }
  });
});

describe('the portal search', () => {
  it('finds the text of a published page the caller may read, with its title and a snippet, and not of a page it may not', async () => {
    const res = await as(reader, 'en', '/ccms/portal/search', { q: 'gasket pump' });
    expect(res.body.code, res.raw).toBe(200);
    expect(res.body.rows.map((h: { outputId: number }) => h.outputId).sort()).toEqual([out.pumpEn, out.pumpZh].sort());
    const [first] = res.body.rows;
    expect(first).toMatchObject({ outputId: out.pumpEn, publication: 'Pump manual', libraryName: 'portal-lib', lang: 'en' });
    expect(first.title).toContain('Seal');
    expect(first.snippet).toContain('Fit the gasket before the pump starts.');
    expect(first.page).toMatch(/\.html$/);
    // The older output of the same config is not searched; the restricted one is not the reader's.
    expect((await as(reader, 'en', '/ccms/portal/search', { q: 'turbine' })).body).toMatchObject({ rows: [], total: 0 });
    const insiders = await as(insider, 'en', '/ccms/portal/search', { q: 'clearance' });
    expect(insiders.body.rows.map((h: { outputId: number }) => h.outputId)).toEqual([out.secret]);
  });

  it('refuses an empty query, naming the field in the caller language', async () => {
    const en = await as(reader, 'en', '/ccms/portal/search', { q: ' ' });
    expect(en.status).toBe(400);
    expect(en.body.msg).toBe('Search text is required');
    expect((await as(reader, 'zh', '/ccms/portal/search', { q: '' })).body.msg).toBe('搜索词不能为空');
  });
});

describe('opening an output in the portal', () => {
  it('answers the address of a search hit page, served to the reader, with the other languages of the publication', async () => {
    const hit = (await as(reader, 'en', '/ccms/portal/search', { q: 'gasket' })).body.rows[0];
    const res = await as(reader, 'en', `/ccms/portal/output/${hit.outputId}`, { page: hit.page });
    expect(res.body.code, res.raw).toBe(200);
    expect(res.body.data).toMatchObject({ title: 'Pump manual', libraryName: 'portal-lib', output: { outputId: out.pumpEn, lang: 'en' } });
    expect(res.body.data.others.map((o: { outputId: number }) => o.outputId)).toEqual([out.pumpZh]);
    expect(res.body.data.viewUrl.endsWith(`/${hit.page}`)).toBe(true);
    // The frame's request carries no token: the ticket in the address is the reader's.
    const page = await t.app.inject({ method: 'GET', url: res.body.data.viewUrl });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Fit the gasket before the pump starts.');
    const entry = await as(reader, 'en', `/ccms/portal/output/${out.pumpZh}`);
    expect(entry.body.data.viewUrl).toMatch(/\.html$/);
  });

  it('refuses an output the caller may not read, a failed one and a page outside the output, in the caller language', async () => {
    const secret = await as(reader, 'en', `/ccms/portal/output/${out.secret}`);
    expect(secret.status).toBe(403);
    expect(secret.body.msg).toBe('No relevant permissions');
    const failed = await as(reader, 'en', `/ccms/portal/output/${out.broken}`);
    expect(failed.status).toBe(400);
    expect(failed.body.msg).toBe(`Output ${out.broken} was not published successfully, so the portal cannot open it`);
    const outside = await as(reader, 'zh', `/ccms/portal/output/${out.pumpEn}`, { page: '../1/index.html' });
    expect(outside.status).toBe(400);
    expect(outside.body.msg).toBe('页面：“../1/index.html”不是输出中的页面路径');
  });
});
