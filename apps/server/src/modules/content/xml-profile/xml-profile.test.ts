import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DoctypePerm } from '@ccms/contracts/content/doctype';
import type { EditorDocument } from '@ccms/contracts/content/topic-editor';
import { PNG_1X1, RECIPE_FILES, RECIPE_PROFILE } from '@ccms/xmlprofile/test/recipe-book';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerWith } from '../../../../test/callers';
import { useGitServer } from '../../../../test/git-server';
import { createTestApp, type TestApp } from '../../../../test/harness';
import { outputFinished } from '../../../../test/outputs';
import { ccmsPublishConfig, ccmsXmlProfile } from '../../../db/schema';
import { allowLoopbackRemotes, libraryBody, libraryPrepared } from '../content-test-kit';

/**
 * An XML profile written in the test for a format invented here (a recipe book: <recipe id>
 * units with <ingredient ref>, a <book> grouping file, packages/xmlprofile/test/recipe-book.ts)
 * with its XSD, through the API and nothing else: the profile is checked (each bad part named),
 * a library of its new type on a git remote is indexed (units, the book and its toc, links that
 * where-used reads, problems), the topic editor refuses an edit its XSD rejects (located) and
 * commits a valid one, a profile change re-indexes the library, and the book publishes to HTML5
 * and PDF with the profile's CSS.
 */
const remote = useGitServer();
const api = (p: string) => `/prod-api${p}`;
const MARGHERITA = 'recipes/margherita.xml';
let t: TestApp;
let admin: Awaited<ReturnType<TestApp['login']>>;
let libraryId = 0;
let profileId = 0;

beforeAll(async () => {
  t = await createTestApp();
  await allowLoopbackRemotes(t);
  await remote().createRepo('recipes', { files: { ...RECIPE_FILES, 'images/margherita.png': PNG_1X1 } });
  admin = await t.login();
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const profileRows = () => t.database.db.select().from(ccmsXmlProfile);
const waitFor = async <T>(read: () => Promise<T>, done: (v: T) => boolean): Promise<T> => {
  for (let i = 0; i < 300; i++) {
    const v = await read();
    if (done(v)) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
  return read();
};

describe('an XML profile', () => {
  it('ships FTID; a profile is refused, naming the part, when its XPath, pattern, grammar or type is wrong; nothing changes', async () => {
    const list = await admin.get(api('/ccms/xmlProfile/list'));
    expect(list.body.code, list.raw).toBe(200);
    expect(list.body.data.map((p: { libraryType: string }) => p.libraryType)).toEqual(['FTID']);
    const before = await profileRows();
    const bad = async (patch: Record<string, unknown>, lang = 'en') =>
      (
        await admin.request({
          method: 'POST',
          url: api('/ccms/xmlProfile'),
          headers: { 'content-type': 'application/json', 'accept-language': lang },
          payload: { ...RECIPE_PROFILE, ...patch },
        })
      ).body;
    expect(await bad({ idPath: 'recipe[1]/@id' })).toMatchObject({ code: 400, msg: expect.stringContaining('Identity path: not a usable XPath') });
    expect((await bad({ titlePath: '../title' }, 'zh')).msg).toContain('标题路径：不是可用的 XPath');
    expect((await bad({ filePattern: '**/*.{xml' })).msg).toContain('File pattern: not a usable file name pattern');
    expect((await bad({ grammar: '<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"><xs:element/></xs:schema>' })).msg).toMatch(
      /^Grammar: the grammar file does not compile: /,
    );
    expect((await bad({ grammar: '' })).msg).toContain('Grammar: upload the grammar file');
    expect((await bad({ libraryType: 'S1000D' })).msg).toContain("Library type: a built-in standard's library type");
    expect((await bad({ libraryType: 'FTID' })).msg).toContain('Library type: the library type "FTID" has an XML profile already');
    expect((await bad({ references: [{ element: 'ingredient', attribute: 'ref', target: 'somewhere' }] })).msg).toBe(
      'Target of item 1 must be one of: id, path',
    );
    expect(await profileRows()).toEqual(before);
  });

  it('is managed with the document types’ permissions', async () => {
    const reader = await callerWith(t, 'xpread', [DoctypePerm.list, DoctypePerm.query]);
    expect((await reader.get(api('/ccms/xmlProfile/list'))).body.code).toBe(200);
    expect((await reader.post(api('/ccms/xmlProfile'), RECIPE_PROFILE)).body.code).toBe(403);
    const nobody = await callerWith(t, 'xpnone', []);
    expect((await nobody.get(api('/ccms/xmlProfile/list'))).body.code).toBe(403);
    expect((await nobody.get(api('/ccms/xmlProfile/types'))).body.data).toEqual(['FTID']);
  });

  it('makes a new library type: refused before the profile exists, indexed by it after', async () => {
    const early = await admin.post(api('/ccms/library'), { ...libraryBody('recipes', remote().url('recipes')), libraryType: 'RecipeBook' });
    expect(early.body).toMatchObject({ code: 400, msg: 'Library type: the library type "RecipeBook" is neither built in nor has an XML profile' });
    const created = await admin.post(api('/ccms/xmlProfile'), RECIPE_PROFILE);
    expect(created.body.code, created.raw).toBe(200);
    profileId = created.body.data.profileId;
    expect(created.body.data.reindexed).toBe(0);
    const res = await admin.post(api('/ccms/library'), { ...libraryBody('recipes', remote().url('recipes')), libraryType: 'RecipeBook' });
    expect(res.body.code, res.raw).toBe(200);
    libraryId = res.body.data.libraryId;
    await libraryPrepared(admin, libraryId);

    const docs = await admin.get(api('/ccms/document/list'), { libraryId, pageSize: 50 });
    expect(docs.body.rows).toHaveLength(1);
    expect(docs.body.rows[0]).toMatchObject({ path: 'book.xml', docNbr: 'pizza-book', name: 'The Pizza Book', topicCount: 2, brokenCount: 1 });
    const topics = await admin.get(api('/ccms/topic/list'), { libraryId, pageSize: 50 });
    expect(topics.body.rows.map((r: { path: string; no: string; title: string }) => [r.path, r.no, r.title]).sort()).toEqual([
      ['recipes/dough.xml', 'dough', 'Pizza dough'],
      [MARGHERITA, 'margherita', 'Pizza Margherita'],
    ]);
    // Where used: the dough is an ingredient of the margherita; the margherita is in the book.
    const dough = topics.body.rows.find((r: { no: string }) => r.no === 'dough');
    const refs = await admin.get(api(`/ccms/topic/${dough.topicId}/references`));
    expect(refs.body.code, refs.raw).toBe(200);
    expect(refs.body.data.incoming.map((l: { sourcePath: string; kind: string; line: number }) => [l.sourcePath, l.kind, l.line]).sort()).toEqual([
      ['book.xml', 'topicref', 6],
      [MARGHERITA, 'link', 5],
    ]);
    const broken = await admin.get(api('/ccms/catalog/broken'), { libraryId, pageSize: 50 });
    expect(broken.body.rows.map((l: { sourcePath: string; value: string }) => [l.sourcePath, l.value]).sort()).toEqual([
      ['book.xml', 'recipes/calzone.xml'],
      [MARGHERITA, 'tomato-sauce'],
    ]);
    const resources = await admin.get(api('/ccms/catalog/resources'), { libraryId, pageSize: 50 });
    expect(resources.body.rows.map((r: { path: string }) => r.path)).toEqual(['images/margherita.png']);
  });

  it('the topic editor refuses an edit the XSD rejects (located, in the caller language) and commits a valid one', async () => {
    const opened = await admin.get(api('/ccms/topic-editor/open'), { libraryId, path: MARGHERITA });
    expect(opened.body.code, opened.body.msg).toBe(200);
    const doc = opened.body.data as EditorDocument & { standard: string };
    expect(doc).toMatchObject({ standard: 'xmlprofile', docType: 'recipe', title: 'Pizza Margherita' });
    // The visual view models the profile's vocabulary: the open answer carries it.
    expect(doc.profile).toEqual({ roots: ['recipe', 'book'], vocabulary: RECIPE_PROFILE.vocabulary });
    const save = (content: string, lang = 'en') =>
      admin.request({
        method: 'PUT',
        url: api('/ccms/topic-editor/save'),
        headers: { 'content-type': 'application/json', 'accept-language': lang },
        payload: { libraryId, path: MARGHERITA, content, baseCommit: doc.baseCommit, baseBlob: doc.baseBlob },
      });
    const before = (await remote().log('recipes', 'main')).length;
    const bad = doc.content.replace('<step>Bake at 250 °C.</step>', '<stage>Bake at 250 °C.</stage>');
    const refused = await save(bad);
    expect(refused.body.code).toBe(400);
    const line = bad.split('\n').findIndex((l) => l.includes('<stage>')) + 1;
    expect(refused.body.data.problems).toEqual([
      expect.objectContaining({ code: 'grammar-invalid', line, severity: 'error', message: expect.stringContaining('Not valid against recipe.xsd') }),
    ]);
    expect(refused.body.data.problems[0].message).toContain('stage');
    expect((await save(bad, 'zh')).body.data.problems[0].message).toContain('不符合语法 recipe.xsd');
    expect((await remote().log('recipes', 'main')).length).toBe(before);
    const good = doc.content.replace('<title>Pizza Margherita</title>', '<title>Margherita, the classic</title>');
    const saved = await save(good);
    expect(saved.body.code, saved.body.msg).toBe(200);
    expect(await remote().show('recipes', 'main', MARGHERITA)).toContain('<title>Margherita, the classic</title>');
    const topics = await admin.get(api('/ccms/topic/list'), { libraryId, pageSize: 50 });
    expect(topics.body.rows.find((r: { path: string }) => r.path === MARGHERITA)?.title).toBe('Margherita, the classic');
  });

  it('a profile change re-indexes the libraries of its type', async () => {
    // Ingredients now name recipes by path: the by-id references break, the sauce's too.
    const references = RECIPE_PROFILE.references.map((r) => (r.element === 'ingredient' ? { ...r, element: 'ingredients', attribute: 'ref' } : r));
    const updated = await admin.put(api('/ccms/xmlProfile'), { ...RECIPE_PROFILE, references, titlePath: '@id', profileId });
    expect(updated.body.code, updated.raw).toBe(200);
    expect(updated.body.data.reindexed).toBe(1);
    const topics = await waitFor(
      async () => (await admin.get(api('/ccms/topic/list'), { libraryId, pageSize: 50 })).body.rows as { path: string; title: string }[],
      (rows) => rows.some((r) => r.title === 'margherita'),
    );
    expect(topics.map((r) => r.title).sort()).toEqual(['dough', 'margherita']);
    const back = await admin.put(api('/ccms/xmlProfile'), { ...RECIPE_PROFILE, profileId });
    expect(back.body.code).toBe(200);
    await waitFor(
      async () => (await admin.get(api('/ccms/topic/list'), { libraryId, pageSize: 50 })).body.rows as { title: string }[],
      (rows) => rows.some((r) => r.title === 'Margherita, the classic'),
    );
    // Deleting a profile its libraries still need is refused; one no library uses goes.
    expect((await admin.delete(api(`/ccms/xmlProfile/${profileId}`))).body.msg).toContain('Libraries of type "RecipeBook" exist');
    const spare = await admin.post(api('/ccms/xmlProfile'), { ...RECIPE_PROFILE, libraryType: 'Spare' });
    expect(spare.body.code, spare.raw).toBe(200);
    expect((await admin.delete(api(`/ccms/xmlProfile/${spare.body.data.profileId}`))).body.code).toBe(200);
    expect((await profileRows()).map((r) => r.libraryType).sort()).toEqual(['FTID', 'RecipeBook']);
  });

  it('publishes the book to HTML5 and PDF with the profile CSS; a recipe is not a grouping file', async () => {
    const notDoc = await admin.post(api('/ccms/publication'), { libraryId, name: 'nope', branch: 'main', ditaMap: MARGHERITA, ditaVal: '-' });
    expect(notDoc.body.msg).toBe(`DITA map: "${MARGHERITA}" is not a grouping file of this library's XML profile (root book)`);
    const created = await admin.post(api('/ccms/publication'), { libraryId, name: 'The Pizza Book', branch: 'main', ditaMap: 'book.xml', ditaVal: '-' });
    expect(created.body.code, created.raw).toBe(200);
    const configs = await t.database.db
      .insert(ccmsPublishConfig)
      .values([
        { libraryId, configName: 'web', format: 'html5', lang: 'en', publishPath: 'web' },
        { libraryId, configName: 'print', format: 'pdf', lang: 'en', publishPath: 'print' },
      ])
      .returning();
    const canPrint = existsSync('/usr/bin/chromium');
    const published = await admin.post(api('/ccms/output/publish'), {
      publicationId: created.body.data.publicationId,
      configIds: configs.filter((c) => canPrint || c.format !== 'pdf').map((c) => c.configId),
    });
    expect(published.body.code, published.raw).toBe(200);
    const [html, pdf] = await Promise.all(published.body.data.map((o: { outputId: number }) => outputFinished(admin, o.outputId)));
    expect(html, JSON.stringify(html)).toMatchObject({ status: 'success', format: 'html5' });
    const dir = (outputId: number) => path.join(t.dataDir, 'publish', 'outputs', String(outputId));
    const page = await readFile(path.join(dir(html.outputId), 'recipes_margherita.html'), 'utf8');
    expect(page).toContain('<h1 class="x-title">Margherita, the classic</h1>');
    expect(page).toContain('<a href="recipes_dough.html">Dough</a>');
    expect(page).toContain('<li class="xp-missing">recipes/calzone.xml</li>');
    expect(await readFile(path.join(dir(html.outputId), 'profile.css'), 'utf8')).toContain(RECIPE_PROFILE.css);
    if (!canPrint) return;
    expect(pdf, JSON.stringify(pdf)).toMatchObject({ status: 'success', format: 'pdf' });
    if (existsSync('/usr/bin/pdftotext')) {
      const text = execFileSync('/usr/bin/pdftotext', [path.join(dir(pdf.outputId), 'book.pdf'), '-'], { encoding: 'utf8' });
      expect(text).toContain('The Pizza Book');
      expect(text).toContain('Spread the sauce on the dough.');
    }
  });
});
