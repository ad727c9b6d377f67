import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { git } from '../../../../test/git-http-server';
import { useGitServer } from '../../../../test/git-server';
import { createTestApp, type TestApp } from '../../../../test/harness';
import { ccmsCatalogMeta, ccmsDocumentRevision } from '../../../db/schema';
import { allowLoopbackRemotes, grant, libraryBody, type TestUser, userWith } from '../content-test-kit';
import { CATALOG_PERMS, CHINESE_TOPIC, corpusCopy, corpusDir } from './catalog-test-kit';

/**
 * The catalogue over a remote holding the DITA-OT documentation (plus one Chinese topic): the
 * corpus is indexed once, then every test reads or changes that one index, in order.
 */
const remote = useGitServer();
let t: TestApp;
let owner: TestUser;
let writer: TestUser;
let reader: TestUser;
let stranger: TestUser;
let libraryId = 0;
let removeCopy: () => Promise<void> = async () => undefined;
const api = (p: string) => `/prod-api${p}`;

/** Pinned counts of the corpus (57 maps, 267 topic files) plus the Chinese topic. */
const DOCUMENTS = 57;
const TOPICS = 268;
/** The corpus, or undefined on a plain clone: every suite of the file is then skipped. */
const CORPUS_DIR = corpusDir();
const CORPUS = CORPUS_DIR ?? '';
const suite = describe.skipIf(CORPUS_DIR === undefined);

beforeAll(async () => {
  if (CORPUS_DIR === undefined) return;
  t = await createTestApp();
  await allowLoopbackRemotes(t);
  const copy = await corpusCopy(CORPUS, { [CHINESE_TOPIC.path]: CHINESE_TOPIC.content });
  removeCopy = copy.remove;
  await remote().createRepo('docs', { folder: copy.dir });
  owner = await userWith(t, 'owner6', CATALOG_PERMS.concat(['ccms:library:add']));
  writer = await userWith(t, 'writer6', CATALOG_PERMS);
  reader = await userWith(t, 'reader6', CATALOG_PERMS);
  stranger = await userWith(t, 'strange6', CATALOG_PERMS);
  const res = await owner.caller.post(api('/ccms/library'), libraryBody('docs', remote().url('docs')));
  libraryId = res.body.data.libraryId;
  await grant(t, libraryId, 'user', writer.userId, 'write');
  await grant(t, libraryId, 'user', reader.userId, 'read');
}, 120_000);
afterAll(async () => {
  await t?.close();
  await removeCopy();
});

async function documentAt(mapPath: string) {
  const res = await owner.caller.get(api('/ccms/document/list'), { libraryId, name: mapPath, pageSize: 50 });
  const row = res.body.rows.find((r: { path: string }) => r.path === mapPath);
  if (!row) throw new Error(`no document ${mapPath}`);
  return row as { documentId: number; path: string; name: string; status: string };
}

async function topicAt(filePath: string) {
  const res = await owner.caller.get(api('/ccms/topic/byPath'), { libraryId, path: filePath });
  if (res.body.code !== 200) throw new Error(`no topic ${filePath}: ${res.raw}`);
  return res.body.data as { topicId: number; title: string; status: string; commit: string };
}

suite('index of a library branch', () => {
  it('indexes every map as a document and every topic file, and says which commit it reflects', async () => {
    const head = (await remote().log('docs', 'main'))[0]?.hash;
    const docs = await owner.caller.get(api('/ccms/document/list'), { libraryId, pageSize: 100 });
    expect(docs.status).toBe(200);
    expect(docs.body.total).toBe(DOCUMENTS);
    expect(docs.body.commit).toBe(head);
    expect(docs.body.branch).toBe('main');
    const topics = await owner.caller.get(api('/ccms/topic/list'), { libraryId, pageSize: 1 });
    expect(topics.body.total).toBe(TOPICS);
    expect(topics.body.commit).toBe(head);
    const state = await owner.caller.get(api('/ccms/catalog/state'), { libraryId });
    expect(state.body.data).toMatchObject({ commit: head, upToDate: true, documents: DOCUMENTS, topics: TOPICS, lastMode: 'full', myLevel: 'owner' });
    expect(state.body.data.images).toBeGreaterThan(0);
    expect(state.body.data.keys).toBeGreaterThan(100);
  });

  it('filters topics by folder, title and the document that reads them', async () => {
    const inFolder = await owner.caller.get(api('/ccms/topic/list'), { libraryId, folder: 'extension-points', pageSize: 50 });
    expect(inFolder.body.rows.length).toBeGreaterThan(0);
    expect(inFolder.body.rows.every((r: { folder: string }) => r.folder === 'extension-points')).toBe(true);
    const titled = await owner.caller.get(api('/ccms/topic/list'), { libraryId, title: 'homebrew' });
    expect(titled.body.rows.map((r: { path: string }) => r.path)).toEqual(['topics/installing-via-homebrew.dita']);
    const doc = await documentAt('userguide.ditamap');
    const read = await owner.caller.get(api('/ccms/topic/list'), { libraryId, documentId: doc.documentId, pageSize: 1 });
    expect(read.body.total).toBeGreaterThan(200);
    expect(read.body.total).toBeLessThan(TOPICS);
    const bad = await owner.caller.get(api('/ccms/topic/list'), { libraryId, orderByColumn: 'body' });
    expect(bad.status).toBe(400);
  });

  it('shows the user guide toc in the order its map gives', async () => {
    const doc = await documentAt('userguide.ditamap');
    expect(doc.name).toMatch(/^DITA Open Toolkit/);
    const toc = await owner.caller.get(api(`/ccms/document/${doc.documentId}/toc`));
    expect(toc.status).toBe(200);
    // userguide.ditamap pulls in common-toc.ditamap: its top-level topicrefs, in order.
    const commonToc = await readFile(path.join(CORPUS, 'resources/common-toc.ditamap'), 'utf8');
    const expected = [...commonToc.matchAll(/^ {2}<topicref keyref="([^"]+)"/gm)].map((m) => m[1]);
    expect(expected.length).toBe(7);
    const nodes = toc.body.data.nodes as { href: string; title: string; hasContent: boolean; topicId: number | null; children: unknown[] }[];
    expect(nodes.map((n) => n.href)).toEqual(expected);
    // Titles come from the topics, key text filled in (<keyword keyref="tool-name"/>).
    expect(nodes[1]).toMatchObject({ title: 'Installing DITA Open Toolkit', hasContent: true });
    expect(nodes[1]?.topicId).toEqual(expect.any(Number));
    expect(nodes[1]?.children.length).toBeGreaterThan(0);
    expect(toc.body.data.commit).toMatch(/^[0-9a-f]{40}$/);
  });

  it('marks broken toc nodes and lists broken links with their place', async () => {
    const doc = await documentAt('userguide.ditamap');
    const toc = await owner.caller.get(api(`/ccms/document/${doc.documentId}/toc`));
    const flat: { href: string | null; broken: boolean; errorKey: string | null; hasContent: boolean; children: unknown[] }[] = [];
    const walk = (list: typeof flat) => {
      for (const n of list) {
        flat.push(n);
        walk(n.children as typeof flat);
      }
    };
    walk(toc.body.data.nodes);
    const broken = flat.find((n) => n.href === 'parameters-base');
    expect(broken).toMatchObject({ broken: true, errorKey: 'catalog.brokenLink', hasContent: false });

    const list = await owner.caller.get(api('/ccms/catalog/broken'), { libraryId, path: 'parameters/parameters.ditamap', pageSize: 100 });
    expect(list.status).toBe(200);
    const row = list.body.rows.find((r: { value: string }) => r.value === 'parameters-base');
    expect(row).toMatchObject({
      kind: 'topicref',
      sourcePath: 'parameters/parameters.ditamap',
      status: 'broken',
      targetPath: 'parameters/parameters-base.dita',
    });
    expect(row.line).toBeGreaterThan(0);
    expect(row.reason).toContain('not found');
  });

  it('tells where a conref source is used', async () => {
    const source = await topicAt('resources/reusable-components.dita');
    const refs = await owner.caller.get(api(`/ccms/topic/${source.topicId}/references`));
    expect(refs.status).toBe(200);
    const incoming = refs.body.data.incoming as { kind: string; sourcePath: string; line: number; sourceTopicId: number | null }[];
    const users = new Set(incoming.filter((r) => r.kind === 'conkeyref').map((r) => r.sourcePath));
    expect(users.size).toBeGreaterThanOrEqual(20);
    const one = incoming.find((r) => r.kind === 'conkeyref');
    expect(one?.line).toBeGreaterThan(0);
    expect(one?.sourceTopicId).toEqual(expect.any(Number));
    // The conref source's detail names the maps that read it.
    const detail = await owner.caller.get(api(`/ccms/topic/${source.topicId}`));
    expect(detail.body.data.refs).toBeGreaterThanOrEqual(20);
    expect(detail.body.data.documents.map((d: { path: string }) => d.path)).toContain('userguide.ditamap');
  });

  it('shows what a document uses and what uses it', async () => {
    const doc = await documentAt('topics/installing.ditamap');
    const res = await owner.caller.get(api(`/ccms/document/${doc.documentId}/connections`));
    expect(res.status).toBe(200);
    expect(res.body.data.uses.some((c: { type: string; topicId: number | null }) => c.type === 'topic' && c.topicId !== null)).toBe(true);
    expect(res.body.data.usedBy.map((c: { path: string }) => c.path)).toContain('resources/common-toc.ditamap');
  });
});

suite('incremental index', () => {
  it('reads only the one topic a commit changed', async () => {
    const target = 'topics/installing-via-homebrew.dita';
    const before = await topicAt(target);
    const original = await remote().show('docs', 'main', target);
    const edited = (original ?? '').replace(/<title>([^<]*)<\/title>/, '<title>Installing with Homebrew (edited)</title>');
    expect(edited).not.toBe(original);
    const commit = await remote().commit('docs', 'main', { [target]: edited }, 'Edit one topic');
    const res = await writer.caller.post(`${api('/ccms/catalog/reindex')}?libraryId=${libraryId}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ mode: 'incremental', commit, filesRead: [target], filesReadCount: 1, topicsUpdated: 1, documentsUpdated: 0 });
    const after = await topicAt(target);
    expect(after.topicId).toBe(before.topicId);
    expect(after.title).toBe('Installing with Homebrew (edited)');
    expect(after.commit).toBe(commit);
    // Its history now starts with that commit; the two versions differ in the title line only.
    const history = await owner.caller.get(api(`/ccms/topic/${after.topicId}/history`));
    expect(history.body.data.commits[0].commit).toBe(commit);
    const previous = history.body.data.commits[1].commit;
    const diff = await owner.caller.get(api(`/ccms/topic/${after.topicId}/diff`), { from: previous });
    expect(diff.body.data).toMatchObject({ changed: true, added: 1, removed: 1 });
    expect(diff.body.data.rows.find((r: { type: string }) => r.type === 'changed').right.text).toContain('(edited)');
    const version = await owner.caller.get(api(`/ccms/topic/${after.topicId}/version`), { commit: previous });
    expect(version.body.data.content).toBe(original);
  });

  it('answers "Topic does not exist" for a topic deleted since', async () => {
    const target = 'topics/dita-ot-day-videos.dita';
    const stale = await topicAt(target);
    await remote().commit('docs', 'main', { [target]: null }, 'Delete a topic');
    const res = await writer.caller.post(`${api('/ccms/catalog/reindex')}?libraryId=${libraryId}`);
    expect(res.body.data.mode).toBe('incremental');
    expect(res.body.data.filesReadCount).toBe(0);
    const gone = await owner.caller.get(api(`/ccms/topic/${stale.topicId}`));
    expect(gone.status).toBe(404);
    expect(gone.body.msg).toBe('Topic does not exist');
    const byPath = await owner.caller.get(api('/ccms/topic/byPath'), { libraryId, path: target });
    expect(byPath.body.msg).toBe('Topic does not exist');
  });
});

suite('status', () => {
  it('allows draft → under review and refuses a jump to published, naming both statuses', async () => {
    const doc = await documentAt('userguide.ditamap');
    expect(doc.status).toBe('draft');
    const refused = await writer.caller.put(api(`/ccms/document/${doc.documentId}/status`), { status: 'published' });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('The status cannot change from "draft" to "published"');
    const rows = await t.database.db
      .select()
      .from(ccmsCatalogMeta)
      .where(and(eq(ccmsCatalogMeta.libraryId, libraryId), eq(ccmsCatalogMeta.path, doc.path)));
    expect(rows).toEqual([]);
    const moved = await writer.caller.put(api(`/ccms/document/${doc.documentId}/status`), { status: 'underReview' });
    expect(moved.body.data).toMatchObject({ kind: 'document', from: 'draft', to: 'underReview', nextStatuses: ['approved', 'draft', 'archived'] });
    const detail = await owner.caller.get(api(`/ccms/document/${doc.documentId}`));
    expect(detail.body.data).toMatchObject({ status: 'underReview', nextStatuses: ['approved', 'draft', 'archived'], canWrite: true });
  });

  it('sets a topic status through a toc node, and refuses a topic status a topic cannot take', async () => {
    const doc = await documentAt('userguide.ditamap');
    const node = await writer.caller.put(api(`/ccms/document/${doc.documentId}/node/status`), { nodeId: '1', status: 'underReview' });
    expect(node.status).toBe(200);
    expect(node.body.data).toMatchObject({ kind: 'topic', from: 'draft', to: 'underReview' });
    const topic = await topicAt('topics/installing.dita');
    expect(topic.status).toBe('underReview');
    const archived = await writer.caller.put(api(`/ccms/topic/${topic.topicId}/status`), { status: 'archived' });
    expect(archived.status).toBe(200);
    const back = await writer.caller.put(api(`/ccms/topic/${topic.topicId}/status`), { status: 'approved' });
    expect(back.status).toBe(400);
    expect(back.body.msg).toBe('The status cannot change from "archived" to "approved"');
    const wrong = await writer.caller.put(api(`/ccms/topic/${topic.topicId}/status`), { status: 'published' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toContain('Status');
    const missing = await writer.caller.put(api(`/ccms/document/${doc.documentId}/node/status`), { nodeId: '99', status: 'underReview' });
    expect(missing.status).toBe(404);
  });

  it('answers the refusal in Chinese to a Chinese caller', async () => {
    const doc = await documentAt('topics/installing.ditamap');
    const res = await writer.caller.request({
      method: 'PUT',
      url: api(`/ccms/document/${doc.documentId}/status`),
      payload: { status: 'distributed' },
      headers: { 'accept-language': 'zh' },
    });
    expect(res.body.msg).toBe('状态不能从“草稿”改为“已分发”');
  });

  it('keeps properties in the database and checks the owner exists', async () => {
    const doc = await documentAt('topics/installing.ditamap');
    const bad = await writer.caller.put(api('/ccms/document'), { documentId: doc.documentId, owner: 'nobody-here' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('Owner: user "nobody-here" does not exist');
    const good = await writer.caller.put(api('/ccms/document'), {
      documentId: doc.documentId,
      owner: 'writer6',
      percentage: 40,
      category: 'guide',
      tags: ['install'],
    });
    expect(good.status).toBe(200);
    const byOwner = await owner.caller.get(api('/ccms/document/list'), { libraryId, owner: 'writer6' });
    expect(byOwner.body.rows.map((r: { path: string }) => r.path)).toEqual(['topics/installing.ditamap']);
    expect(byOwner.body.rows[0]).toMatchObject({ owner: 'writer6', percentage: 40, category: 'guide', tags: ['install'] });
  });
});

suite('revisions', () => {
  it('names the indexed commit as a tag on the remote and refuses a name twice', async () => {
    const doc = await documentAt('userguide.ditamap');
    const created = await writer.caller.post(api(`/ccms/document/${doc.documentId}/revision`), { name: 'r1.0' });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ name: 'r1.0', tagName: 'rev/userguide/r1.0', createBy: 'writer6' });
    const tagged = (await git(['--git-dir', path.join(remote().root, 'docs.git'), 'rev-parse', 'refs/tags/rev/userguide/r1.0'])).trim();
    expect(tagged).toBe(created.body.data.commit);
    const again = await writer.caller.post(api(`/ccms/document/${doc.documentId}/revision`), { name: 'r1.0' });
    expect(again.status).toBe(400);
    expect(again.body.msg).toBe('Revision r1.0 already exist!');
    const rows = await t.database.db.select().from(ccmsDocumentRevision).where(eq(ccmsDocumentRevision.libraryId, libraryId));
    expect(rows).toHaveLength(1);
    const listed = await owner.caller.get(api(`/ccms/document/${doc.documentId}/revisions`));
    expect(listed.body.rows.map((r: { name: string }) => r.name)).toEqual(['r1.0']);
    const detail = await owner.caller.get(api(`/ccms/document/${doc.documentId}`));
    expect(detail.body.data.revision).toBe('r1.0');
  });

  it('compares two revisions: the changed topic, and its diff side by side', async () => {
    const doc = await documentAt('userguide.ditamap');
    const target = 'topics/installing-via-homebrew.dita';
    const original = (await remote().show('docs', 'main', target)) ?? '';
    await remote().commit('docs', 'main', { [target]: original.replace('(edited)', '(edited twice)') }, 'Second edit');
    await writer.caller.post(`${api('/ccms/catalog/reindex')}?libraryId=${libraryId}`);
    const second = await writer.caller.post(api(`/ccms/document/${doc.documentId}/revision`), { name: 'r2.0' });
    expect(second.status).toBe(200);
    const compare = await owner.caller.get(api(`/ccms/document/${doc.documentId}/compare`), { from: 'r1.0', to: 'r2.0' });
    expect(compare.status).toBe(200);
    expect(compare.body.data.topics).toEqual([
      { path: target, title: 'Installing with Homebrew (edited twice)', topicId: expect.any(Number), change: 'modified' },
    ]);
    expect(compare.body.data.mapChanged).toBe(false);
    const diff = await owner.caller.get(api(`/ccms/document/${doc.documentId}/compare/topic`), { from: 'r1.0', to: 'r2.0', path: target });
    expect(diff.body.data).toMatchObject({ path: target, changed: true, from: { label: 'r1.0' }, to: { label: 'r2.0' } });
    const unknown = await owner.caller.get(api(`/ccms/document/${doc.documentId}/compare`), { from: 'r1.0', to: 'nope' });
    expect(unknown.status).toBe(404);
  });
});

suite('search', () => {
  it('finds an English word in topic text with the match marked', async () => {
    const res = await reader.caller.get(api('/ccms/search'), { q: 'Homebrew', libraryId });
    expect(res.status).toBe(200);
    const hit = res.body.rows.find((r: { path: string }) => r.path === 'topics/installing-via-homebrew.dita');
    expect(hit).toBeDefined();
    expect(res.body.rows[0].path).toBe('topics/installing-via-homebrew.dita');
    expect(hit.matchedIn).toBe('title');
    expect(hit.titleParts.filter((p: { match: boolean }) => p.match).map((p: { text: string }) => p.text)).toEqual(['Homebrew']);
    expect(hit.snippet.some((p: { text: string; match: boolean }) => p.match && p.text.toLowerCase() === 'homebrew')).toBe(true);
    expect(res.body.indexes[0].commit).toMatch(/^[0-9a-f]{40}$/);
  });

  it('finds a Chinese word inside a sentence without spaces', async () => {
    const res = await reader.caller.get(api('/ccms/search'), { q: '环境变量', libraryId });
    expect(res.body.total).toBe(1);
    const [hit] = res.body.rows;
    expect(hit).toMatchObject({ type: 'topic', path: CHINESE_TOPIC.path, title: '安装指南', matchedIn: 'text' });
    expect(hit.snippet.filter((p: { match: boolean }) => p.match).map((p: { text: string }) => p.text)).toEqual(['环境变量']);
    const title = await reader.caller.get(api('/ccms/search'), { q: '安装', type: 'topic' });
    expect(title.body.rows[0]).toMatchObject({ path: CHINESE_TOPIC.path, matchedIn: 'title', libraryName: 'docs' });
  });

  it('filters by status and pages', async () => {
    const owned = await reader.caller.get(api('/ccms/search'), { q: 'install', libraryId, owner: 'writer6' });
    expect(owned.body.rows.map((r: { path: string }) => r.path)).toEqual(['topics/installing.ditamap']);
    const underReview = await reader.caller.get(api('/ccms/search'), { q: 'DITA', libraryId, status: 'underReview' });
    expect(underReview.body.rows.map((r: { path: string }) => r.path)).toEqual(['userguide.ditamap']);
    const paged = await reader.caller.get(api('/ccms/search'), { q: 'DITA', libraryId, pageSize: 5, pageNum: 2 });
    expect(paged.body.rows).toHaveLength(5);
    expect(paged.body.total).toBeGreaterThan(10);
  });
});

suite('permissions', () => {
  it('lets a reader see documents but not change them', async () => {
    const doc = await documentAt('topics/installing.ditamap');
    const list = await reader.caller.get(api('/ccms/document/list'), { libraryId });
    expect(list.status).toBe(200);
    const change = await reader.caller.put(api(`/ccms/document/${doc.documentId}/status`), { status: 'approved' });
    expect(change.status).toBe(403);
    expect(change.body.msg).toBe('No relevant permissions');
    const revision = await reader.caller.post(api(`/ccms/document/${doc.documentId}/revision`), { name: 'r9' });
    expect(revision.status).toBe(403);
    const detail = await reader.caller.get(api(`/ccms/document/${doc.documentId}`));
    expect(detail.body.data).toMatchObject({ canWrite: false, myLevel: 'read' });
  });

  it('refuses a user without a grant on the library, and finds nothing for them', async () => {
    const doc = await documentAt('topics/installing.ditamap');
    for (const url of ['/ccms/document/list', '/ccms/topic/list', '/ccms/catalog/state']) {
      const res = await stranger.caller.get(api(url), { libraryId });
      expect(res.status).toBe(403);
      expect(res.body.msg).toBe('No relevant permissions');
    }
    const detail = await stranger.caller.get(api(`/ccms/document/${doc.documentId}/toc`));
    expect(detail.status).toBe(403);
    const search = await stranger.caller.get(api('/ccms/search'), { q: 'Homebrew' });
    expect(search.body).toMatchObject({ code: 200, rows: [], total: 0 });
  });

  it('needs the route permission too', async () => {
    const noSearch = await userWith(
      t,
      'nosrch6',
      CATALOG_PERMS.filter((p) => p !== 'ccms:search:list'),
    );
    await grant(t, libraryId, 'user', noSearch.userId, 'read');
    expect((await noSearch.caller.get(api('/ccms/search'), { q: 'DITA' })).status).toBe(403);
    expect((await noSearch.caller.get(api('/ccms/document/list'), { libraryId })).status).toBe(200);
  });
});
