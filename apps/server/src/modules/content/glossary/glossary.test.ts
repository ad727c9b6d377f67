import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useGitServer } from '../../../../test/git-server';
import { createTestApp, type TestApp } from '../../../../test/harness';
import { allowLoopbackRemotes, grant, libraryBody, multipart, type TestUser, userWith } from '../content-test-kit';
import { RESOURCE_PERMS, RESOURCE_SEED } from '../graphic/resource-test-kit';

const remote = useGitServer();
let t: TestApp;
let writer: TestUser;
let reader: TestUser;
let stranger: TestUser;
let libraryId = 0;

beforeAll(async () => {
  t = await createTestApp();
  await allowLoopbackRemotes(t);
  await remote().createRepo('gloss', { files: RESOURCE_SEED });
  const owner = await userWith(t, 'lowner', RESOURCE_PERMS);
  writer = await userWith(t, 'lwriter', RESOURCE_PERMS, 'lwriter@example.test');
  reader = await userWith(t, 'lreader', RESOURCE_PERMS);
  stranger = await userWith(t, 'lstranger', RESOURCE_PERMS);
  libraryId = (await owner.caller.post('/prod-api/ccms/library', libraryBody('gloss', remote().url('gloss')))).body.data.libraryId;
  await grant(t, libraryId, 'user', writer.userId, 'write');
  await grant(t, libraryId, 'user', reader.userId, 'read');
});
afterAll(async () => {
  await t?.close();
});

const head = async () => (await remote().log('gloss', 'main'))[0]?.hash;
const API_XML = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  '<!DOCTYPE glossentry PUBLIC "-//OASIS//DTD DITA Glossary Entry//EN" "glossentry.dtd">',
  '<glossentry id="abbr-api">',
  '  <glossterm>Application Programming Interface</glossterm>',
  '  <glossBody>',
  '    <glossSurfaceForm>Application Programming Interface (API)</glossSurfaceForm>',
  '    <glossAlt>',
  '      <glossAbbreviation>API</glossAbbreviation>',
  '    </glossAlt>',
  '  </glossBody>',
  '</glossentry>',
  '',
].join('\n');

describe('abbreviations', () => {
  it('creates a glossentry file as a commit by the signed-in user, lists it, and finds where it is used', async () => {
    const res = await writer.caller.post('/prod-api/ccms/abbreviation', { libraryId, name: 'API', definition: 'Application Programming Interface' });
    expect(res.body).toMatchObject({ code: 200, data: { branch: 'main', paths: ['glossary/abbreviations/abbr-api.dita'], ids: ['abbr-api.dita'] } });
    expect(await remote().show('gloss', 'main', 'glossary/abbreviations/abbr-api.dita')).toBe(API_XML);
    expect((await remote().log('gloss', 'main'))[0]).toMatchObject({
      hash: res.body.data.commit,
      subject: 'Add abbreviation "API"',
      author: 'lwriter nick',
      email: 'lwriter@example.test',
    });

    const list = await reader.caller.get('/prod-api/ccms/abbreviation/list', { libraryId });
    expect(list.body).toMatchObject({ code: 200, total: 1, branch: 'main', commit: res.body.data.commit });
    // topics/intro.dita of the seed writes <abbreviated-form keyref="abbr-api"/>.
    expect(list.body.rows).toMatchObject([
      { id: 'abbr-api.dita', entryId: 'abbr-api', name: 'API', definition: 'Application Programming Interface', refs: 1, updateBy: 'lwriter nick' },
    ]);
    const usage = await reader.caller.get('/prod-api/ccms/abbreviation/abbr-api.dita/usage', { libraryId });
    expect(usage.body.data).toMatchObject({
      path: 'glossary/abbreviations/abbr-api.dita',
      rows: [{ sourcePath: 'topics/intro.dita', line: 5, kind: 'keyref', title: 'Introduction' }],
    });
    const one = await reader.caller.get('/prod-api/ccms/abbreviation/abbr-api.dita', { libraryId });
    expect(one.body.data).toMatchObject({ name: 'API', xml: API_XML, refs: 1 });
  });

  it('refuses a duplicate name, an empty field and a path outside the folder, committing nothing', async () => {
    const before = await head();
    const dup = await writer.caller.post('/prod-api/ccms/abbreviation', { libraryId, name: ' API ', definition: 'Another' });
    expect(dup.body).toMatchObject({ code: 400, msg: 'The abbreviation "API" already exists' });
    const zh = await writer.caller.request({
      method: 'POST',
      url: '/prod-api/ccms/abbreviation',
      payload: { libraryId, name: 'API', definition: 'x' },
      headers: { 'accept-language': 'zh' },
    });
    expect(zh.body.msg).toBe('缩略语“API”已存在');
    const empty = await writer.caller.post('/prod-api/ccms/abbreviation', { libraryId, name: 'X', definition: '  ' });
    expect(empty.body.code).toBe(400);
    expect(empty.body.msg).toContain('Definition');
    const outside = await writer.caller.put('/prod-api/ccms/abbreviation', { libraryId, id: '../../topics/intro.dita', name: 'X', definition: 'Y' });
    expect(outside.body.code).toBe(400);
    for (const ids of ['..%2Ftopics%2Fintro.dita', 'a%5Cb.dita', 'abbr-api.dita,..%2F..%2Fx']) {
      const del = await writer.caller.delete(`/prod-api/ccms/abbreviation/${ids}?libraryId=${libraryId}`);
      expect(del.body.code, ids).toBe(400);
    }
    expect(await head()).toBe(before);
  });

  it('edits name and definition in the same file, and refuses a name another entry has', async () => {
    await writer.caller.post('/prod-api/ccms/abbreviation', { libraryId, name: 'CPU', definition: 'Central Processing Unit' });
    const clash = await writer.caller.put('/prod-api/ccms/abbreviation', { libraryId, id: 'abbr-cpu.dita', name: 'API', definition: 'x' });
    expect(clash.body.msg).toBe('The abbreviation "API" already exists');
    const res = await writer.caller.put('/prod-api/ccms/abbreviation', {
      libraryId,
      id: 'abbr-cpu.dita',
      name: 'CPUs',
      definition: 'Central Processing Units',
    });
    expect(res.body).toMatchObject({ code: 200, data: { paths: ['glossary/abbreviations/abbr-cpu.dita'] } });
    const xml = await remote().show('gloss', 'main', 'glossary/abbreviations/abbr-cpu.dita');
    expect(xml).toContain('<glossAbbreviation>CPUs</glossAbbreviation>');
    expect(xml).toContain('<glossterm>Central Processing Units</glossterm>');
    expect(xml).toContain('<glossentry id="abbr-cpu">');
    const missing = await writer.caller.put('/prod-api/ccms/abbreviation', { libraryId, id: 'abbr-none.dita', name: 'N', definition: 'n' });
    expect(missing).toMatchObject({ status: 404, body: { msg: 'The abbreviation "abbr-none.dita" does not exist' } });
  });

  it('lets read list but not change; a user without the permission gets 403', async () => {
    const before = await head();
    expect((await reader.caller.get('/prod-api/ccms/abbreviation/list', { libraryId })).body.code).toBe(200);
    const denied = await reader.caller.post('/prod-api/ccms/abbreviation', { libraryId, name: 'RO', definition: 'Read only' });
    expect(denied).toMatchObject({ status: 403, body: { msg: 'No relevant permissions' } });
    const strangerList = await stranger.caller.get('/prod-api/ccms/abbreviation/list', { libraryId });
    expect(strangerList.body.msg).toBe('No relevant permissions');
    const noAdd = await userWith(
      t,
      'lnoadd',
      RESOURCE_PERMS.filter((p) => p !== 'ccms:abbreviation:add'),
    );
    await grant(t, libraryId, 'user', noAdd.userId, 'write');
    const refused = await noAdd.caller.post('/prod-api/ccms/abbreviation', { libraryId, name: 'NA', definition: 'No add' });
    expect(refused).toMatchObject({ status: 403, body: { msg: 'The current operation has no permission' } });
    expect(await head()).toBe(before);
  });

  it('exports to Excel and imports new and updated entries in one commit', async () => {
    const exported = await reader.caller.request({ method: 'POST', url: '/prod-api/ccms/abbreviation/export', payload: { libraryId } });
    expect(exported.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exported.bytes as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet?.getRow(1).values).toEqual([undefined, 'Name', 'Definition', 'File']);
    expect(sheet?.getRow(2).values).toEqual([undefined, 'API', 'Application Programming Interface', 'abbr-api.dita']);

    const upload = new ExcelJS.Workbook();
    const ws = upload.addWorksheet('x');
    ws.addRow(['Name', 'Definition']);
    ws.addRow(['API', 'Application Programming Interfaces']);
    ws.addRow(['RAM', 'Random Access Memory']);
    const file = Buffer.from(await upload.xlsx.writeBuffer());
    const form = (query: string) =>
      writer.caller.request({
        method: 'POST',
        url: `/prod-api/ccms/abbreviation/importData?libraryId=${libraryId}${query}`,
        ...multipart({}, [{ filename: 'a.xlsx', content: file }]),
      });
    const before = await head();
    const refused = await form('');
    expect(refused.body.msg).toBe('The abbreviation "API" already exists');
    expect(await head()).toBe(before);
    const res = await form('&updateSupport=true');
    expect(res.body.data).toMatchObject({ added: 1, updated: 1 });
    expect((await remote().log('gloss', 'main'))[0]?.subject).toBe('Import abbreviation: 1 added, 1 updated');
    const names = (await reader.caller.get('/prod-api/ccms/abbreviation/list', { libraryId })).body.rows.map(
      (r: { name: string; definition: string }) => `${r.name}=${r.definition}`,
    );
    expect(names).toEqual(['API=Application Programming Interfaces', 'CPUs=Central Processing Units', 'RAM=Random Access Memory']);
  });

  it('deletes entries as one commit', async () => {
    const res = await writer.caller.delete(`/prod-api/ccms/abbreviation/abbr-cpu.dita,abbr-ram.dita?libraryId=${libraryId}`);
    expect(res.body).toMatchObject({ code: 200, data: { ids: ['abbr-cpu.dita', 'abbr-ram.dita'] } });
    expect(await remote().show('gloss', 'main', 'glossary/abbreviations/abbr-cpu.dita')).toBeNull();
    expect((await remote().log('gloss', 'main'))[0]?.subject).toBe('Delete abbreviation abbr-cpu.dita, abbr-ram.dita');
  });
});

describe('terms', () => {
  it('keeps terms in their own folder with glossterm and glossdef; duplicates refused; its own permissions', async () => {
    const res = await writer.caller.post('/prod-api/ccms/term', { libraryId, name: '飞行管理系统', definition: '管理飞行计划的机载系统' });
    expect(res.body.code).toBe(200);
    const [path] = res.body.data.paths;
    expect(path).toMatch(/^glossary\/terms\/term-[0-9a-f]{8}\.dita$/);
    const xml = await remote().show('gloss', 'main', path);
    expect(xml).toContain('<glossterm>飞行管理系统</glossterm>');
    expect(xml).toContain('<glossdef>管理飞行计划的机载系统</glossdef>');
    const list = await reader.caller.get('/prod-api/ccms/term/list', { libraryId, name: '飞行' });
    expect(list.body.rows).toMatchObject([{ name: '飞行管理系统', definition: '管理飞行计划的机载系统', refs: 0 }]);
    // Abbreviations are a separate list.
    expect((await reader.caller.get('/prod-api/ccms/abbreviation/list', { libraryId, name: '飞行' })).body.total).toBe(0);

    const before = await head();
    const dup = await writer.caller.post('/prod-api/ccms/term', { libraryId, name: '飞行管理系统', definition: 'x' });
    expect(dup.body.msg).toBe('The term "飞行管理系统" already exists');
    const onlyAbbr = await userWith(
      t,
      'lonlyab',
      RESOURCE_PERMS.filter((p) => !p.startsWith('ccms:term:')),
    );
    await grant(t, libraryId, 'user', onlyAbbr.userId, 'write');
    expect((await onlyAbbr.caller.get('/prod-api/ccms/term/list', { libraryId })).status).toBe(403);
    expect(await head()).toBe(before);
  });
});

describe('entries outside the glossary folders', () => {
  it('lists every glossentry of the library with its file: short forms as abbreviations, the rest as terms', async () => {
    await remote().commit(
      'gloss',
      'main',
      {
        'reference/gloss-cpu.dita':
          '<?xml version="1.0"?>\n<glossentry id="cpu"><glossterm>Central processing unit</glossterm><glossBody><glossAlt><glossAcronym>CPU</glossAcronym></glossAlt></glossBody></glossentry>\n',
        'reference/deep/gloss-repo.dita':
          '<?xml version="1.0"?>\n<glossentry id="repo"><glossterm>Repository</glossterm><glossdef>Where commits live.</glossdef></glossentry>\n',
        'reference/not-an-entry.dita': '<?xml version="1.0"?>\n<topic id="x"><title>Not an entry</title></topic>\n',
      },
      'Glossary entries beside the topics',
    );
    await writer.caller.post(`/prod-api/ccms/library/${libraryId}/fetch`);
    const abbreviations = await reader.caller.get('/prod-api/ccms/abbreviation/list', { libraryId, pageSize: 100 });
    const cpu = abbreviations.body.rows.find((r: { name: string }) => r.name === 'CPU');
    expect(cpu).toMatchObject({ path: 'reference/gloss-cpu.dita', definition: 'Central processing unit', updateBy: expect.any(String) });
    expect(abbreviations.body.rows.map((r: { name: string }) => r.name)).not.toContain('Repository');
    const terms = await reader.caller.get('/prod-api/ccms/term/list', { libraryId, pageSize: 100 });
    const repo = terms.body.rows.find((r: { name: string }) => r.name === 'Repository');
    expect(repo).toMatchObject({ path: 'reference/deep/gloss-repo.dita', definition: 'Where commits live.' });
    expect(terms.body.rows.map((r: { path: string }) => r.path)).not.toContain('reference/not-an-entry.dita');
    // Opened by the id the list gives (one URL segment).
    const one = await reader.caller.get(`/prod-api/ccms/term/${encodeURIComponent(repo.id)}`, { libraryId });
    expect(one.body.data).toMatchObject({ path: 'reference/deep/gloss-repo.dita', name: 'Repository', id: repo.id });
  });
});
