/**
 * The topic editor's API on a real database and git remote: open, save, refusals that change nothing,
 * conflicts and drafts.
 * Over 400 lines: its cases share one library, remote and set of users; each server test file gets its own
 * database (migrate and seed), so a split would cost suite time and set up the remote again.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { EditorDocument } from '@ccms/contracts/content/topic-editor';
import { TopicEditorPerm } from '@ccms/contracts/content/topic-editor';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { git } from '../../../../test/git-http-server';
import { useGitServer } from '../../../../test/git-server';
import { type Caller, createTestApp, type Reply, type TestApp } from '../../../../test/harness';
import { indexRunsDone, threadTasksDone } from '../../../../test/thread-metrics';
import { ccmsLibrarySetting } from '../../../db/schema';
import { metrics } from '../../../platform/metrics/metrics';
import { findMeta, saveMeta } from '../catalog/catalog-meta';
import { allowLoopbackRemotes, CONTENT_PERMS, grant, libraryBody, type TestUser, userWith } from '../content-test-kit';
import { DESCRIBE_INLINE_MAX } from '../shared/thread-describe';
import { presenceStream } from './presence-test-kit';

const EDITOR_PERMS = ['ccms:topic:list', TopicEditorPerm.open, TopicEditorPerm.edit, TopicEditorPerm.add];
const remote = useGitServer();
let t: TestApp;
let owner: TestUser;
let writer: TestUser;
let second: TestUser;
let reader: TestUser;
let noEdit: TestUser;
let libraryId = 0;

/** A concept with a DOCTYPE (the DTD validates it) and one paragraph per line. */
const concept = (id: string, paragraphs: string[]) =>
  [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE concept PUBLIC "-//OASIS//DTD DITA Concept//EN" "concept.dtd">',
    `<concept id="${id}">`,
    `  <title>Topic ${id}</title>`,
    '  <shortdesc>About <keyword keyref="product"/>.</shortdesc>',
    '  <conbody>',
    ...paragraphs.map((p, i) => `    <p id="p${i + 1}">${p}</p>`),
    '    <p audience="admin">Only for admins.</p>',
    '  </conbody>',
    '</concept>',
    '',
  ].join('\n');
const PARAS = ['One.', 'Two.', 'Three.', 'Four.', 'Five.', 'Six.', 'Seven.', 'Eight.'];
const TOPICS = ['intro', 'merge', 'clash', 'overlap', 'approved', 'same', 'drafted', 'refused'];
/** Saved while a push is held: they go out together (not in the map, so its tests do not see them). */
const BATCHED = ['batch1', 'batch2', 'batch3'];
/** A topic over DESCRIBE_INLINE_MAX (about 50 KB): the editor's open reads its type and title on a content thread. */
const LARGE_PARAS = Array.from({ length: 900 }, (_, i) => `Paragraph ${i + 1} of the long procedure.`);
/** The crowded topic: forty paragraphs, so ten writers and an outside client each change a line with unchanged lines between. */
const CROWD_PARAS = Array.from({ length: 40 }, (_, i) => `Line ${i + 1}.`);

const MAP = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE map PUBLIC "-//OASIS//DTD DITA Map//EN" "map.dtd">
<map>
  <title>Guide</title>
  <keydef keys="product"><topicmeta><keywords><keyword>Widget</keyword></keywords></topicmeta></keydef>
${TOPICS.map((id) => `  <topicref href="../topics/${id}.dita"/>`).join('\n')}
</map>
`;

beforeAll(async () => {
  t = await createTestApp();
  await allowLoopbackRemotes(t);
  await remote().createRepo('docs', {
    files: {
      'maps/guide.ditamap': MAP,
      ...Object.fromEntries(TOPICS.map((id) => [`topics/${id}.dita`, concept(id, PARAS)])),
      'topics/crowd.dita': concept('crowd', CROWD_PARAS),
      'topics/large.dita': concept('large', LARGE_PARAS),
      ...Object.fromEntries(BATCHED.map((id) => [`topics/${id}.dita`, concept(id, PARAS)])),
      // Found by an element's id or title only (its own title, path and id say nothing of seals).
      'topics/pump.dita': concept('pump', ['Mount the pump.']).replace(
        '  </conbody>',
        '    <section id="seal-check"><title>Checking the seals</title><p>Look.</p></section>\n  </conbody>',
      ),
    },
  });
  owner = await userWith(t, 'owner1', [...CONTENT_PERMS, ...EDITOR_PERMS], 'owner1@example.test');
  writer = await userWith(t, 'writer1', EDITOR_PERMS);
  second = await userWith(t, 'writer2', EDITOR_PERMS, 'writer2@example.test');
  reader = await userWith(t, 'reader1', EDITOR_PERMS);
  noEdit = await userWith(t, 'noedit1', ['ccms:topic:list', TopicEditorPerm.open]);
  const res = await owner.caller.post('/prod-api/ccms/library', libraryBody('docs', remote().url('docs')));
  libraryId = res.body.data.libraryId;
  await grant(t, libraryId, 'user', writer.userId, 'write');
  await grant(t, libraryId, 'user', second.userId, 'write');
  await grant(t, libraryId, 'user', noEdit.userId, 'write');
  await grant(t, libraryId, 'user', reader.userId, 'read');
});
afterAll(async () => {
  await t?.close();
});

const pathOf = (id: string) => `topics/${id}.dita`;
const json = { 'content-type': 'application/json' };

async function open(c: Caller, id: string): Promise<EditorDocument> {
  const res = await c.get('/prod-api/ccms/topic-editor/open', { libraryId, path: pathOf(id) });
  expect(res.body.code, res.body.msg).toBe(200);
  return res.body.data;
}

const save = (c: Caller, doc: EditorDocument, content: string, extra: Record<string, unknown> = {}) =>
  c.request({
    method: 'PUT',
    url: '/prod-api/ccms/topic-editor/save',
    headers: json,
    payload: { libraryId, path: doc.path, content, baseCommit: doc.baseCommit, baseBlob: doc.baseBlob, ...extra },
  });

const headOfRemote = async () => (await remote().log('docs', 'main'))[0]?.hash;
const commits = async () => (await remote().log('docs', 'main')).length;

describe('open', () => {
  it('gives the text at the branch head with its base, title, type, status and the caller’s rights', async () => {
    const doc = await open(writer.caller, 'intro');
    expect(doc).toMatchObject({
      libraryId,
      branch: 'main',
      path: 'topics/intro.dita',
      content: concept('intro', PARAS),
      baseCommit: await headOfRemote(),
      title: 'Topic intro',
      docType: 'concept',
      status: 'draft',
      canWrite: true,
      draft: null,
    });
    expect(doc.baseBlob).toMatch(/^[0-9a-f]{40}$/);
    expect(doc.ticket).not.toBe('');
    expect((await open(reader.caller, 'intro')).canWrite).toBe(false);
    expect((await open(noEdit.caller, 'intro')).canWrite).toBe(false);
    const missing = await writer.caller.get('/prod-api/ccms/topic-editor/open', { libraryId, path: 'topics/none.dita' });
    expect(missing.status).toBe(404);
    const stranger = await userWith(t, 'strange1', EDITOR_PERMS);
    expect((await stranger.caller.get('/prod-api/ccms/topic-editor/open', { libraryId, path: pathOf('intro') })).status).toBe(403);
  });

  it('reads a large topic’s type and title on a content thread, a small one’s without the trip', async () => {
    const described = () => threadTasksDone('content', 'describe');
    const before = await described();
    const large = await open(writer.caller, 'large');
    expect(large.content.length).toBeGreaterThan(DESCRIBE_INLINE_MAX);
    expect(large).toMatchObject({ title: 'Topic large', docType: 'concept' });
    expect(await described()).toBe(before + 1);
    expect(await open(writer.caller, 'intro')).toMatchObject({ title: 'Topic intro', docType: 'concept' });
    expect(await described()).toBe(before + 1);
  });
});

describe('save', () => {
  it('commits one change as the signed-in user, "Update <title>", reindexes the topic and answers the new base', async () => {
    const doc = await open(writer.caller, 'intro');
    const changed = doc.content.replace('<title>Topic intro</title>', '<title>Introduction</title>').replace('One.', 'One, edited.');
    const before = await commits();
    const res = await save(writer.caller, doc, changed);
    expect(res.body.code, res.body.msg).toBe(200);
    expect(res.body.data).toMatchObject({ unchanged: false, merged: false, content: changed, status: 'draft' });
    const log = await remote().log('docs', 'main');
    expect(log.length).toBe(before + 1);
    expect(log[0]).toMatchObject({ hash: res.body.data.commit, subject: 'Update Introduction', author: 'writer1 nick', email: 'writer1@users.noreply.ccms' });
    expect(await remote().show('docs', 'main', 'topics/intro.dita')).toBe(changed);
    const again = await open(writer.caller, 'intro');
    expect(again).toMatchObject({ baseCommit: res.body.data.commit, baseBlob: res.body.data.blob, title: 'Introduction' });
    // The catalogue shows the new title and the commit in the topic's history at once.
    const topic = await writer.caller.get('/prod-api/ccms/topic/byPath', { libraryId, path: 'topics/intro.dita' });
    expect(topic.body.data.title).toBe('Introduction');
    const history = await writer.caller.get(`/prod-api/ccms/topic/${topic.body.data.topicId}/history`, { limit: 5 });
    expect(history.body.data.commits[0]).toMatchObject({ commit: res.body.data.commit, author: 'writer1 nick' });
  });

  it('opens the head a save of this node pushed before the clone’s tracking ref moved, without fetching', async () => {
    const doc = await open(writer.caller, 'same');
    const res = await save(writer.caller, doc, doc.content.replace('Two.', 'Two, pushed.'));
    expect(res.body.code, res.body.msg).toBe(200);
    // The window between the remote taking the push and the clone's ref moving, held open: the ref goes back.
    const ref = path.join(t.dataDir, 'git', String(libraryId), 'refs/remotes/origin/main');
    await writeFile(ref, `${doc.baseCommit}\n`);
    const again = await open(writer.caller, 'same');
    expect(again).toMatchObject({ baseCommit: res.body.data.commit, content: res.body.data.content });
    // Read as it was held: no fetch moved the ref.
    expect((await readFile(ref, 'utf8')).trim()).toBe(doc.baseCommit);
    // A save from that base still lands (its commit fetches under the lock as before).
    const next = await save(writer.caller, again, again.content.replace('Three.', 'Three, after.'));
    expect(next.body.code, next.body.msg).toBe(200);
    expect(await remote().show('docs', 'main', 'topics/same.dita')).toBe(next.body.data.content);
  });

  it('a save held by a slow remote holds no open, document list or search of the same library', async () => {
    const lister = await userWith(t, 'lister1', ['ccms:document:list', 'ccms:search:list']);
    await grant(t, libraryId, 'user', lister.userId, 'read');
    const doc = await open(writer.caller, 'drafted');
    const gate = remote().holdPushes();
    let saved = false;
    const saving = save(writer.caller, doc, doc.content.replace('Four.', 'Four, slowly.')).then((res) => {
      saved = true;
      return res;
    });
    try {
      // The save holds the library's lock and waits on the remote for its push.
      await expect.poll(() => gate.waiting, { timeout: 20_000 }).toBeGreaterThan(0);
      // Past the clone's freshness window too: a read that fetched now would queue behind the save.
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 120_000);
      const [opened, documents, found] = await Promise.all([
        open(second.caller, 'intro'),
        lister.caller.get('/prod-api/ccms/document/list', { libraryId, pageNum: 1, pageSize: 10 }),
        lister.caller.get('/prod-api/ccms/search', { libraryId, q: 'Topic', pageNum: 1, pageSize: 10 }),
      ]);
      expect(opened.path).toBe('topics/intro.dita');
      expect(documents.body.code, documents.raw).toBe(200);
      expect(found.body.code, found.raw).toBe(200);
      // All three answered while the save was still waiting for the remote.
      expect(saved).toBe(false);
    } finally {
      vi.useRealTimers();
      gate.release();
    }
    const res = await saving;
    expect(res.body.code, res.body.msg).toBe(200);
    expect(await remote().show('docs', 'main', 'topics/drafted.dita')).toBe(res.body.data.content);
  });

  it('answers a document list and a search from the index while the branch is being indexed, without waiting for it', async () => {
    const indexer = await userWith(t, 'indexer1', ['ccms:document:edit', 'ccms:document:list', 'ccms:search:list']);
    await grant(t, libraryId, 'user', indexer.userId, 'read');
    // Something new on the remote, so the reindex's fetch has something to bring (and is held bringing it).
    await remote().commit('docs', 'main', { 'notes/outside.txt': 'from outside\n' }, 'Outside note');
    const gate = remote().holdFetches();
    let indexed = false;
    const reindex = indexer.caller.post(`/prod-api/ccms/catalog/reindex?libraryId=${libraryId}`).then((res) => {
      indexed = true;
      return res;
    });
    try {
      await expect.poll(() => gate.waiting, { timeout: 20_000 }).toBeGreaterThan(0);
      const [documents, found] = await Promise.all([
        indexer.caller.get('/prod-api/ccms/document/list', { libraryId, pageNum: 1, pageSize: 10 }),
        indexer.caller.get('/prod-api/ccms/search', { libraryId, q: 'Topic', pageNum: 1, pageSize: 10 }),
      ]);
      expect(documents.body.code, documents.raw).toBe(200);
      expect(documents.body.total).toBeGreaterThan(0);
      expect(found.body.code, found.raw).toBe(200);
      expect(indexed).toBe(false);
    } finally {
      gate.release();
    }
    expect((await reindex).body.code).toBe(200);
  });

  it('sends the saves queued behind a push together: each its own commit by its own author, one push for all, indexed at once', async () => {
    const [first, b, c] = await Promise.all([open(writer.caller, 'batch1'), open(second.caller, 'batch2'), open(owner.caller, 'batch3')]);
    const before = await commits();
    // The saves of a batch ask the catalogue for the one commit the push moved the branch to: one index run answers them all.
    const runs = async () => ({ incremental: await indexRunsDone('incremental'), unchanged: await indexRunsDone('unchanged') });
    const runsBefore = await runs();
    // Each commit is built on the commit thread, not on the request loop.
    const builds = await threadTasksDone('git', 'build');
    const gate = remote().holdPushes();
    const waiting = async () => Number(/^ccms_git_commits_waiting (\d+)$/m.exec(await metrics.render())?.[1]);
    let saves: Reply[];
    try {
      const held = save(writer.caller, first, first.content.replace('One.', 'One, first.'));
      await expect.poll(() => gate.waiting, { timeout: 20_000 }).toBeGreaterThan(0);
      const pushesBefore = remote().pushes;
      const queued = Promise.all([
        save(second.caller, b, b.content.replace('<title>Topic batch2</title>', '<title>Second in the batch</title>'), { message: 'Batch two' }),
        save(owner.caller, c, c.content.replace('<title>Topic batch3</title>', '<title>Third in the batch</title>'), { message: 'Batch three' }),
      ]);
      // Both wait for the library's lock, which the held push keeps.
      await expect.poll(waiting, { timeout: 20_000 }).toBe(2);
      gate.release();
      saves = [await held, ...(await queued)];
      // The two queued saves took one push between them, and one index run: the held save's run, then the batch's.
      expect(remote().pushes - pushesBefore).toBe(1);
      const runsAfter = await runs();
      expect({ incremental: runsAfter.incremental - runsBefore.incremental, unchanged: runsAfter.unchanged - runsBefore.unchanged }).toEqual({
        incremental: 2,
        unchanged: 0,
      });
      expect(await threadTasksDone('git', 'build')).toBe(builds + 3);
    } finally {
      gate.release();
    }
    expect(saves.map((res) => (res.body.code === 200 ? 'saved' : `${res.status} ${res.body.msg}`))).toEqual(['saved', 'saved', 'saved']);
    const log = await remote().log('docs', 'main');
    expect(log.length).toBe(before + 3);
    // Newest first: each save is its own commit, by its own author, with its own message; the two
    // queued ones in the order they reached the queue, after the held one.
    const entry = (e: { hash: string; subject: string; author: string } | undefined) => [e?.hash, e?.subject, e?.author];
    expect(log.slice(0, 2).map(entry)).toEqual(
      expect.arrayContaining([
        [saves[2]?.body.data.commit, 'Batch three', 'owner1 nick'],
        [saves[1]?.body.data.commit, 'Batch two', 'writer2 nick'],
      ]),
    );
    expect(entry(log[2])).toEqual([saves[0]?.body.data.commit, 'Update Topic batch1', 'writer1 nick']);
    for (const [i, id] of BATCHED.entries()) expect(await remote().show('docs', saves[i]?.body.data.commit, pathOf(id))).toBe(saves[i]?.body.data.content);
    // The catalogue is at the last of them as each save answers.
    const titles = await Promise.all(['batch2', 'batch3'].map((id) => writer.caller.get('/prod-api/ccms/topic/byPath', { libraryId, path: pathOf(id) })));
    expect(titles.map((res) => res.body.data.title)).toEqual(['Second in the batch', 'Third in the batch']);
  });

  it('takes the commit message asked for, and the profile e-mail when there is one', async () => {
    const doc = await open(second.caller, 'intro');
    const res = await save(second.caller, doc, doc.content.replace('Two.', 'Two, by the second writer.'), { message: 'Reword two' });
    expect(res.body.code, res.body.msg).toBe(200);
    expect((await remote().log('docs', 'main'))[0]).toMatchObject({ subject: 'Reword two', author: 'writer2 nick', email: 'writer2@example.test' });
  });

  it('commits nothing when the content equals the head', async () => {
    const doc = await open(writer.caller, 'same');
    const before = await commits();
    const res = await save(writer.caller, doc, doc.content);
    expect(res.body.data).toMatchObject({ unchanged: true, merged: false, commit: doc.baseCommit, blob: doc.baseBlob, content: doc.content });
    expect(await commits()).toBe(before);
  });

  it('moves an approved topic back to draft on commit', async () => {
    await saveMeta(t.database.db, libraryId, 'main', pathOf('approved'), { status: 'approved' }, 'admin');
    const doc = await open(writer.caller, 'approved');
    expect(doc.status).toBe('approved');
    const res = await save(writer.caller, doc, doc.content.replace('Three.', 'Three, changed after approval.'));
    expect(res.body.data.status).toBe('draft');
    expect((await findMeta(t.database.db, libraryId, 'main', pathOf('approved')))?.status).toBe('draft');
    expect((await open(writer.caller, 'approved')).status).toBe('draft');
  });
});

describe('refusals change nothing on the remote', () => {
  it('refuses malformed XML with its line and column, and DITA structure errors, in the caller’s language', async () => {
    const doc = await open(writer.caller, 'refused');
    const before = await commits();
    const malformed = await save(writer.caller, doc, doc.content.replace('<p id="p2">Two.</p>', '<p id="p2">Two.'));
    expect(malformed.status).toBe(400);
    expect(malformed.body.msg).toMatch(/^The content did not pass validation and was not saved \(line 16, column \d+\): Not well-formed XML/);
    expect(malformed.body.data.problems[0]).toMatchObject({ line: 16, severity: 'error', code: 'xml.notWellFormed' });
    // Said once: the engine's own prefix is not repeated after the message's.
    expect(malformed.body.data.problems[0].message).toMatch(/^Not well-formed XML: /);
    expect(malformed.body.data.problems[0].message).not.toMatch(/Not well-formed XML: Not well-formed XML/);
    const misplaced = await save(writer.caller, doc, doc.content.replace('<p id="p3">Three.</p>', '<section><title>S</title></section><p>x</p>'));
    expect(misplaced.status).toBe(400);
    expect(misplaced.body.data.problems).toContainEqual(expect.objectContaining({ line: 9, code: 'dita.structure', severity: 'error' }));
    const zh = await writer.caller.request({
      method: 'PUT',
      url: '/prod-api/ccms/topic-editor/save',
      headers: { ...json, 'accept-language': 'zh' },
      payload: { libraryId, path: doc.path, content: '<concept', baseCommit: doc.baseCommit, baseBlob: doc.baseBlob },
    });
    expect(zh.body.msg).toMatch(/^内容未通过校验，未保存（第 1 行第 \d+ 列）：XML 格式不正确/);
    expect(zh.body.data.problems[0].message).toMatch(/^XML 格式不正确/);
    expect(await commits()).toBe(before);
    expect(await remote().show('docs', 'main', pathOf('refused'))).toBe(concept('refused', PARAS));
  });

  it('refuses a writer without the write right on the library, and a user without the edit permission', async () => {
    const doc = await open(reader.caller, 'refused');
    const before = await commits();
    const changed = doc.content.replace('One.', 'Changed.');
    expect(await save(reader.caller, doc, changed)).toMatchObject({ status: 403, body: { msg: 'No relevant permissions' } });
    expect((await save(noEdit.caller, doc, changed)).status).toBe(403);
    expect(await commits()).toBe(before);
    expect(await remote().show('docs', 'main', pathOf('refused'))).toBe(concept('refused', PARAS));
  });

  it('answers 409 with base, theirs and ours when a change made since the base overlaps', async () => {
    const doc = await open(writer.caller, 'clash');
    const theirs = doc.content.replace('Four.', 'Four, by someone else.');
    const theirsCommit = await remote().commit('docs', 'main', { [pathOf('clash')]: theirs }, 'Their four');
    const before = await commits();
    const ours = doc.content.replace('Four.', 'Four, mine.');
    const res = await save(writer.caller, doc, ours);
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe(
      '"topics/clash.dita" was changed by Remote Person after you opened it, and the changes overlap yours; resolve them in the merge view and save again (your change was not saved)',
    );
    expect(res.body.data).toMatchObject({ base: doc.content, theirs, ours, theirsCommit, theirsAuthor: 'Remote Person' });
    expect(res.body.data.theirsBlob).toMatch(/^[0-9a-f]{40}$/);
    expect(res.body.data.theirsDate).toMatch(/^\d{4}-/);
    expect(await commits()).toBe(before);
    expect(await remote().show('docs', 'main', pathOf('clash'))).toBe(theirs);
    // The resolved text saved against their version lands.
    const resolved = doc.content.replace('Four.', 'Four, resolved.');
    const retry = await save(writer.caller, { ...doc, baseCommit: res.body.data.theirsCommit, baseBlob: res.body.data.theirsBlob }, resolved);
    expect(retry.body.data).toMatchObject({ unchanged: false, merged: false });
    expect(await remote().show('docs', 'main', pathOf('clash'))).toBe(resolved);
  });

  it('names who wrote the overlapping lines, not who changed the file last, in the caller’s language', async () => {
    const doc = await open(writer.caller, 'overlap');
    await remote().commit('docs', 'main', { [pathOf('overlap')]: doc.content.replace('Six.', 'Six, by someone else.') }, 'Their six');
    // Another writer's change to another line lands after theirs: the file's last commit is that writer's.
    const other = await open(second.caller, 'overlap');
    const landed = await save(second.caller, other, other.content.replace('One.', 'One, by writer two.'));
    expect(landed.body.code, landed.body.msg).toBe(200);
    expect((await remote().log('docs', 'main'))[0]).toMatchObject({ author: 'writer2 nick' });
    const res = await save(writer.caller, doc, doc.content.replace('Six.', 'Six, mine.'));
    expect(res.status).toBe(409);
    expect(res.body.data).toMatchObject({ theirsAuthor: 'Remote Person' });
    expect(res.body.msg).toContain('was changed by Remote Person after you opened it');
    // Both overlap: each author named once, joined as the language writes lists.
    const both = doc.content.replace('Six.', 'Six, mine.').replace('One.', 'One, mine.');
    const zh = await writer.caller.request({
      method: 'PUT',
      url: '/prod-api/ccms/topic-editor/save',
      headers: { ...json, 'accept-language': 'zh' },
      payload: { libraryId, path: doc.path, content: both, baseCommit: doc.baseCommit, baseBlob: doc.baseBlob },
    });
    expect(zh.status).toBe(409);
    expect(zh.body.data.theirsAuthor.split('、').sort()).toEqual(['Remote Person', 'writer2 nick']);
    expect(zh.body.msg).toContain(`已被 ${zh.body.data.theirsAuthor} 修改`);
  });

  it('refuses a base that is not the file the caller opened', async () => {
    const doc = await open(writer.caller, 'refused');
    const res = await save(writer.caller, { ...doc, baseBlob: '0'.repeat(40) }, doc.content.replace('One.', 'x'));
    expect(res).toMatchObject({ status: 400, body: { msg: 'Base version: the version you opened is not in the library; open the topic again' } });
  });
});

describe('two writers on one topic', () => {
  it('lands both non-overlapping changes (the second merged), and answers 409 to an overlapping one', async () => {
    const [a, b] = [await open(writer.caller, 'merge'), await open(second.caller, 'merge')];
    expect(a.baseBlob).toBe(b.baseBlob);
    const first = await save(writer.caller, a, a.content.replace('One.', 'One, by writer one.'));
    expect(first.body.data).toMatchObject({ merged: false });
    const secondSave = await save(second.caller, b, b.content.replace('Eight.', 'Eight, by writer two.'));
    expect(secondSave.body.code, secondSave.body.msg).toBe(200);
    const both = a.content.replace('One.', 'One, by writer one.').replace('Eight.', 'Eight, by writer two.');
    expect(secondSave.body.data).toMatchObject({ merged: true, unchanged: false, content: both });
    expect(await remote().show('docs', 'main', pathOf('merge'))).toBe(both);
    const log = await remote().log('docs', 'main');
    expect(log.slice(0, 2).map((c) => c.author)).toEqual(['writer2 nick', 'writer1 nick']);

    // Both again from the same base, on the same line: the first lands, the second is a 409.
    const [c, d] = [await open(writer.caller, 'merge'), await open(second.caller, 'merge')];
    expect((await save(writer.caller, c, c.content.replace('Five.', 'Five by one.'))).body.code).toBe(200);
    const before = await commits();
    const clash = await save(second.caller, d, d.content.replace('Five.', 'Five by two.'));
    expect(clash.status).toBe(409);
    expect(clash.body.data).toMatchObject({ theirsAuthor: 'writer1 nick', ours: d.content.replace('Five.', 'Five by two.') });
    expect(await commits()).toBe(before);
    expect(await remote().show('docs', 'main', pathOf('merge'))).toBe(c.content.replace('Five.', 'Five by one.'));
  });
});

describe('many writers on one topic at once', () => {
  /**
   * Another client of the remote: clones, changes one line of the file and pushes, pulling with
   * rebase and pushing again while its push is refused because the server pushed meanwhile.
   */
  async function outsideEdit(file: string, from: string, to: string): Promise<void> {
    const dir = await mkdtemp(path.join(tmpdir(), 'ccms-outside-'));
    try {
      await git(['clone', '-q', '--branch', 'main', remote().url('docs'), dir]);
      const full = path.join(dir, file);
      await writeFile(full, (await readFile(full, 'utf8')).replace(from, to));
      await git(['commit', '-q', '-am', `Outside: ${to}`], dir);
      for (let attempt = 1; ; attempt++) {
        try {
          await git(['push', '-q', 'origin', 'HEAD:main'], dir);
          return;
        } catch (err) {
          if (attempt >= 30) throw err;
          await git(['pull', '-q', '--rebase', 'origin', 'main'], dir);
        }
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  it('lands ten saves of different lines made from one base at once, with outside pushes meanwhile, and loses none', async () => {
    const crowd = await Promise.all(Array.from({ length: 10 }, (_, i) => userWith(t, `crowd${i}`, EDITOR_PERMS)));
    for (const user of crowd) await grant(t, libraryId, 'user', user.userId, 'write');
    const docs = await Promise.all(crowd.map((user) => open(user.caller, 'crowd')));
    expect(new Set(docs.map((d) => d.baseBlob)).size).toBe(1);
    // Writer i changes line 4i+1; the outside client lines 4i+3: an unchanged line between any two changes.
    const ours = (i: number) => [`<p id="p${4 * i + 1}">Line ${4 * i + 1}.</p>`, `<p id="p${4 * i + 1}">Line ${4 * i + 1}, by crowd${i}.</p>`] as const;
    const outside = (i: number) => [`<p id="p${4 * i + 3}">Line ${4 * i + 3}.</p>`, `<p id="p${4 * i + 3}">Line ${4 * i + 3}, from outside.</p>`] as const;
    // The remote moves after the clone was last in step with it: the first pushes are refused as not fast-forward.
    await outsideEdit(pathOf('crowd'), ...outside(0));
    const before = await commits();
    const [saves] = await Promise.all([
      Promise.all(docs.map((doc, i) => save(crowd[i]?.caller ?? writer.caller, doc, doc.content.replace(...ours(i))))),
      outsideEdit(pathOf('crowd'), ...outside(1)),
      outsideEdit(pathOf('crowd'), ...outside(2)),
    ]);
    expect(saves.map((res) => (res.body.code === 200 ? 'saved' : `${res.status} ${res.body.msg}`))).toEqual(saves.map(() => 'saved'));
    const final = await remote().show('docs', 'main', pathOf('crowd'));
    for (let i = 0; i < 10; i++) expect(final).toContain(ours(i)[1]);
    for (let i = 0; i < 3; i++) expect(final).toContain(outside(i)[1]);
    // Every acknowledged save is a commit of the remote's history, with its own change and the ones merged before it.
    const history = await remote().log('docs', 'main');
    expect(history.length).toBe(before + 10 + 2);
    for (const [i, res] of saves.entries()) {
      expect(history.map((c) => c.hash)).toContain(res.body.data.commit);
      expect(await remote().show('docs', res.body.data.commit, pathOf('crowd'))).toBe(res.body.data.content);
      expect(res.body.data.content).toContain(ours(i)[1]);
    }
    // Each was merged with the outside change at least.
    expect(saves.every((res) => res.body.data.merged)).toBe(true);
  }, 120_000);

  it('says the remote refused the commit when it declines the push without having moved (a hook), and commits nothing', async () => {
    const hook = path.join(remote().root, 'docs.git', 'hooks', 'pre-receive');
    await writeFile(hook, '#!/bin/sh\necho "protected branch" >&2\nexit 1\n', { mode: 0o755 });
    try {
      const doc = await open(writer.caller, 'crowd');
      const before = await commits();
      const res = await save(writer.caller, doc, doc.content.replace('Line 38.', 'Line 38, refused.'));
      expect(res.body).toMatchObject({ code: 500, msg: 'The remote repository refused the commit' });
      expect(await commits()).toBe(before);
    } finally {
      await rm(hook, { force: true });
    }
  });

  it('answers one of two saves of the same line made at once with 409 and both versions, and commits only the other', async () => {
    const [a, b] = [await open(writer.caller, 'crowd'), await open(second.caller, 'crowd')];
    const mine = a.content.replace('Line 40.', 'Line 40, by writer one.');
    const theirs = b.content.replace('Line 40.', 'Line 40, by writer two.');
    const before = await commits();
    const answers = await Promise.all([save(writer.caller, a, mine), save(second.caller, b, theirs)]);
    expect(answers.map((res) => res.status).sort()).toEqual([200, 409]);
    const won = answers.findIndex((res) => res.status === 200);
    const lost = answers[1 - won];
    expect(lost?.body.data).toMatchObject({ base: a.content, ours: won === 0 ? theirs : mine, theirs: won === 0 ? mine : theirs });
    expect(lost?.body.msg).toMatch(/was changed by .* after you opened it, and the changes overlap yours/);
    expect(await commits()).toBe(before + 1);
    expect(await remote().show('docs', 'main', pathOf('crowd'))).toBe(won === 0 ? mine : theirs);
  });
});

describe('drafts', () => {
  it('keeps the caller’s unsaved edit, offers it on opening (to that user only), replaces, drops, and a save removes it', async () => {
    const doc = await open(writer.caller, 'drafted');
    const body = { libraryId, path: doc.path, baseCommit: doc.baseCommit, baseBlob: doc.baseBlob };
    const put = (content: string) =>
      writer.caller.request({ method: 'PUT', url: '/prod-api/ccms/topic-editor/draft', headers: json, payload: { ...body, content } });
    const kept = await put('<concept id="drafted">half');
    expect(kept.body.data).toMatchObject({ content: '<concept id="drafted">half', baseCommit: doc.baseCommit });
    expect((await open(writer.caller, 'drafted')).draft).toMatchObject({ content: '<concept id="drafted">half', baseBlob: doc.baseBlob });
    expect((await open(second.caller, 'drafted')).draft).toBeNull();
    await put('<concept id="drafted">more');
    expect((await open(writer.caller, 'drafted')).draft?.content).toBe('<concept id="drafted">more');
    const dropped = await writer.caller.request({
      method: 'DELETE',
      url: '/prod-api/ccms/topic-editor/draft',
      headers: json,
      payload: { libraryId, path: doc.path },
    });
    expect(dropped.body.code).toBe(200);
    expect((await open(writer.caller, 'drafted')).draft).toBeNull();
    await put('<concept id="drafted">again');
    const saved = await save(writer.caller, doc, doc.content.replace('Six.', 'Six, saved.'));
    expect(saved.body.code).toBe(200);
    expect((await open(writer.caller, 'drafted')).draft).toBeNull();
    // A draft that lands after its save (its request was on the way) holds the saved text: not offered back.
    const head = await open(writer.caller, 'drafted');
    await put(head.content);
    expect((await open(writer.caller, 'drafted')).draft).toBeNull();
    await put(`${head.content}<!-- more -->`);
    expect((await open(writer.caller, 'drafted')).draft?.content).toBe(`${head.content}<!-- more -->`);
    const denied = await reader.caller.request({ method: 'PUT', url: '/prod-api/ccms/topic-editor/draft', headers: json, payload: { ...body, content: 'x' } });
    expect(denied.status).toBe(403);
  });
});

describe('validate, preview, pickers', () => {
  it('lists every problem of unsaved text with 200, located', async () => {
    const res = await writer.caller.post('/prod-api/ccms/topic-editor/validate', {
      libraryId,
      path: 'topics/x.dita',
      content: '<task id="t">\n<title>T</title>\n<taskbody><steps><step><info>no cmd</info></step></steps></taskbody>\n</task>\n',
    });
    expect(res.body.code).toBe(200);
    expect(res.body.data.problems).toContainEqual(
      expect.objectContaining({ line: 3, code: 'dita.structure', message: 'DITA structure: <step> must start with <cmd>' }),
    );
    const fine = await writer.caller.post('/prod-api/ccms/topic-editor/validate', { libraryId, path: 'topics/x.dita', content: concept('x', ['a']) });
    expect(fine.body.data.problems).toEqual([]);
  });

  it('renders unsaved text with the library’s keys, and with a filter group applied', async () => {
    const content = concept('intro', ['Unsaved text.']);
    const res = await writer.caller.post('/prod-api/ccms/topic-editor/preview', { libraryId, path: pathOf('intro'), content });
    expect(res.body.code, res.body.msg).toBe(200);
    expect(res.body.data.html).toContain('Unsaved text.');
    expect(res.body.data.html).toContain('Widget');
    expect(res.body.data.html).toContain('Only for admins.');
    await t.database.db
      .insert(ccmsLibrarySetting)
      .values({ libraryId, kind: 'filter', groupName: 'public', name: 'audience', type: 'exclude', value: 'admin', product: 'all' });
    const filtered = await writer.caller.post('/prod-api/ccms/topic-editor/preview', { libraryId, path: pathOf('intro'), content, filterGroup: 'public' });
    expect(filtered.body.data.html).toContain('Unsaved text.');
    expect(filtered.body.data.html).not.toContain('Only for admins.');
    const unknown = await writer.caller.post('/prod-api/ccms/topic-editor/preview', { libraryId, path: pathOf('intro'), content, filterGroup: 'nope' });
    expect(unknown.body).toMatchObject({ code: 400, msg: 'Filter group: the filter group "nope" does not exist' });
  });

  it('resolves the content references of unsaved text, or says why one is broken', async () => {
    const content = concept('intro', ['Own text.'])
      .replace('<p audience="admin">Only for admins.</p>', '<p conref="merge.dita#merge/p3"/>\n    <p conref="merge.dita#merge/gone"/>')
      .replace('</conbody>', '  <p><xref href="nowhere.dita"/></p>\n  </conbody>');
    const res = await writer.caller.post('/prod-api/ccms/topic-editor/preview', { libraryId, path: pathOf('intro'), content });
    expect(res.body.code, res.body.msg).toBe(200);
    expect(res.body.data.conrefs).toEqual([
      { attr: 'conref', value: 'merge.dita#merge/p3', text: 'Three.', path: 'topics/merge.dita', elementId: 'p3', problem: null },
      {
        attr: 'conref',
        value: 'merge.dita#merge/gone',
        text: '',
        path: null,
        elementId: null,
        problem: 'The reference does not resolve: conref "merge.dita#merge/gone": no element "merge/gone" in topics/merge.dita',
      },
    ]);
    expect(res.body.data.problems).toContainEqual(expect.objectContaining({ code: 'ref.broken', message: expect.stringContaining('nowhere.dita') }));
  });

  it('resolves the cross-references of unsaved text to their targets’ titles, or says why one is broken', async () => {
    const content = concept('intro', ['Own text.']).replace(
      '</conbody>',
      '  <p><xref href="merge.dita"/> <xref href="pump.dita#pump/seal-check"/> <xref href="merge.dita#merge/p3">text</xref> <xref href="gone.dita"/> <xref href="https://example.com" scope="external"/></p>\n  </conbody>',
    );
    const res = await writer.caller.post('/prod-api/ccms/topic-editor/preview', { libraryId, path: pathOf('intro'), content });
    expect(res.body.code, res.body.msg).toBe(200);
    expect(res.body.data.links).toEqual([
      { attr: 'href', value: 'merge.dita', title: 'Topic merge', problem: null },
      { attr: 'href', value: 'pump.dita#pump/seal-check', title: 'Checking the seals', problem: null },
      { attr: 'href', value: 'merge.dita#merge/p3', title: expect.any(String), problem: null },
      { attr: 'href', value: 'gone.dita', title: '', problem: expect.stringMatching(/^The reference does not resolve: gone\.dita/) },
      { attr: 'href', value: 'https://example.com', title: '', problem: null },
    ]);
    const zh = await writer.caller.request({
      method: 'POST',
      url: '/prod-api/ccms/topic-editor/preview',
      headers: { ...json, 'accept-language': 'zh' },
      payload: { libraryId, path: pathOf('intro'), content },
    });
    expect(zh.body.data.links[3].problem).toMatch(/^引用无法解析：gone\.dita/);
  });

  it('finds targets by an element’s id or title as well as a topic’s title, file name or id', async () => {
    const byElementId = await writer.caller.get('/prod-api/ccms/topic-editor/targets', { libraryId, q: 'SEAL-CH', kind: 'conref' });
    expect(byElementId.body.data).toEqual([
      { path: 'topics/pump.dita', topicId: 'pump', elementId: 'seal-check', element: 'section', title: 'Checking the seals' },
    ]);
    const byElementTitle = await writer.caller.get('/prod-api/ccms/topic-editor/targets', { libraryId, q: 'checking the', kind: 'xref' });
    expect(byElementTitle.body.data).toEqual([
      { path: 'topics/pump.dita', topicId: 'pump', elementId: 'seal-check', element: 'section', title: 'Checking the seals' },
    ]);
    const byFileName = await writer.caller.get('/prod-api/ccms/topic-editor/targets', { libraryId, q: 'pump.dita' });
    expect(byFileName.body.data[0]).toEqual({ path: 'topics/pump.dita', topicId: 'pump', elementId: null, element: 'concept', title: 'Topic pump' });
    expect(byFileName.body.data.map((r: { elementId: string | null }) => r.elementId)).toContain('seal-check');
    const none = await writer.caller.get('/prod-api/ccms/topic-editor/targets', { libraryId, q: 'no-such-thing-anywhere' });
    expect(none.body.data).toEqual([]);
    // Bad input names the field; a caller without the library sees nothing of it.
    const bad = await writer.caller.get('/prod-api/ccms/topic-editor/targets', { libraryId, q: 'x', limit: 0 });
    expect(bad.body.code).toBe(400);
    expect(bad.body.msg).toBe('Limit must not be less than 1');
    const stranger = await userWith(t, 'stranger1', EDITOR_PERMS);
    const denied = await stranger.caller.get('/prod-api/ccms/topic-editor/targets', { libraryId, q: 'seal' });
    expect(denied.body.code).toBe(403);
  });

  it('finds reference targets and keys', async () => {
    const targets = await writer.caller.get('/prod-api/ccms/topic-editor/targets', { libraryId, q: 'merge' });
    expect(targets.body.data).toContainEqual({ path: 'topics/merge.dita', topicId: 'merge', elementId: null, element: 'concept', title: 'Topic merge' });
    expect(targets.body.data).toContainEqual(expect.objectContaining({ path: 'topics/merge.dita', topicId: 'merge', elementId: 'p2', element: 'p' }));
    const conrefs = await writer.caller.get('/prod-api/ccms/topic-editor/targets', { libraryId, q: 'merge', kind: 'conref' });
    expect(conrefs.body.data.every((r: { elementId: string | null }) => r.elementId !== null)).toBe(true);
    const keys = await writer.caller.get('/prod-api/ccms/topic-editor/keys', { libraryId });
    expect(keys.body.data).toContainEqual({ key: 'product', kind: 'variable', text: 'Widget', href: null });
  });
});

describe('new topic', () => {
  it('creates a topic from its type’s template and adds it to a map in the same commit', async () => {
    const before = await commits();
    const res = await writer.caller.post('/prod-api/ccms/topic-editor/new', {
      libraryId,
      type: 'task',
      title: 'Install & run',
      folder: 'topics/tasks',
      fileName: 'install.dita',
      id: 'install',
      mapPath: 'maps/guide.ditamap',
    });
    expect(res.body.code, res.body.msg).toBe(200);
    expect(res.body.data).toMatchObject({ path: 'topics/tasks/install.dita', mapPath: 'maps/guide.ditamap', branch: 'main' });
    const log = await remote().log('docs', 'main');
    expect(log.length).toBe(before + 1);
    expect(log[0]).toMatchObject({ subject: 'Add topic Install & run', author: 'writer1 nick' });
    expect(await remote().show('docs', 'main', 'topics/tasks/install.dita')).toContain('<title>Install &amp; run</title>');
    expect(await remote().show('docs', 'main', 'maps/guide.ditamap')).toContain(
      '  <topicref href="../topics/tasks/install.dita" navtitle="Install &amp; run"/>\n</map>',
    );
    expect(await open(writer.caller, 'tasks/install')).toMatchObject({ docType: 'task', title: 'Install & run' });
    const again = await writer.caller.post('/prod-api/ccms/topic-editor/new', {
      libraryId,
      type: 'concept',
      title: 'Again',
      folder: 'topics/tasks',
      fileName: 'install.dita',
      id: 'again',
    });
    expect(again.body).toMatchObject({ code: 400, msg: '"topics/tasks/install.dita" already exists' });
    const badId = await writer.caller.post('/prod-api/ccms/topic-editor/new', { libraryId, type: 'concept', title: 'X', fileName: 'x.dita', id: '1bad' });
    expect(badId.status).toBe(400);
    expect(await commits()).toBe(before + 1);
  });

  it('adds two topics created at once to the same map, each with its topicref', async () => {
    const before = await commits();
    const create = (c: Caller, id: string) =>
      c.post('/prod-api/ccms/topic-editor/new', {
        libraryId,
        type: 'concept',
        title: `Crowded ${id}`,
        folder: 'topics/crowded',
        fileName: `${id}.dita`,
        id,
        mapPath: 'maps/guide.ditamap',
      });
    const made = await Promise.all([create(writer.caller, 'first'), create(second.caller, 'second')]);
    expect(made.map((res) => (res.body.code === 200 ? 'created' : res.body.msg))).toEqual(['created', 'created']);
    expect(await commits()).toBe(before + 2);
    const map = await remote().show('docs', 'main', 'maps/guide.ditamap');
    expect(map).toContain('<topicref href="../topics/crowded/first.dita" navtitle="Crowded first"/>');
    expect(map).toContain('<topicref href="../topics/crowded/second.dita" navtitle="Crowded second"/>');
  });

  it('creates a topic from a template of the Template screen, its placeholders filled', async () => {
    const admin = await t.login();
    const options = await admin.get('/prod-api/ccms/template/optionselect', { kind: 'topic' });
    const task = options.body.data.find((o: { doctypeName: string; lang: string }) => o.doctypeName === 'task' && o.lang === 'en-US');
    const res = await writer.caller.post('/prod-api/ccms/topic-editor/new', {
      libraryId,
      type: 'task',
      templateId: task.templateId,
      title: 'Bleed the <hydraulics>',
      folder: 'topics/tasks',
      fileName: 'bleed.dita',
      id: 'bleed',
    });
    expect(res.body.code, res.body.msg).toBe(200);
    const text = await remote().show('docs', 'main', 'topics/tasks/bleed.dita');
    expect(text).toContain('<task id="bleed" xml:lang="en-US">');
    expect(text).toContain('<title>Bleed the &lt;hydraulics&gt;</title>');
    expect(text).toContain('<author>writer1</author>');
    expect(text).toContain('<prereq><p>What must be ready before you start.</p></prereq>');
    const map =
      options.body.data.find((o: { kind: string }) => o.kind === 'map') ??
      (await admin.get('/prod-api/ccms/template/optionselect', { kind: 'map' })).body.data[0];
    const refused = await writer.caller.post('/prod-api/ccms/topic-editor/new', {
      libraryId,
      type: 'task',
      templateId: map.templateId,
      title: 'Book',
      fileName: 'book.dita',
      id: 'book',
    });
    expect(refused.body.msg).toBe('A new topic needs a topic template, not a map template');
    // Another type's template is refused naming the field, and nothing is committed.
    const concept = options.body.data.find((o: { doctypeName: string; lang: string }) => o.doctypeName === 'concept' && o.lang === 'en-US');
    const before = await remote().log('docs', 'main');
    const wrongType = await writer.caller.post('/prod-api/ccms/topic-editor/new', {
      libraryId,
      type: 'task',
      templateId: concept.templateId,
      title: 'Pump',
      fileName: 'pump.dita',
      id: 'pump',
    });
    expect(wrongType.body.code).toBe(400);
    expect(wrongType.body.msg).toBe(`Template: the template "${concept.templateName}" is for concept topics, not task`);
    expect(await remote().log('docs', 'main')).toEqual(before);
  });
});

describe('presence', () => {
  it('lists who has the topic open over SSE (bearer token or ticket), and drops one whose stream closed', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const target = { libraryId, path: pathOf('intro') };
    const a = presenceStream(base, target, writer.caller.token ?? '');
    await a.until((list) => list.some((p) => p.userName === 'writer1'));
    const ticket = (await open(second.caller, 'intro')).ticket;
    const b = presenceStream(base, { ...target, ticket });
    const both = await a.until((list) => list.length === 2);
    expect(both.map((p) => p.userName).sort()).toEqual(['writer1', 'writer2']);
    expect(both.find((p) => p.userName === 'writer2')).toMatchObject({ userId: second.userId, nickName: 'writer2 nick' });
    await b.until((list) => list.length === 2);
    b.close();
    const after = await a.until((list) => list.length === 1);
    expect(after.map((p) => p.userName)).toEqual(['writer1']);
    a.close();

    // Without a token or with a ticket for another library: refused, nothing streamed.
    const anonymous = await fetch(`${base}/prod-api/ccms/topic-editor/presence?libraryId=${libraryId}&path=topics/intro.dita`);
    expect(anonymous.status).toBe(401);
    const forged = await fetch(`${base}/prod-api/ccms/topic-editor/presence?libraryId=${libraryId}&path=topics/intro.dita&ticket=${ticket}x`);
    expect(forged.status).toBe(401);
  });
});
