import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useGitServer } from '../../../../test/git-server';
import { createTestApp, type TestApp } from '../../../../test/harness';
import { ccmsTranslationMemory } from '../../../db/schema';
import { CATALOG_PERMS } from '../catalog/catalog-test-kit';
import { allowLoopbackRemotes, grant, libraryBody, type TestUser, userWith } from '../content-test-kit';
import { readXliff } from './translation-xliff';

/**
 * XLIFF on a small library of its own, through a real local git remote: a map that reaches its
 * topics through keys (defined in a submap and in a key scope), conkeyref and a DITAVAL reference;
 * what is exported, which target languages are accepted, and an import whose source changed for
 * one unit. The steps build on each other, in order.
 */
const remote = useGitServer();
let t: TestApp;
let owner: TestUser;
let translator: TestUser;
let libraryId = 0;
let guideId = 0;
const api = (p: string) => `/prod-api${p}`;

const DOCTYPE_CONCEPT = '<!DOCTYPE concept PUBLIC "-//OASIS//DTD DITA Concept//EN" "concept.dtd">';
const DOCTYPE_MAP = '<!DOCTYPE map PUBLIC "-//OASIS//DTD DITA Map//EN" "map.dtd">';
const concept = (id: string, body: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n${DOCTYPE_CONCEPT}\n<concept id="${id}" xml:lang="en-US">${body}</concept>\n`;
const FILES: Record<string, string> = {
  'guide.ditamap': `<?xml version="1.0" encoding="UTF-8"?>\n${DOCTYPE_MAP}\n<map xml:lang="en-US"><title>Pump guide</title>
  <mapref href="keys.ditamap"/>
  <topicref keyref="install"/>
  <topicref keyref="service" navtitle="Servicing the pump"/>
  <topicgroup keyscope="parts"><keydef keys="seal" href="topics/seal.dita"/><topicref keyref="seal"/></topicgroup>
  <topicref href="topics/filtered.dita"><ditavalref href="ops.ditaval"><ditavalmeta><dvrResourcePrefix>ops-</dvrResourcePrefix></ditavalmeta></ditavalref></topicref>
</map>\n`,
  'keys.ditamap': `<?xml version="1.0" encoding="UTF-8"?>\n${DOCTYPE_MAP}\n<map xml:lang="en-US"><title>Keys</title>
  <keydef keys="install" href="topics/install.dita"/>
  <keydef keys="service" href="topics/service.dita"/>
  <keydef keys="warn" href="topics/warnings.dita" processing-role="resource-only"/>
</map>\n`,
  'ops.ditaval': '<?xml version="1.0" encoding="UTF-8"?>\n<val><prop att="audience" val="novice" action="exclude"/></val>\n',
  'topics/install.dita': concept(
    'install',
    `<title>Installing the pump</title><conbody>
<p id="first">Set the pump on a flat floor.</p>
<p>Press <image href="../images/go.svg" alt="the green button"/> to start <ph translate="no">PX-200</ph>.</p>
<p conkeyref="warn/hot"/>
<draft-comment>Ask engineering about the torque.</draft-comment>
<p>See <xref keyref="service"/> for the yearly check.</p>
</conbody>`,
  ),
  'topics/service.dita': concept('service', '<title>Service</title><conbody><p>Change the oil every year.</p></conbody>'),
  'topics/warnings.dita': concept('warnings', '<title>Warnings</title><conbody><p id="hot">The pump is hot after use.</p></conbody>'),
  'topics/seal.dita': concept('seal', '<title>Seal</title><conbody><p>Replace the seal when it leaks.</p></conbody>'),
  'topics/filtered.dita': concept('filtered', '<title>Operators</title><conbody><p>Operators read this first.</p></conbody>'),
  'topics/orphan.dita': concept('orphan', '<title>Not in the map</title><conbody><p>No map reaches this topic.</p></conbody>'),
  'images/go.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>\n',
};
const REACHED = [
  'guide.ditamap',
  'keys.ditamap',
  'topics/install.dita',
  'topics/service.dita',
  'topics/warnings.dita',
  'topics/seal.dita',
  'topics/filtered.dita',
];

/** What a translation tool does: every segment gets a target keeping the source's placeholders, marked translated. */
const translateAll = (xliff: string) =>
  xliff.replace(/<segment state="initial"><source>([\s\S]*?)<\/source><\/segment>/g, (_w, src: string) => {
    const target = src.replace(/(^|>)([^<]+)/g, (_m, lead: string, text: string) => `${lead}${text.trim() ? `译：${text}` : text}`);
    return `<segment state="translated"><source>${src}</source><target>${target}</target></segment>`;
  });
const exportOf = async (targetLang: string) => {
  const res = await translator.caller.get(api('/ccms/translation/export'), { documentId: guideId, targetLang, version: '2.1' });
  expect(res.status, res.raw).toBe(200);
  return res.raw;
};
const memoryRows = async () => (await t.database.db.select().from(ccmsTranslationMemory)).length;

beforeAll(async () => {
  t = await createTestApp();
  await allowLoopbackRemotes(t);
  owner = await userWith(t, 'tkowner', CATALOG_PERMS.concat(['ccms:library:add']));
  translator = await userWith(t, 'tkator', CATALOG_PERMS, 'keys-translator@example.test');
  await remote().createRepo('keyed', { files: FILES });
  const created = await owner.caller.post(api('/ccms/library'), libraryBody('keyed', remote().url('keyed')));
  libraryId = created.body.data.libraryId;
  await grant(t, libraryId, 'user', translator.userId, 'write');
  const docs = await owner.caller.get(api('/ccms/document/list'), { libraryId, pageSize: 50 });
  guideId = docs.body.rows.find((r: { path: string }) => r.path === 'guide.ditamap')?.documentId;
  expect(guideId).toBeGreaterThan(0);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('XLIFF of a map that reaches its topics through keys', () => {
  it('exports every topic the map reaches (keys in a submap and a key scope, conkeyref), nothing else', async () => {
    const parsed = await readXliff(await exportOf('zh-CN'));
    if (!parsed.ok) throw new Error(parsed.problem);
    expect(parsed.files.map((f) => f.path).sort()).toEqual([...REACHED].sort());
    const sources = parsed.files.flatMap((f) => f.units.map((u) => u.source));
    expect(sources).toContain('Replace the seal when it leaks.');
    expect(sources).toContain('The pump is hot after use.');
    expect(sources.join('\n')).not.toContain('No map reaches this topic');
  });

  it('leaves out file names, prefixes, markup attributes and what is not for translation; keeps text attributes as units', async () => {
    const parsed = await readXliff(await exportOf('zh-CN'));
    if (!parsed.ok) throw new Error(parsed.problem);
    const units = parsed.files.flatMap((f) => f.units.map((u) => ({ ...u, path: f.path })));
    const text = units.map((u) => u.source).join('\n');
    for (const word of ['ops-', 'PX-200', 'engineering', '.dita', '.svg', 'keyref', 'en-US', 'resource-only']) expect(text, word).not.toContain(word);
    expect(units.find((u) => u.name.endsWith('@alt'))).toMatchObject({ path: 'topics/install.dita', source: 'the green button' });
    expect(units.find((u) => u.name.endsWith('@navtitle'))).toMatchObject({ path: 'guide.ditamap', source: 'Servicing the pump' });
    // The sentence around the image and the untranslated phrase holds them as placeholders only.
    expect(units.find((u) => u.source.startsWith('Press'))?.source).toBe('Press {1} to start {2}.');
  });

  it('offers only the listed target languages: anything else is refused naming the field, changing nothing', async () => {
    for (const targetLang of ['xx-YY', 'klingon', '']) {
      const res = await translator.caller.get(api('/ccms/translation/export'), { documentId: guideId, targetLang, version: '2.1' });
      expect(res.status, targetLang).toBe(400);
      expect(res.body.msg).toContain('Target language');
    }
    const progress = await translator.caller.get(api('/ccms/translation/progress'), { documentId: guideId, targetLang: 'xx-YY' });
    expect(progress.status).toBe(400);
    expect(progress.body.msg).toContain('Target language');
    const before = await memoryRows();
    const foreign = translateAll(await exportOf('de-DE')).replace('trgLang="de-DE"', 'trgLang="tlh"');
    const refused = await translator.caller.post(api('/ccms/translation/import'), { xliff: foreign });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toContain('Target language');
    expect(await memoryRows()).toBe(before);
  });

  it('refuses a file that is not XLIFF, or comes from another branch or library, changing nothing', async () => {
    const before = await memoryRows();
    const good = translateAll(await exportOf('de-DE'));
    const notXliff = await translator.caller.post(api('/ccms/translation/import'), { xliff: FILES['topics/seal.dita'] });
    expect(notXliff.status).toBe(400);
    expect(notXliff.body.msg).toContain('XLIFF');
    const otherBranch = await translator.caller.post(api('/ccms/translation/import'), { xliff: good.replace('ccms:branch="main"', 'ccms:branch="release-2"') });
    expect(otherBranch.status).toBe(400);
    expect(otherBranch.body.msg).toContain('release-2');
    const otherLibrary = await translator.caller.post(api('/ccms/translation/import'), {
      xliff: good.replace(`ccms:library="${libraryId}"`, `ccms:library="${libraryId + 1000}"`),
    });
    expect(otherLibrary.status).toBe(400);
    expect(otherLibrary.body.msg).toContain(String(libraryId + 1000));
    expect(await memoryRows()).toBe(before);
    expect((await remote().log('keyed', 'main')).length).toBe(1);
  });

  it('imports a file whose source changed for one unit: the others are written, that one listed as needing a new translation', async () => {
    // Exported and translated (one unit left out by the translator) before the writer changes one sentence.
    let translated = translateAll(await exportOf('de-DE'));
    translated = translated.replace(
      /<segment state="translated"><source>Change the oil every year.<\/source><target>[^<]*<\/target><\/segment>/,
      '<segment state="initial"><source>Change the oil every year.</source></segment>',
    );
    const opened = (await owner.caller.get(api('/ccms/topic-editor/open'), { libraryId, path: 'topics/install.dita' })).body.data;
    const saved = await owner.caller.put(api('/ccms/topic-editor/save'), {
      libraryId,
      path: 'topics/install.dita',
      content: opened.content.replace('Set the pump on a flat floor.', 'Set the pump on a flat, dry floor.'),
      baseCommit: opened.baseCommit,
      baseBlob: opened.baseBlob,
    });
    expect(saved.body, saved.raw).toMatchObject({ code: 200 });

    const res = await translator.caller.post(api('/ccms/translation/import'), { xliff: translated });
    expect(res.body, res.raw).toMatchObject({ code: 200, data: { branch: 'main', targetLang: 'de-DE', skipped: 1, unchanged: 0 } });
    const report = res.body.data;
    expect(report.stale).toEqual([
      {
        path: 'topics/install.dita',
        unit: expect.stringMatching(/^u\d+$/),
        name: '#first:1',
        source: 'Set the pump on a flat floor.',
        current: 'Set the pump on a flat, dry floor.',
      },
    ]);
    expect(report.imported).toBe(report.units - 2);
    expect(report.commit).toMatch(/^[0-9a-f]{40}$/);
    expect(report.paths).toEqual(expect.arrayContaining(REACHED.map((p) => `de-DE/${p}`)));
    const written = await remote().show('keyed', 'main', 'de-DE/topics/install.dita');
    expect(written).toContain('<p id="first">Set the pump on a flat, dry floor.</p>');
    expect(written).toContain('alt="译：the green button"');
    expect(written).toContain('<ph translate="no">PX-200</ph>');
    expect(written).toContain('<draft-comment>Ask engineering about the torque.</draft-comment>');
    expect(await remote().show('keyed', 'main', 'de-DE/guide.ditamap')).toContain('navtitle="译：Servicing the pump"');
    expect(await remote().show('keyed', 'main', 'de-DE/topics/service.dita')).toContain('<p>Change the oil every year.</p>');

    // The same file again: everything it still describes is in the memory and the files already.
    const again = await translator.caller.post(api('/ccms/translation/import'), { xliff: translated });
    expect(again.body.data, again.raw).toMatchObject({ imported: 0, unchanged: report.imported, skipped: 1, commit: null, paths: [] });
    expect(again.body.data.stale).toHaveLength(1);
  });
});
