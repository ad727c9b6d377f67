import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { MapDocument, MapPmRefRow } from '@ccms/contracts/content/map-editor';
import { MapEditorPerm } from '@ccms/contracts/content/map-editor';
import type { EditorProblem } from '@ccms/contracts/content/topic-editor';
import type { EditorDmRefRow } from '@ccms/contracts/content/topic-editor-pickers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useGitServer } from '../../../../test/git-server';
import { createTestApp, type TestApp } from '../../../../test/harness';
import { CATALOG_PERMS } from '../catalog/catalog-test-kit';
import { allowLoopbackRemotes, type TestUser, userWith } from '../content-test-kit';
import { type BikeCopy, bikeCopy, bikeLibrary, bikeMissing, installS1000dGrammars } from '../s1000d/s1000d-test-kit';

/**
 * The map editor on S1000D publication modules (issue 31): PM EPWG1 of the Bike sample opens with
 * its data modules resolved by code in the catalogue; a pmEntry with a dmRef found by the dm-refs
 * search is saved as one commit on the remote and the document's toc shows it; an edit that breaks
 * the schema is refused naming line and column, and commits nothing (EPWG1 declared Issue 5.0 for the XSD check).
 */
const suite = describe.skipIf(bikeMissing());
const remote = useGitServer();
const api = (p: string) => `/prod-api${p}`;
const json = { 'content-type': 'application/json' };
const EPWG1 = 'csdb/PMC-S1000DBIKE-C3002-EPWG1-00_000-01_EN-US.XML';
let t: TestApp;
let writer: TestUser;
let libraryId = 0;
let copy: BikeCopy | undefined;

interface TocNode {
  element: string;
  title: string;
  href: string | null;
  path: string | null;
  broken: boolean;
  children: TocNode[];
}
const flat = (nodes: TocNode[]): TocNode[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);

beforeAll(async () => {
  if (bikeMissing()) return;
  t = await createTestApp();
  await allowLoopbackRemotes(t);
  await installS1000dGrammars(await t.login());
  copy = await bikeCopy('bike-pm');
  // EPWG1 declares Issue 5.0 here, so that its saves are checked against the installed 5.0 XSD
  // (the Bike objects are valid against it, corpus README); as Issue 4.1 only BREX and structure apply.
  const pm = path.join(copy.dir, EPWG1);
  const text = await readFile(pm, 'utf8');
  const as50 = text.replace('http://www.s1000d.org/S1000D_4-1/xml_schema_flat/pm.xsd', 'http://www.s1000d.org/S1000D_5-0/xml_schema_flat/pm.xsd');
  expect(as50).not.toBe(text);
  await writeFile(pm, as50);
  writer = await userWith(
    t,
    'pmwri',
    CATALOG_PERMS.concat(['ccms:library:add', 'ccms:library:query', 'ccms:topic:query', MapEditorPerm.open, MapEditorPerm.edit]),
    'pmwri@example.test',
  );
  libraryId = await bikeLibrary(writer.caller, remote(), 'bike', copy);
}, 240_000);
afterAll(async () => {
  await t?.close();
  await copy?.remove();
});

async function open(file = EPWG1): Promise<MapDocument> {
  const res = await writer.caller.get(api('/ccms/map-editor/open'), { libraryId, path: file });
  expect(res.body.code, res.body.msg).toBe(200);
  return res.body.data;
}

const save = (doc: MapDocument, content: string, lang = 'en', extra: Record<string, unknown> = {}) =>
  writer.caller.request({
    method: 'PUT',
    url: api('/ccms/map-editor/save'),
    headers: { ...json, 'accept-language': lang },
    payload: { libraryId, path: doc.path, content, baseCommit: doc.baseCommit, baseBlob: doc.baseBlob, ...extra },
  });

const commits = async () => (await remote().log('bike', 'main')).length;

async function tocOfEpwg1(): Promise<TocNode[]> {
  const list = await writer.caller.get(api('/ccms/document/list'), { libraryId, pageSize: 50 });
  const row = list.body.rows.find((r: { path: string }) => r.path === EPWG1);
  expect(row).toBeDefined();
  const res = await writer.caller.get(api(`/ccms/document/${row.documentId}/toc`));
  expect(res.status).toBe(200);
  return res.body.data.nodes;
}

/** A dmRef as the web's PM model writes it from a dm-refs row (dmCode, issueInfo, language). */
const dmRefXml = (row: EditorDmRefRow, indent: string) => {
  const attrs = (o: Record<string, string>) =>
    Object.entries(o)
      .map(([k, v]) => ` ${k}="${v}"`)
      .join('');
  return [
    `${indent}<dmRef>`,
    `${indent}\t<dmRefIdent>`,
    `${indent}\t\t<dmCode${attrs(row.dmCode)}/>`,
    ...(row.issueInfo ? [`${indent}\t\t<issueInfo${attrs(row.issueInfo)}/>`] : []),
    ...(row.language ? [`${indent}\t\t<language${attrs(row.language)}/>`] : []),
    `${indent}\t</dmRefIdent>`,
    `${indent}</dmRef>`,
  ].join('\n');
};

suite('the map editor on the Bike sample’s publication modules', () => {
  it('opens PM EPWG1 with its 72 data modules resolved by code to their files and titles; a data module is not a PM', async () => {
    const doc = await open();
    expect(doc).toMatchObject({ rootName: 'pm', standard: 's1000d', canWrite: true, canDelete: false, keyRefs: [] });
    expect(doc.refs).toHaveLength(72);
    expect(doc.refs.every((r) => !r.broken && r.kind === 'topic' && r.path.startsWith('csdb/DMC-'))).toBe(true);
    const clean = doc.refs.find((r) => r.href === 'DMC-S1000DBIKE-AAA-D00-00-00-00AA-258A-A');
    expect(clean).toMatchObject({ title: 'Bicycle - Other procedures to clean', path: 'csdb/DMC-S1000DBIKE-AAA-D00-00-00-00AA-258A-A_008-00_EN-US.XML' });
    const resolved = await writer.caller.post(api('/ccms/map-editor/resolve'), {
      libraryId,
      path: EPWG1,
      hrefs: ['DMC-S1000DBIKE-AAA-D00-00-00-00AA-121A-A', 'PMC-BRAKE-C3002-EPWG1-00', 'DMC-NOPE-AAA-D00-00-00-00AA-121A-A'],
    });
    expect(resolved.body.code, resolved.body.msg).toBe(200);
    expect(resolved.body.data.map((r: { kind: string; broken: boolean; title: string }) => [r.kind, r.broken, r.title !== ''])).toEqual([
      ['topic', false, true],
      ['map', false, true],
      ['topic', true, false],
    ]);
    const dm = await writer.caller.request({
      method: 'GET',
      url: `${api('/ccms/map-editor/open')}?libraryId=${libraryId}&path=csdb/DMC-S1000DBIKE-AAA-D00-00-00-00AA-258A-A_008-00_EN-US.XML`,
      headers: { 'accept-language': 'en' },
    });
    expect(dm.body.code).toBe(400);
    expect(dm.body.msg).toContain('is not a publication module (pm)');
  });

  it('saves a new pmEntry holding a dmRef found by the dm-refs search as one commit; the toc of the document shows it', async () => {
    const doc = await open();
    const found = await writer.caller.get(api('/ccms/topic-editor/dm-refs'), { libraryId, q: '121A' });
    const row = (found.body.data as EditorDmRefRow[]).find((r) => r.code === 'DMC-S1000DBIKE-AAA-D00-00-00-00AA-121A-A');
    expect(row).toBeDefined();
    if (!row) return;
    const entry = ['\t\t<pmEntry>', '\t\t\t<pmEntryTitle>Cleaning and care</pmEntryTitle>', dmRefXml(row, '\t\t\t'), '\t\t</pmEntry>', ''].join('\n');
    const content = doc.content.replace('\t</content>', `${entry}\t</content>`);
    expect(content).not.toBe(doc.content);
    const before = await commits();
    const res = await save(doc, content);
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ unchanged: false, created: [], deleted: [] });
    expect(await commits()).toBe(before + 1);
    expect((await remote().log('bike', 'main'))[0]?.subject).toBe('Update publication module Mountain bicycle manual');
    expect(await remote().show('bike', 'main', EPWG1)).toBe(content);
    const toc = await tocOfEpwg1();
    const added = toc.at(-1);
    expect(added).toMatchObject({ element: 'pmEntry', title: 'Cleaning and care' });
    expect(added?.children.map((c) => [c.element, c.href?.split('_')[0], c.broken])).toEqual([['dmRef', 'DMC-S1000DBIKE-AAA-D00-00-00-00AA-121A-A', false]]);
    expect(flat(toc).filter((n) => n.element === 'dmRef')).toHaveLength(73);
  });

  it('refuses an edit that breaks the schema naming line and column, and files with the save; nothing is committed', async () => {
    const doc = await open();
    const lines = doc.content.split('\n');
    const at = lines.findIndex((l) => l.includes('<pmEntryTitle>Cleaning and care</pmEntryTitle>'));
    expect(at).toBeGreaterThan(0);
    const bad = doc.content.replace('<pmEntryTitle>Cleaning and care</pmEntryTitle>', '<pmEntryTitle>Cleaning and care</pmEntryTitle><bogusEntry/>');
    const before = await commits();
    const refused = await save(doc, bad);
    expect(refused.status, JSON.stringify(refused.body.data?.warnings ?? refused.body).slice(0, 1500)).toBe(400);
    const errors = (refused.body.data.problems as EditorProblem[]).filter((p) => p.severity === 'error');
    expect(errors.length, JSON.stringify(refused.body)).toBeGreaterThan(0);
    expect(errors[0]?.line).toBe(at + 1);
    expect(errors[0]?.column).toBeGreaterThan(0);
    expect(refused.body.msg).toContain(`line ${at + 1}, column ${errors[0]?.column}`);
    for (const [lang, field, label, text] of [
      ['en', 'newTopics', 'New topics', 'saving a publication module creates or deletes no files'],
      ['zh', 'deleteFiles', '删除文件', '出版物模块的保存不创建或删除文件'],
    ] as const) {
      const extra =
        field === 'newTopics'
          ? { newTopics: [{ path: 'csdb/x.dita', type: 'concept', title: 'X', id: 'x' }] }
          : { deleteFiles: ['csdb/PMC-BRAKE-C3002-EPWG1-00_000-01_EN-US.XML'] };
      const res = await save(doc, doc.content.replace('Cleaning and care', 'Care'), lang, extra);
      expect(res.status).toBe(400);
      expect(res.body.msg).toContain(label);
      expect(res.body.msg).toContain(text);
    }
    // An entry that holds nothing is refused where the XSD would not see it: BRAKE is Issue 4.1 (no 4.1 schemas installed).
    const brake = await open('csdb/PMC-BRAKE-C3002-EPWG1-00_000-01_EN-US.XML');
    const emptied = brake.content.replace('\t</content>', '\t\t<pmEntry>\n\t\t\t<pmEntryTitle>Empty</pmEntryTitle>\n\t\t</pmEntry>\n\t</content>');
    const line = emptied.split('\n').findIndex((l) => l.includes('<pmEntryTitle>Empty</pmEntryTitle>'));
    for (const [lang, text] of [
      ['en', 'the entry (pmEntry) holds no data module, publication module or entry'],
      ['zh', '条目（pmEntry）没有包含数据模块、出版物模块或子条目'],
    ] as const) {
      const res = await save(brake, emptied, lang);
      expect(res.status).toBe(400);
      const problems = res.body.data.problems as EditorProblem[];
      expect(problems.map((p) => [p.code, p.line, p.column, p.message])).toEqual([['pm-empty-entry', line, 3, text]]);
    }
    expect(await commits()).toBe(before);
  });
  it('finds the library’s publication modules by code or title (pm-refs) and saves one as a pmRef in a new entry, valid against the 5.0 XSD', async () => {
    const all = await writer.caller.get(api('/ccms/map-editor/pm-refs'), { libraryId });
    expect(all.body.code, all.body.msg).toBe(200);
    // Codes as the files' pmCode writes them (the Bike EPWG1 file's pmCode is 00001-01, not its name's EPWG1-00).
    expect((all.body.data as MapPmRefRow[]).map((r) => r.code).sort()).toEqual([
      'PMC-BRAKE-C3002-EPWG1-00',
      'PMC-S1000DBIKE-C3002-00001-01',
      'PMC-S1000DBIKE-C3002-LOAP1-00',
      'PMC-S1000DLIGHTING-C3002-EPWG1-00',
    ]);
    const found = await writer.caller.get(api('/ccms/map-editor/pm-refs'), { libraryId, q: 'brake' });
    const rows = found.body.data as MapPmRefRow[];
    expect(rows).toHaveLength(1);
    const brake = rows[0] as MapPmRefRow;
    expect(brake).toMatchObject({
      path: 'csdb/PMC-BRAKE-C3002-EPWG1-00_000-01_EN-US.XML',
      code: 'PMC-BRAKE-C3002-EPWG1-00',
      pmCode: { modelIdentCode: 'BRAKE', pmIssuer: 'C3002', pmNumber: 'EPWG1', pmVolume: '00' },
      issueInfo: { issueNumber: '000', inWork: '01' },
      language: { languageIsoCode: 'en', countryIsoCode: 'US' },
    });
    expect(brake.title).not.toBe('');
    // A pmRef as the web's PM model writes it from that row.
    const attrs = (o: Record<string, string>) =>
      Object.entries(o)
        .map(([k, v]) => ` ${k}="${v}"`)
        .join('');
    const entry = [
      '\t\t<pmEntry>',
      '\t\t\t<pmEntryTitle>Brakes</pmEntryTitle>',
      '\t\t\t<pmRef>',
      '\t\t\t\t<pmRefIdent>',
      `\t\t\t\t\t<pmCode${attrs(brake.pmCode)}/>`,
      `\t\t\t\t\t<issueInfo${attrs(brake.issueInfo ?? { issueNumber: '', inWork: '' })}/>`,
      `\t\t\t\t\t<language${attrs(brake.language ?? { languageIsoCode: '', countryIsoCode: '' })}/>`,
      '\t\t\t\t</pmRefIdent>',
      '\t\t\t</pmRef>',
      '\t\t</pmEntry>',
      '',
    ].join('\n');
    const doc = await open();
    const content = doc.content.replace('\t</content>', `${entry}\t</content>`);
    const before = await commits();
    const res = await save(doc, content);
    expect(res.body.code, JSON.stringify(res.body).slice(0, 1500)).toBe(200);
    expect(await commits()).toBe(before + 1);
    const reopened = await open();
    expect(reopened.refs.find((r) => r.href === 'PMC-BRAKE-C3002-EPWG1-00')).toMatchObject({ kind: 'map', broken: false, path: brake.path });
    // The same pmRef without its pmCode breaks the schema: refused by line and column.
    const broken = content.replace(`<pmCode${attrs(brake.pmCode)}/>`, '');
    const refused = await save(reopened, broken);
    expect(refused.status).toBe(400);
    expect(await commits()).toBe(before + 1);
  });

  it('refuses pm-refs without the open permission, and bad input naming the field', async () => {
    const outsider = await userWith(
      t,
      'pmout',
      CATALOG_PERMS.filter((p) => p !== MapEditorPerm.open),
      'pmout@example.test',
    );
    const denied = await outsider.caller.get(api('/ccms/map-editor/pm-refs'), { libraryId });
    expect(denied.status).toBe(403);
    const bad = await writer.caller.request({
      method: 'GET',
      url: `${api('/ccms/map-editor/pm-refs')}?libraryId=${libraryId}&limit=0`,
      headers: { 'accept-language': 'en' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('Limit');
  });
});
