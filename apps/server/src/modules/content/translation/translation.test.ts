import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useGitServer } from '../../../../test/git-server';
import { createTestApp, type TestApp } from '../../../../test/harness';
import { ccmsCatalogLink, ccmsCatalogResource, ccmsTranslationMemory } from '../../../db/schema';
import { CATALOG_PERMS, corpusCopy, corpusDir } from '../catalog/catalog-test-kit';
import { allowLoopbackRemotes, grant, libraryBody, type TestUser, userWith } from '../content-test-kit';
import { readXliff } from './translation-xliff';

/**
 * The XLIFF round trip on the corpus user guide through a real local git remote: export zh-CN,
 * a script translates every unit, import; then one English paragraph changes and only its unit
 * comes back new. One library for the file, the steps in order.
 */
const remote = useGitServer();
let t: TestApp;
let owner: TestUser;
let translator: TestUser;
let libraryId = 0;
let documentId = 0;
let removeCopy: () => Promise<void> = async () => undefined;
const api = (p: string) => `/prod-api${p}`;
/** The corpus, or undefined on a plain clone: the file's suites are then skipped. */
const CORPUS_DIR = corpusDir();
let firstExport = '';
let translatedFile = '';

/** What a translation tool does: every segment gets a target keeping the source's placeholders, marked translated. */
const translateAll = (xliff: string) =>
  xliff.replace(/<segment state="initial"><source>([\s\S]*?)<\/source><\/segment>/g, (_w, src: string) => {
    const target = src.replace(/(^|>)([^<]+)/g, (_m, lead: string, text: string) => `${lead}${text.trim() ? `译：${text}` : text}`);
    return `<segment state="translated"><source>${src}</source><target>${target}</target></segment>`;
  });

async function exportOf(version: '2.1' | '1.2' = '2.1') {
  const res = await translator.caller.get(api('/ccms/translation/export'), { documentId, targetLang: 'zh-CN', version });
  expect(res.status, res.raw).toBe(200);
  return { text: res.raw, progress: JSON.parse(String(res.headers['x-translation-progress'])) };
}

beforeAll(async () => {
  t = await createTestApp();
  await allowLoopbackRemotes(t);
  owner = await userWith(t, 'tlowner', CATALOG_PERMS.concat(['ccms:library:add']));
  translator = await userWith(t, 'tlator', CATALOG_PERMS, 'translator@example.test');
  // The branch-layout suite needs no corpus; the user guide round trip does.
  if (CORPUS_DIR === undefined) return;
  const copy = await corpusCopy(CORPUS_DIR);
  removeCopy = copy.remove;
  await remote().createRepo('docs', { folder: copy.dir });
  const res = await owner.caller.post(api('/ccms/library'), libraryBody('docs', remote().url('docs')));
  libraryId = res.body.data.libraryId;
  await grant(t, libraryId, 'user', translator.userId, 'write');
  const docs = await owner.caller.get(api('/ccms/document/list'), { libraryId, name: 'userguide.ditamap', pageSize: 50 });
  documentId = docs.body.rows.find((r: { path: string }) => r.path === 'userguide.ditamap')?.documentId;
  expect(documentId).toBeGreaterThan(0);
}, 300_000);
afterAll(async () => {
  await t?.close();
  await removeCopy();
});

describe.skipIf(CORPUS_DIR === undefined)('XLIFF round trip on the user guide', () => {
  it('exports one unit per block with markup as placeholders and the source commit, valid against the schema', { timeout: 120_000 }, async () => {
    const { text, progress } = await exportOf();
    firstExport = text;
    const parsed = await readXliff(text);
    if (!parsed.ok) throw new Error(parsed.problem);
    expect(parsed.version).toBe('2.1');
    expect(parsed.header).toMatchObject({ libraryId, documentId, mapPath: 'userguide.ditamap', trgLang: 'zh-CN', srcLang: 'en-US' });
    expect(parsed.header.commit).toMatch(/^[0-9a-f]{40}$/);
    expect(parsed.files.length).toBeGreaterThan(20);
    expect(progress).toMatchObject({ new: progress.total, translated: 0, fuzzy: 0 });
    expect(progress.total).toBeGreaterThan(300);
    // Inline markup is protected: the unit keeps the codes, the text only numbered placeholders.
    const withCodes = parsed.files.flatMap((f) => f.units).find((u) => u.codes.some((c) => c.startsWith('<filepath')));
    expect(withCodes?.source).toMatch(/\{1\}.*\{2\}/);
    expect(text).toContain('<originalData>');
    expect(text).not.toContain('<codeblock');
  });

  it('imports the translated file into the zh-CN folder, validated and committed as the translator', async () => {
    translatedFile = translateAll(firstExport);
    expect(translatedFile).not.toContain('state="initial"');
    const res = await translator.caller.post(api('/ccms/translation/import'), { xliff: translatedFile });
    expect(res.body, res.raw).toMatchObject({ code: 200, data: { branch: 'main', targetLang: 'zh-CN' } });
    const { paths, commit, translated, units } = res.body.data;
    expect(translated).toBe(units);
    expect(paths).toContain('zh-CN/userguide.ditamap');
    const topic = paths.find((p: string) => p.endsWith('.dita')) as string;
    const opened = await translator.caller.get(api('/ccms/topic-editor/open'), { libraryId, path: topic });
    expect(opened.body.data.content).toContain('xml:lang="zh-CN"');
    expect(opened.body.data.content).toContain('译：');
    expect(opened.body.data.baseCommit).toBe(commit);
    // The translated topic validates as its English source does: no error of its own.
    const errorsOf = async (path: string, content: string) =>
      (await translator.caller.post(api('/ccms/topic-editor/validate'), { libraryId, path, content })).body.data.problems
        .filter((p: { severity: string }) => p.severity === 'error')
        .map((p: { message: string }) => p.message);
    const english = (await translator.caller.get(api('/ccms/topic-editor/open'), { libraryId, path: topic.slice('zh-CN/'.length) })).body.data.content;
    expect(await errorsOf(topic, opened.body.data.content)).toEqual(await errorsOf(topic.slice('zh-CN/'.length), english));
    // The images the translated topics reference come along into the language folder, byte for
    // byte (the same blob as the source's), and the translated topics' references to them resolve.
    const images = (paths as string[]).filter((p) => /\.(svg|png|jpe?g|gif)$/i.test(p));
    expect(images.length).toBeGreaterThan(0);
    expect(images.every((p) => p.startsWith('zh-CN/'))).toBe(true);
    const resources = await t.database.db
      .select({ path: ccmsCatalogResource.path, oid: ccmsCatalogResource.oid })
      .from(ccmsCatalogResource)
      .where(and(eq(ccmsCatalogResource.libraryId, libraryId), eq(ccmsCatalogResource.branch, 'main')));
    const oidOf = new Map(resources.map((r) => [r.path, r.oid]));
    for (const p of images) {
      expect(oidOf.get(p), p).toBeTruthy();
      expect(oidOf.get(p), p).toBe(oidOf.get(p.slice('zh-CN/'.length)));
    }
    const links = await t.database.db
      .select({ sourcePath: ccmsCatalogLink.sourcePath, status: ccmsCatalogLink.status })
      .from(ccmsCatalogLink)
      .where(and(eq(ccmsCatalogLink.libraryId, libraryId), eq(ccmsCatalogLink.branch, 'main'), inArray(ccmsCatalogLink.targetPath, images)));
    expect(links.length).toBeGreaterThan(0);
    expect(links.every((l) => l.sourcePath.startsWith('zh-CN/') && l.status === 'resolved')).toBe(true);
    const memory = await t.database.db.select().from(ccmsTranslationMemory);
    expect(memory.length).toBeGreaterThan(200);
    expect(memory.every((m) => m.createBy === 'tlator' && m.state === 'translated')).toBe(true);
  }, 240_000);

  it('after one English paragraph changes, only that unit is new; the earlier file imports the rest and lists it', async () => {
    const parsed = await readXliff(firstExport);
    if (!parsed.ok) throw new Error(parsed.problem);
    // A paragraph of plain text, written in its topic exactly as the unit shows it.
    let picked: { path: string; source: string; name: string } | undefined;
    let opened: { content: string; baseCommit: string; baseBlob: string } | undefined;
    for (const f of parsed.files) {
      if (picked || !f.path.endsWith('.dita')) continue;
      const unit = f.units.find((u) => u.codes.length === 0 && /\/p\[\d+\]:1$/.test(u.name) && u.source.length > 30);
      if (!unit) continue;
      const doc = (await owner.caller.get(api('/ccms/topic-editor/open'), { libraryId, path: f.path })).body.data;
      // The editor refuses to save a topic that does not validate: pick one that does.
      const check = await owner.caller.post(api('/ccms/topic-editor/validate'), { libraryId, path: f.path, content: doc.content });
      const clean = !check.body.data.problems.some((p: { severity: string }) => p.severity === 'error');
      if (clean && doc.content.split(unit.source).length === 2) {
        picked = { path: f.path, source: unit.source, name: unit.name };
        opened = doc;
      }
    }
    if (!picked || !opened) throw new Error('no plain paragraph');
    const raw = opened.content;
    const at = raw.indexOf(picked.source);
    const changed = `${raw.slice(0, at)}${picked.source} This sentence is new.${raw.slice(at + picked.source.length)}`;
    const saved = await owner.caller.put(api('/ccms/topic-editor/save'), {
      libraryId,
      path: picked.path,
      content: changed,
      baseCommit: opened.baseCommit,
      baseBlob: opened.baseBlob,
    });
    expect(saved.body, saved.raw).toMatchObject({ code: 200 });

    const again = await exportOf();
    expect(again.progress).toMatchObject({ new: 1, fuzzy: 0, translated: again.progress.total - 1 });
    const reparsed = await readXliff(again.text);
    if (!reparsed.ok) throw new Error(reparsed.problem);
    const fresh = reparsed.files.flatMap((f) => f.units.map((u) => ({ ...u, path: f.path }))).filter((u) => u.target === undefined);
    expect(fresh.map((u) => [u.path, u.name, u.source])).toEqual([[picked.path, picked.name, `${picked.source} This sentence is new.`]]);

    // The file translated before the change still imports: that unit is listed as needing a new translation.
    const stale = await translator.caller.post(api('/ccms/translation/import'), { xliff: translatedFile });
    expect(stale.body, stale.raw).toMatchObject({ code: 200, data: { imported: 0, skipped: 0 } });
    expect(stale.body.data.stale).toEqual([
      { path: picked.path, unit: expect.stringMatching(/^u\d+$/), name: picked.name, source: picked.source, current: `${picked.source} This sentence is new.` },
    ]);
    expect(stale.body.data.unchanged).toBe(stale.body.data.units - 1);
    const rewritten = (await translator.caller.get(api('/ccms/topic-editor/open'), { libraryId, path: `zh-CN/${picked.path}` })).body.data.content;
    expect(rewritten).toContain(`${picked.source} This sentence is new.`);
  }, 240_000);

  it('exports XLIFF 1.2 with the memory pre-filled, valid against its schema', async () => {
    const { text, progress } = await exportOf('1.2');
    const parsed = await readXliff(text);
    if (!parsed.ok) throw new Error(parsed.problem);
    expect(parsed.version).toBe('1.2');
    expect(text).toContain(`build-num="${parsed.header.commit}"`);
    expect(text).toContain('<target state="translated">译：');
    expect(progress.new).toBe(1);
  }, 120_000);

  it('refuses a file that breaks the schema or drops a placeholder, changing nothing', async () => {
    const before = (await t.database.db.select().from(ccmsTranslationMemory)).length;
    const broken = await translator.caller.post(api('/ccms/translation/import'), {
      xliff: firstExport.replace('<segment', '<segmant').replace('</segment>', '</segmant>'),
    });
    expect(broken.status).toBe(400);
    expect(broken.body.msg).toContain('XLIFF');
    const { text } = await exportOf();
    const dropped = translateAll(text).replace(/(<target>[^<]*)<ph id="1" dataRef="d1"\/>/, '$1');
    const refused = await translator.caller.post(api('/ccms/translation/import'), { xliff: dropped });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toContain('placeholder');
    expect((await t.database.db.select().from(ccmsTranslationMemory)).length).toBe(before);
  }, 120_000);
});

/** The branch layout on a small library of its own (the layout is per library; the corpus round trip above keeps the folder layout). */
describe('XLIFF import with the branch layout', () => {
  it('writes the translated topics at their own paths on the language branch, the source branch untouched', async () => {
    const topic = (id: string, title: string) =>
      `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE concept PUBLIC "-//OASIS//DTD DITA Concept//EN" "concept.dtd">\n<concept id="${id}" xml:lang="en-US"><title>${title}</title><conbody><p>The ${title.toLowerCase()} of the pump.</p><fig><image href="../images/pump.svg"/></fig></conbody></concept>\n`;
    await remote().createRepo('small', {
      files: {
        'guide.ditamap':
          '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE map PUBLIC "-//OASIS//DTD DITA Map//EN" "map.dtd">\n<map xml:lang="en-US"><title>Pump guide</title><topicref href="topics/install.dita"/><topicref href="topics/service.dita"/></map>\n',
        'topics/install.dita': topic('install', 'Installation'),
        'topics/service.dita': topic('service', 'Service'),
        'images/pump.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>\n',
      },
    });
    const created = await owner.caller.post(api('/ccms/library'), libraryBody('small', remote().url('small')));
    const smallId = created.body.data.libraryId as number;
    await grant(t, smallId, 'user', translator.userId, 'write');
    const docs = await owner.caller.get(api('/ccms/document/list'), { libraryId: smallId, pageSize: 50 });
    const guideId = docs.body.rows.find((r: { path: string }) => r.path === 'guide.ditamap')?.documentId;
    expect(guideId).toBeGreaterThan(0);
    const setting = await owner.caller.put(api('/ccms/translation/setting'), { libraryId: smallId, layout: 'branch', sourceLang: 'en-US' });
    expect(setting.body.code, setting.raw).toBe(200);
    const exported = await translator.caller.get(api('/ccms/translation/export'), { documentId: guideId, targetLang: 'zh-CN', version: '2.1' });
    expect(exported.status, exported.raw).toBe(200);
    const res = await translator.caller.post(api('/ccms/translation/import'), { xliff: translateAll(exported.raw) });
    expect(res.body, res.raw).toMatchObject({ code: 200, data: { branch: 'main-zh-CN', targetLang: 'zh-CN' } });
    const { paths, commit } = res.body.data as { paths: string[]; commit: string };
    expect([...paths].sort()).toEqual(['guide.ditamap', 'topics/install.dita', 'topics/service.dita']);
    // Nothing but translated files: the branch already holds the images at the same paths.
    const onBranch = (await translator.caller.get(api('/ccms/topic-editor/open'), { libraryId: smallId, branch: 'main-zh-CN', path: 'topics/install.dita' }))
      .body.data;
    expect(onBranch.content).toContain('xml:lang="zh-CN"');
    expect(onBranch.content).toContain('译：');
    expect(onBranch.baseCommit).toBe(commit);
    const onMain = (await translator.caller.get(api('/ccms/topic-editor/open'), { libraryId: smallId, branch: 'main', path: 'topics/install.dita' })).body.data;
    expect(onMain.content).not.toContain('译：');
    expect(onMain.baseCommit).not.toBe(commit);
    // The language branch is catalogued: its topic list holds the translated topic.
    const listed = await translator.caller.get(api('/ccms/topic/list'), { libraryId: smallId, branch: 'main-zh-CN', pageSize: 50 });
    expect(listed.body.rows.map((r: { path: string }) => r.path)).toContain('topics/install.dita');
  }, 120_000);
});
