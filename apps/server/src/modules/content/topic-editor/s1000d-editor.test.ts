import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { EditorDocument, EditorProblem } from '@ccms/contracts/content/topic-editor';
import { TopicEditorPerm } from '@ccms/contracts/content/topic-editor';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useGitServer } from '../../../../test/git-server';
import type { Caller } from '../../../../test/harness';
import { createTestApp, type TestApp } from '../../../../test/harness';
import { threadTasksDone } from '../../../../test/thread-metrics';
import { objectId } from '../../../platform/git/loose-objects';
import { CATALOG_PERMS } from '../catalog/catalog-test-kit';
import { allowLoopbackRemotes, type TestUser, userWith } from '../content-test-kit';
import { bikeLibrary, bikeMissing, installS1000dGrammars, S1000D_CORPORA } from '../s1000d/s1000d-test-kit';

/**
 * The topic editor on an S1000D library (issue 31, part 1): every XML object of the Bike sample
 * (s1000d-bike-4.1) opens and, saved with no edit, stays byte for byte what it was (internal DTD
 * subset, comments, tabs and all; no commit); a save is checked as S1000D (schema, BREX layers):
 * an edit that brings a BREX error is refused with the located rule message, a valid edit commits.
 */
const suite = describe.skipIf(bikeMissing());
/** The set as the corpus holds it (the library's remote is pushed from it, unchanged). */
const BIKE_DIR = S1000D_CORPORA.bike ?? '';
const remote = useGitServer();
const api = (p: string) => `/prod-api${p}`;
const json = { 'content-type': 'application/json' };
const PROCED = 'csdb/DMC-S1000DBIKE-AAA-D00-00-00-00AA-258A-A_008-00_EN-US.XML';
let t: TestApp;
let writer: TestUser;
let libraryId = 0;

beforeAll(async () => {
  if (bikeMissing()) return;
  t = await createTestApp();
  await allowLoopbackRemotes(t);
  await installS1000dGrammars(await t.login());
  writer = await userWith(
    t,
    'bikewri',
    CATALOG_PERMS.concat(['ccms:library:add', 'ccms:library:query', 'ccms:topic:query', TopicEditorPerm.open, TopicEditorPerm.edit]),
    'bikewri@example.test',
  );
  libraryId = await bikeLibrary(writer.caller, remote(), 'bike');
}, 240_000);
afterAll(async () => {
  await t?.close();
});

async function open(c: Caller, file: string): Promise<EditorDocument> {
  const res = await c.get(api('/ccms/topic-editor/open'), { libraryId, path: file });
  expect(res.body.code, `${file}: ${res.body.msg}`).toBe(200);
  return res.body.data;
}

const save = (c: Caller, doc: EditorDocument, content: string, lang = 'en') =>
  c.request({
    method: 'PUT',
    url: api('/ccms/topic-editor/save'),
    headers: { ...json, 'accept-language': lang },
    payload: { libraryId, path: doc.path, content, baseCommit: doc.baseCommit, baseBlob: doc.baseBlob },
  });

const commits = async () => (await remote().log('bike', 'main')).length;

suite('the topic editor on the Bike sample', () => {
  it('opens every XML object of the set and a save with no edit keeps its bytes: same blob, no commit', async () => {
    const names = (await readdir(path.join(BIKE_DIR, 'csdb'))).filter((n) => n.endsWith('.XML')).sort();
    expect(names.length).toBe(103);
    const before = await commits();
    let withSubset = 0;
    for (const name of names) {
      const file = `csdb/${name}`;
      const bytes = await readFile(path.join(BIKE_DIR, file));
      const doc = await open(writer.caller, file);
      expect(Buffer.from(doc.content, 'utf8').equals(bytes), file).toBe(true);
      expect(doc.baseBlob, file).toBe(objectId('blob', bytes));
      if (/<!DOCTYPE \w+\s*\[[\s\S]*<!ENTITY/.test(doc.content)) withSubset++;
      const res = await save(writer.caller, doc, doc.content);
      expect(res.body.code, `${file}: ${res.body.msg}`).toBe(200);
      expect(res.body.data, file).toMatchObject({ unchanged: true, commit: doc.baseCommit, blob: doc.baseBlob, content: doc.content });
    }
    // Modules with ICN entities in their internal subset are among them (the subset is kept as written).
    expect(withSubset).toBeGreaterThan(20);
    expect(await commits()).toBe(before);
  }, 300_000);

  it("names a data module's schema and title, and refuses a file that is not an S1000D object naming the path", async () => {
    const doc = await open(writer.caller, PROCED);
    expect(doc).toMatchObject({ docType: 'proced', title: 'Bicycle - Other procedures to clean', canWrite: true });
    for (const [lang, pattern] of [
      ['en', /^Path: "csdb\/notes\.txt" is not an S1000D object file/],
      ['zh', /^路径：“csdb\/notes\.txt”不是 S1000D 对象文件/],
    ] as const) {
      const res = await writer.caller.request({
        method: 'GET',
        url: `${api('/ccms/topic-editor/open')}?libraryId=${libraryId}&path=csdb/notes.txt`,
        headers: { 'accept-language': lang },
      });
      expect(res.body.code).toBe(400);
      expect(res.body.msg).toMatch(pattern);
    }
  });

  it('refuses an edit that brings a BREX error, naming line, column and the rule; commits a valid edit of the same module', async () => {
    const doc = await open(writer.caller, PROCED);
    const lines = doc.content.split('\n');
    const at = lines.findIndex((l) => l.includes('<emphasis>Copyright (C) 2013</emphasis>'));
    expect(at).toBeGreaterThan(0);
    const bad = doc.content.replace('<emphasis>Copyright (C) 2013</emphasis>', '<emphasis emphasisType="em09">Copyright (C) 2013</emphasis>');
    const before = await commits();
    for (const lang of ['en', 'zh']) {
      const refused = await save(writer.caller, doc, bad, lang);
      expect(refused.status).toBe(400);
      const problems = refused.body.data.problems as EditorProblem[];
      // Both layers say it: the project BREX (5 values) and the Issue 4.1 default BREX under it (6).
      const brex = problems.filter((p) => p.severity === 'error');
      expect(
        brex.map((p) => [p.code, p.line]),
        JSON.stringify(brex),
      ).toEqual([
        ['brex-value', at + 1],
        ['brex-value', at + 1],
      ]);
      expect(brex[0]?.column).toBeGreaterThan(0);
      if (lang === 'en') {
        expect(brex.map((p) => p.message).sort()).toEqual([
          'Attribute emphasisType - Type of emphasis (Chap 3.9.6.1, Table 16): value "em09" is not among the 6 allowed values',
          'Type of emphasis: value "em09" is not among the 5 allowed values',
        ]);
        expect(refused.body.msg).toContain(`line ${at + 1}, column ${brex[0]?.column}`);
      } else expect(brex[0]?.message).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(await commits()).toBe(before);
    const good = doc.content.replace('<emphasis>Copyright (C) 2013</emphasis>', '<emphasis emphasisType="em02">Copyright (C) 2013</emphasis>');
    const res = await save(writer.caller, doc, good);
    expect(res.body.code, res.body.msg).toBe(200);
    expect(res.body.data).toMatchObject({ unchanged: false, content: good });
    expect(await commits()).toBe(before + 1);
    expect((await remote().log('bike', 'main'))[0]?.subject).toBe('Update Bicycle - Other procedures to clean');
    expect(await remote().show('bike', 'main', PROCED)).toBe(good);
    // An error the module already had does not refuse the next edit: 952A keeps its BREX value error as a warning.
    const old = await open(writer.caller, 'csdb/DMC-S1000DBIKE-AAA-D00-00-00-00AA-952A-T-H31A_002-00_EN-US.XML');
    const edited = old.content.replace('</dmodule>', '<!-- reviewed --></dmodule>');
    expect(edited).not.toBe(old.content);
    const kept = await save(writer.caller, old, edited);
    expect(kept.body.code, kept.body.msg).toBe(200);
    expect(kept.body.data.warnings.some((w: EditorProblem) => w.code === 'brex-value' && w.preexisting)).toBe(true);
  });

  it('checks a save on a content thread: a text that is not well-formed is refused at its line, in en and zh', async () => {
    const doc = await open(writer.caller, PROCED);
    const at = doc.content.split('\n').findIndex((l) => l.includes('</techName>'));
    expect(at).toBeGreaterThan(0);
    const bad = doc.content.replace('</techName>', '</techNam>');
    const checksOnThreads = () => threadTasksDone('content', 's1000dCheck');
    const before = await checksOnThreads();
    {
      const messages: string[] = [];
      for (const lang of ['en', 'zh']) {
        const refused = await save(writer.caller, doc, bad, lang);
        expect(refused.status).toBe(400);
        const errors = (refused.body.data.problems as EditorProblem[]).filter((p) => p.severity === 'error');
        expect(errors.length, JSON.stringify(errors)).toBeGreaterThan(0);
        expect(errors.every((p) => p.line === at + 1)).toBe(true);
        messages.push(errors.map((p) => p.message).join(' '));
      }
      expect(messages[0]).toContain('techNam');
      expect(messages[1]).toMatch(/[\u4e00-\u9fff]/);
      // Each save's text, and (as it has errors) its base, to tell the errors the edit brings:
      // parsed and validated on a content thread, not on the request loop.
      expect(await checksOnThreads()).toBe(before + 4);
    }
  });

  it("serves the source view's completion from the installed XSD: 258A names proced.xsd of Issue 4.1, read from the newest package (5.0)", async () => {
    const res = await writer.caller.get(api('/ccms/topic-editor/grammar'), { libraryId, path: PROCED });
    expect(res.body.code, res.body.msg).toBe(200);
    const g = res.body.data;
    expect(g).toMatchObject({ schema: 'proced.xsd', issue: '4.1', servedIssue: '5.0' });
    expect(g.roots).toContain('dmodule');
    expect(g.elements.mainProcedure.children).toContain('proceduralStep');
    expect(g.elements.proceduralStep.children).toEqual(expect.arrayContaining(['para', 'warning', 'proceduralStep']));
    expect(g.elements.dmRef.children).toContain('dmRefIdent');
    const stranger = await userWith(t, 'bikestr', [TopicEditorPerm.open]);
    expect((await stranger.caller.get(api('/ccms/topic-editor/grammar'), { libraryId, path: PROCED })).status).toBe(403);
    // The pickers answer only readers of the library, and only with the editor's right.
    expect((await stranger.caller.get(api('/ccms/topic-editor/dm-refs'), { libraryId, q: '121A' })).status).toBe(403);
    expect((await stranger.caller.get(api('/ccms/topic-editor/cir-items'), { libraryId, q: 'ELO' })).status).toBe(403);
    const noRight = await userWith(t, 'bikenor', CATALOG_PERMS.concat(['ccms:library:query', 'ccms:topic:query']));
    expect((await noRight.caller.get(api('/ccms/topic-editor/dm-refs'), { libraryId, q: '121A' })).status).toBe(403);
    expect((await noRight.caller.get(api('/ccms/topic-editor/cir-items'), { libraryId, q: 'ELO' })).status).toBe(403);
  });

  it('finds data modules to reference by code or title, with the dmCode, issue and language a dmRef writes', async () => {
    const byCode = await writer.caller.get(api('/ccms/topic-editor/dm-refs'), { libraryId, q: '121A' });
    expect(byCode.body.code, byCode.body.msg).toBe(200);
    const row = byCode.body.data.find((r: { code: string }) => r.code === 'DMC-S1000DBIKE-AAA-D00-00-00-00AA-121A-A');
    expect(row).toMatchObject({
      dmCode: { modelIdentCode: 'S1000DBIKE', systemCode: 'D00', infoCode: '121', infoCodeVariant: 'A', itemLocationCode: 'A' },
      issueInfo: { issueNumber: '008', inWork: '00' },
      language: { languageIsoCode: 'en', countryIsoCode: 'US' },
    });
    const byTitle = await writer.caller.get(api('/ccms/topic-editor/dm-refs'), { libraryId, q: 'Other procedures to clean' });
    expect(byTitle.body.data.map((r: { code: string }) => r.code)).toContain('DMC-S1000DBIKE-AAA-D00-00-00-00AA-258A-A');
  });

  it("lists the items of the library's common information repositories by key, as the reference that names them", async () => {
    const res = await writer.caller.get(api('/ccms/topic-editor/cir-items'), { libraryId, q: 'ELO' });
    expect(res.body.code, res.body.msg).toBe(200);
    expect(res.body.data).toContainEqual({
      ref: 'functionalItemRef',
      attrs: { functionalItemNumber: 'ELO-Box' },
      source: 'DMC-S1000DLIGHTING-AAA-D00-00-00-00AA-00EA-D',
    });
    const all = await writer.caller.get(api('/ccms/topic-editor/cir-items'), { libraryId, limit: 200 });
    expect(all.body.data.map((r: { ref: string }) => r.ref)).toEqual(expect.arrayContaining(['functionalItemRef', 'warningRef', 'cautionRef']));
  });

  it('previews the unsaved module with the S1000D publish renderer, for the chosen product when one is given', async () => {
    const doc = await open(writer.caller, PROCED);
    const content = doc.content.replace('Clean the bicycle with the soaked sponge.', 'Polish the frame with the soaked sponge.');
    const preview = (applicAssignment?: Record<string, string>) =>
      writer.caller.post(api('/ccms/topic-editor/preview'), { libraryId, path: PROCED, content, ...(applicAssignment ? { applicAssignment } : {}) });
    const all = await preview();
    expect(all.body.code, all.body.msg).toBe(200);
    const html: string = all.body.data.html;
    // The identification block and the content as published: the edit shown, steps numbered.
    expect(html).toContain('DMC-S1000DBIKE-AAA-D00-00-00-00AA-258A-A');
    expect(html).toContain('Polish the frame with the soaked sponge.');
    expect(html).toMatch(/class="[^"]*\bdm-ident\b/);
    const washes = (h: string) => h.split('Wash the Bike').length - 1;
    // Without a product: both the Mk1 and the Mk9 washing steps.
    expect(washes(html)).toBe(2);
    // For a Brook trekker Mk9: the Mk1 step (apMK1) is left out.
    const mk9 = await preview({ type: 'Mountain bicycle', model: 'Brook trekker', version: 'Mk9' });
    expect(mk9.body.code, mk9.body.msg).toBe(200);
    expect(washes(mk9.body.data.html)).toBe(1);
    expect(mk9.body.data.html).toContain('sup-0003');
    const mk1 = await preview({ type: 'Mountain bicycle', model: 'Mountain storm', version: 'Mk1' });
    expect(mk1.body.data.html).not.toContain('id="sup-0003"');
    // Bad input names the field.
    const bad = await writer.caller.post(api('/ccms/topic-editor/preview'), { libraryId, path: PROCED, content, applicAssignment: { type: 5 } });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('Applicability assignment');
  });
});
