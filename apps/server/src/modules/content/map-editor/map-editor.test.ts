import type { MapDocument } from '@ccms/contracts/content/map-editor';
import { MapEditorPerm } from '@ccms/contracts/content/map-editor';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useGitServer } from '../../../../test/git-server';
import { type Caller, createTestApp, type TestApp } from '../../../../test/harness';
import { allowLoopbackRemotes, CONTENT_PERMS, grant, libraryBody, type TestUser, userWith } from '../content-test-kit';
import { targetOf } from './map-refs';

const EDITOR_PERMS = ['ccms:topic:list', MapEditorPerm.open, MapEditorPerm.edit, MapEditorPerm.add, MapEditorPerm.remove, 'ccms:document:edit'];
const remote = useGitServer();
let t: TestApp;
let owner: TestUser;
let writer: TestUser;
let second: TestUser;
let noAdd: TestUser;
let libraryId = 0;

const concept = (id: string) =>
  [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE concept PUBLIC "-//OASIS//DTD DITA Concept//EN" "concept.dtd">',
    `<concept id="${id}">`,
    `  <title>Topic ${id}</title>`,
    '  <conbody><p>Text.</p></conbody>',
    '</concept>',
    '',
  ].join('\n');
const TOPICS = ['a', 'b', 'c', 'd', 'shared', 'lonely'];

const MAP = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE map PUBLIC "-//OASIS//DTD DITA Map//EN" "map.dtd">
<map>
  <title>Guide</title>
  <!-- chapters -->
  <topicref href="../topics/a.dita">
    <topicref href="../topics/b.dita"/>
  </topicref>
  <topicref href="../topics/c.dita"/>
  <topicref href="../topics/missing.dita"/>
  <topicref href="../topics/shared.dita"/>
  <topicref href="../topics/lonely.dita"/>
  <keydef keys="site" href="https://example.com" scope="external" format="html"/>
  <topicref href="../topics/d.dita"/>
</map>
`;
const OTHER = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE map PUBLIC "-//OASIS//DTD DITA Map//EN" "map.dtd">
<map>
  <title>Other</title>
  <topicref href="../topics/shared.dita"/>
</map>
`;

// Keys: "ka" defined here and (sorting first) in another map; a text key; one to a missing file; one nowhere.
const KEYED = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE map PUBLIC "-//OASIS//DTD DITA Map//EN" "map.dtd">
<map>
  <title>Keyed</title>
  <keydef keys="ka" href="../topics/a.dita"/>
  <keydef keys="prod"><topicmeta><keywords><keyword>Widget Pro</keyword></keywords></topicmeta></keydef>
  <keydef keys="gone" href="../topics/gone.dita"/>
  <topicref keyref="ka"/>
  <topicref keyref="prod"/>
  <topicref keyref="gone"/>
  <topicref keyref="nokey"/>
  <topicref keyref="kc"/>
  <topicref href="../topics/b.dita" keyref="ka"/>
</map>
`;
const ELSEWHERE = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE map PUBLIC "-//OASIS//DTD DITA Map//EN" "map.dtd">
<map>
  <title>Keys elsewhere</title>
  <keydef keys="ka" href="../topics/c.dita"/>
  <keydef keys="kc" href="../topics/c.dita"/>
</map>
`;

beforeAll(async () => {
  t = await createTestApp();
  await allowLoopbackRemotes(t);
  await remote().createRepo('maps', {
    files: {
      'maps/guide.ditamap': MAP,
      'maps/other.ditamap': OTHER,
      'maps/keyed.ditamap': KEYED,
      'maps/a-keys.ditamap': ELSEWHERE,
      ...Object.fromEntries(TOPICS.map((id) => [`topics/${id}.dita`, concept(id)])),
    },
  });
  owner = await userWith(t, 'mapowner', [...CONTENT_PERMS, ...EDITOR_PERMS]);
  writer = await userWith(t, 'mapwriter', EDITOR_PERMS, 'mapwriter@example.test');
  second = await userWith(t, 'mapwriter2', EDITOR_PERMS);
  noAdd = await userWith(t, 'mapnoadd', ['ccms:topic:list', MapEditorPerm.open, MapEditorPerm.edit]);
  const res = await owner.caller.post('/prod-api/ccms/library', libraryBody('maps', remote().url('maps')));
  libraryId = res.body.data.libraryId;
  for (const u of [writer, second, noAdd]) await grant(t, libraryId, 'user', u.userId, 'write');
  const indexed = await owner.caller.request({ method: 'POST', url: '/prod-api/ccms/catalog/reindex', query: { libraryId: String(libraryId) } });
  expect(indexed.body.code, indexed.body.msg).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

const json = { 'content-type': 'application/json' };
const MAP_PATH = 'maps/guide.ditamap';

async function open(c: Caller, path = MAP_PATH): Promise<MapDocument> {
  const res = await c.get('/prod-api/ccms/map-editor/open', { libraryId, path });
  expect(res.body.code, res.body.msg).toBe(200);
  return res.body.data;
}

const save = (c: Caller, doc: MapDocument, content: string, extra: Record<string, unknown> = {}) =>
  c.request({
    method: 'PUT',
    url: '/prod-api/ccms/map-editor/save',
    headers: json,
    payload: { libraryId, path: doc.path, content, baseCommit: doc.baseCommit, baseBlob: doc.baseBlob, ...extra },
  });

const commits = async () => (await remote().log('maps', 'main')).length;

describe('hrefs', () => {
  it('resolves hrefs against the map’s folder, leaving external ones and ones outside the library', () => {
    expect(targetOf('maps', '../topics/a.dita#a/p1')).toBe('topics/a.dita');
    expect(targetOf('maps', 'sub/x%20y.dita')).toBe('maps/sub/x y.dita');
    expect(targetOf('', '../x.dita')).toBeNull();
    expect(targetOf('maps', 'https://example.com')).toBeNull();
    expect(targetOf('maps', 'site.html', 'external')).toBeNull();
  });
});

describe('open', () => {
  it('gives the map with each href’s title, status and broken mark', async () => {
    const doc = await open(writer.caller);
    expect(doc).toMatchObject({ path: MAP_PATH, rootName: 'map', content: MAP, canWrite: true, canDelete: true });
    const byHref = new Map(doc.refs.map((r) => [r.href, r]));
    expect(byHref.get('../topics/a.dita')).toMatchObject({ path: 'topics/a.dita', kind: 'topic', title: 'Topic a', status: 'draft', broken: false });
    expect(byHref.get('../topics/missing.dita')).toMatchObject({ path: 'topics/missing.dita', broken: true, status: null });
    expect(byHref.get('https://example.com')).toMatchObject({ kind: 'external', broken: false });
    expect((await open(noAdd.caller)).canDelete).toBe(false);
  });

  it('gives nodes with a keyref and no href the title their key resolves to in the branch’s key space', async () => {
    const doc = await open(writer.caller, 'maps/keyed.ditamap');
    expect(doc.keyRefs).toEqual([
      // This map's own definition wins over the one of a map sorting before it.
      { keyref: 'ka', path: 'topics/a.dita', title: 'Topic a', broken: false },
      { keyref: 'prod', path: '', title: 'Widget Pro', broken: false },
      { keyref: 'gone', path: 'topics/gone.dita', title: '', broken: true },
      { keyref: 'nokey', path: '', title: '', broken: true },
      // Defined only by another map of the branch.
      { keyref: 'kc', path: 'topics/c.dita', title: 'Topic c', broken: false },
    ]);
    const added = await writer.caller.post('/prod-api/ccms/map-editor/resolve-keys', {
      libraryId,
      path: 'maps/keyed.ditamap',
      keyrefs: ['kc/p1', ' prod ', 'kc/p1'],
    });
    expect(added.body.data).toEqual([
      { keyref: 'kc/p1', path: 'topics/c.dita', title: 'Topic c', broken: false },
      { keyref: 'prod', path: '', title: 'Widget Pro', broken: false },
    ]);
    const bad = await writer.caller.post('/prod-api/ccms/map-editor/resolve-keys', { libraryId, path: 'maps/keyed.ditamap', keyrefs: 'ka' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('Key references');
  });

  it('refuses a topic, naming it', async () => {
    const res = await writer.caller.get('/prod-api/ccms/map-editor/open', { libraryId, path: 'topics/a.dita' });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('"topics/a.dita" is not a map (map or bookmap)');
  });

  it('resolves hrefs added in the editor and lists the other maps using a file', async () => {
    const res = await writer.caller.post('/prod-api/ccms/map-editor/resolve', { libraryId, path: MAP_PATH, hrefs: ['../topics/d.dita', 'nowhere.dita'] });
    expect(res.body.data).toEqual([
      { href: '../topics/d.dita', path: 'topics/d.dita', kind: 'topic', title: 'Topic d', status: 'draft', broken: false },
      { href: 'nowhere.dita', path: 'maps/nowhere.dita', kind: 'topic', title: '', status: null, broken: true },
    ]);
    const usage = await writer.caller.get('/prod-api/ccms/map-editor/usage', { libraryId, path: MAP_PATH, file: 'topics/shared.dita' });
    expect(usage.body.data).toEqual({ file: 'topics/shared.dita', maps: ['maps/other.ditamap'] });
    const unused = await writer.caller.get('/prod-api/ccms/map-editor/usage', { libraryId, path: MAP_PATH, file: 'topics/lonely.dita' });
    expect(unused.body.data.maps).toEqual([]);
  });
});

describe('save', () => {
  it('commits a reordered map as one commit by the caller', async () => {
    const doc = await open(writer.caller);
    const reordered = doc.content
      .replace('  <topicref href="../topics/c.dita"/>\n', '')
      .replace('  <!-- chapters -->\n', '  <!-- chapters -->\n  <topicref href="../topics/c.dita"/>\n');
    const before = await commits();
    const res = await save(writer.caller, doc, reordered);
    expect(res.body.code, res.body.msg).toBe(200);
    expect(res.body.data).toMatchObject({ unchanged: false, merged: false, created: [], deleted: [] });
    const log = await remote().log('maps', 'main');
    expect(log.length).toBe(before + 1);
    expect(log[0]).toMatchObject({ subject: 'Update map Guide', author: 'mapwriter nick', email: 'mapwriter@example.test' });
    expect(await remote().show('maps', 'main', MAP_PATH)).toBe(reordered);
  });

  it('creates a topic from its type’s template and its reference in the same commit', async () => {
    const doc = await open(writer.caller);
    const content = doc.content.replace('</map>', '  <topicref href="../topics/new-task.dita" navtitle="Install it"/>\n</map>');
    const before = await commits();
    const res = await save(writer.caller, doc, content, { newTopics: [{ path: 'topics/new-task.dita', type: 'task', title: 'Install it', id: 'new_task' }] });
    expect(res.body.code, res.body.msg).toBe(200);
    expect(res.body.data.created).toEqual(['topics/new-task.dita']);
    const log = await remote().log('maps', 'main');
    expect(log.length).toBe(before + 1);
    expect(await remote().show('maps', 'main', MAP_PATH)).toBe(content);
    const topic = await remote().show('maps', 'main', 'topics/new-task.dita');
    expect(topic).toContain('<task id="new_task">');
    expect(topic).toContain('<title>Install it</title>');
    // The catalogue knows it at once: the map shows its title.
    const again = await open(writer.caller);
    expect(again.refs.find((r) => r.path === 'topics/new-task.dita')).toMatchObject({ title: 'Install it', broken: false });
  });

  it('refuses new topics the map does not reference, existing files, and without the add permission; nothing is committed', async () => {
    const doc = await open(writer.caller);
    const before = await commits();
    const unused = await save(writer.caller, doc, doc.content, { newTopics: [{ path: 'topics/stray.dita', type: 'topic', title: 'Stray', id: 'stray' }] });
    expect(unused.status).toBe(400);
    expect(unused.body.msg).toBe('Path: the new topic "topics/stray.dita" is not referenced by the map and was not created');
    const content = doc.content.replace('</map>', '  <topicref href="../topics/c.dita"/>\n</map>');
    const exists = await save(writer.caller, doc, content, { newTopics: [{ path: 'topics/c.dita', type: 'topic', title: 'C', id: 'c' }] });
    expect(exists.status).toBe(400);
    expect(exists.body.msg).toBe('"topics/c.dita" already exists');
    const denied = await save(noAdd.caller, doc, content, { newTopics: [{ path: 'topics/c2.dita', type: 'topic', title: 'C', id: 'c' }] });
    expect(denied.status).toBe(403);
    expect(denied.body.msg).toBe('New topics: the permission "ccms:topic:add" is needed');
    const badId = await save(writer.caller, doc, content, { newTopics: [{ path: 'topics/c3.dita', type: 'topic', title: 'C', id: '1 bad' }] });
    expect(badId.status).toBe(400);
    expect(badId.body.msg).toBe('ID of item 1 is not in a valid format');
    expect(await commits()).toBe(before);
  });

  it('deletes a topic file with the map only when no map uses it any more, listing the maps that do', async () => {
    const doc = await open(writer.caller);
    const before = await commits();
    const withoutShared = doc.content.replace('  <topicref href="../topics/shared.dita"/>\n', '');
    const used = await save(writer.caller, doc, withoutShared, { deleteFiles: ['topics/shared.dita'] });
    expect(used.status).toBe(400);
    expect(used.body.msg).toBe('deleteFiles[0]: "topics/shared.dita" is still used by maps (maps/other.ditamap) and was not deleted');
    const stillHere = await save(writer.caller, doc, doc.content, { deleteFiles: ['topics/lonely.dita'] });
    expect(stillHere.status).toBe(400);
    expect(stillHere.body.msg).toBe('deleteFiles[0]: "topics/lonely.dita" is still used by maps (maps/guide.ditamap) and was not deleted');
    expect(await commits()).toBe(before);
    const withoutLonely = doc.content.replace('  <topicref href="../topics/lonely.dita"/>\n', '');
    const res = await save(writer.caller, doc, withoutLonely, { deleteFiles: ['topics/lonely.dita'] });
    expect(res.body.code, res.body.msg).toBe(200);
    expect(res.body.data.deleted).toEqual(['topics/lonely.dita']);
    expect(await commits()).toBe(before + 1);
    expect(await remote().show('maps', 'main', 'topics/lonely.dita')).toBeNull();
    expect(await remote().show('maps', 'main', MAP_PATH)).toBe(withoutLonely);
  });

  it('merges a change made since the base three-way, and answers 409 with the versions when they overlap', async () => {
    const mine = await open(writer.caller);
    const theirs = await open(second.caller);
    // The second writer moves d to the top; the first adds a keydef near the end.
    const theirText = theirs.content
      .replace('  <topicref href="../topics/d.dita"/>\n', '')
      .replace('  <title>Guide</title>\n', '  <title>Guide</title>\n  <topicref href="../topics/d.dita"/>\n');
    expect((await save(second.caller, theirs, theirText)).body.code).toBe(200);
    const myText = mine.content.replace('</map>', '  <keydef keys="extra" href="../topics/a.dita"/>\n</map>');
    const merged = await save(writer.caller, mine, myText);
    expect(merged.body.code, merged.body.msg).toBe(200);
    expect(merged.body.data.merged).toBe(true);
    const head = await remote().show('maps', 'main', MAP_PATH);
    expect(head).toContain('<title>Guide</title>\n  <topicref href="../topics/d.dita"/>');
    expect(head).toContain('<keydef keys="extra" href="../topics/a.dita"/>\n</map>');
    // Both change the title line: a conflict, nothing committed.
    const a = await open(writer.caller);
    const b = await open(second.caller);
    expect((await save(second.caller, b, b.content.replace('<title>Guide</title>', '<title>Guide B</title>'))).body.code).toBe(200);
    const before = await commits();
    const clash = await save(writer.caller, a, a.content.replace('<title>Guide</title>', '<title>Guide A</title>'));
    expect(clash.status).toBe(409);
    expect(clash.body.data).toMatchObject({ ours: expect.stringContaining('Guide A'), theirs: expect.stringContaining('Guide B') });
    expect(await commits()).toBe(before);
  });
});
