import { existsSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { PublicationPerm } from '@ccms/contracts/publish/publication';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useGitServer } from '../../../../test/git-server';
import { type Caller, createTestApp, type TestApp } from '../../../../test/harness';
import { ccmsDocumentOutput, ccmsLibrarySetting, ccmsProject, ccmsPublication, ccmsPublishConfig, ccmsReleaseLog, sysNotification } from '../../../db/schema';
import { CATALOG_PERMS, corpusDir } from '../../content/catalog/catalog-test-kit';
import { allowLoopbackRemotes, grant, libraryBody, libraryPrepared, type TestUser, userWith } from '../../content/content-test-kit';
import { outputFinished } from './publish-test-kit';

/**
 * Publishing the DITA-OT user guide from a real git remote: a publication with a filter group,
 * the library's variables, reader rules, an incremental re-publish, a broken map, the publish
 * log and the viewer. One app and one library for the file; tests run in order.
 */
const remote = useGitServer();
let t: TestApp;
let admin: Caller;
let reader: TestUser;
let outsider: TestUser;
let libraryId = 0;
let webConfig = 0;
let publicConfig = 0;
const api = (p: string) => `/prod-api${p}`;
const PERMS = [...CATALOG_PERMS, ...Object.values(PublicationPerm), 'ccms:document:publish'];
const BROKEN_MAP = 'broken.ditamap';
/** The corpus, or undefined on a plain clone: every suite of the file is then skipped. */
const CORPUS_DIR = corpusDir();
const CORPUS = CORPUS_DIR ?? '';
const suite = describe.skipIf(CORPUS_DIR === undefined);

beforeAll(async () => {
  if (CORPUS_DIR === undefined) return;
  t = await createTestApp();
  await allowLoopbackRemotes(t);
  await remote().createRepo('guide', { folder: CORPUS });
  await remote().commit(
    'guide',
    'main',
    { [BROKEN_MAP]: '<?xml version="1.0"?>\n<map><title>Broken</title><topicref href="missing.dita">\n</map>\n' },
    'A broken map',
  );
  admin = await t.login();
  reader = await userWith(t, 'reader7', PERMS);
  outsider = await userWith(t, 'outsid7', PERMS);
  const res = await admin.post(api('/ccms/library'), libraryBody('guide', remote().url('guide')));
  libraryId = res.body.data.libraryId;
  // Both may read the library; only reader7 is a reader of the "web" config's outputs.
  await grant(t, libraryId, 'user', reader.userId, 'read');
  await grant(t, libraryId, 'user', outsider.userId, 'read');
  const db = t.database.db;
  await db.insert(ccmsLibrarySetting).values([
    { libraryId, kind: 'filter', groupName: 'experts', name: 'audience', type: 'exclude', value: 'novice', product: 'any' },
    { libraryId, kind: 'variable', groupName: 'names', name: 'release', type: 'value', value: 'CCMS-REL-42', product: 'any' },
  ]);
  const configs = await db
    .insert(ccmsPublishConfig)
    .values([
      // Closed to the library's other writers and publishers: reader7 and the owners only.
      { libraryId, configName: 'web', format: 'html5', lang: 'en', publishPath: 'preview', readerUserIds: [reader.userId], readersOnly: true },
      { libraryId, configName: 'open', format: 'html5', lang: 'en', publishPath: 'public' },
    ])
    .returning();
  webConfig = configs[0]?.configId ?? 0;
  publicConfig = configs[1]?.configId ?? 0;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const finished = outputFinished;

const outputFile = (outputId: number, file: string) => readFile(path.join(t.dataDir, 'publish', 'outputs', String(outputId), file), 'utf8');

const countPublications = async () => (await t.database.db.select({ n: count() }).from(ccmsPublication))[0]?.n;

suite('publications', () => {
  const valid = () => ({ libraryId, name: 'User guide', branch: 'main', ditaMap: 'userguide.ditamap', ditaVal: 'experts' });

  it('refuses bad input with a message naming the field, in the caller language, and writes nothing', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...valid(), name: '' }, '名称不能为空', 'Name is required'],
      [{ ...valid(), branch: '' }, '分支不能为空', 'Branch is required'],
      [{ ...valid(), ditaMap: '' }, 'DITA 地图不能为空', 'DITA map is required'],
      [{ ...valid(), ditaVal: '' }, 'DITAVAL不能为空', 'DITAVAL is required'],
      [{ ...valid(), branch: 'nope' }, '分支：分支“nope”不存在', 'Branch: branch "nope" does not exist'],
      [{ ...valid(), ditaMap: 'none.ditamap' }, 'DITA 地图：地图“none.ditamap”不存在', 'DITA map: map "none.ditamap" does not exist'],
      [
        { ...valid(), ditaMap: 'index.dita' },
        'DITA 地图：“index.dita”不是 DITA 地图（.ditamap 或 .bookmap）',
        'DITA map: "index.dita" is not a DITA map (.ditamap or .bookmap)',
      ],
      [
        { ...valid(), ditaVal: 'nogroup' },
        'DITAVAL：“nogroup”既不是库中的 DITAVAL 文件，也不是库的过滤组',
        'DITAVAL: "nogroup" is neither a DITAVAL file of the library nor one of its filter groups',
      ],
    ];
    for (const [body, zh, en] of cases) {
      const res = await admin.request({ method: 'POST', url: api('/ccms/publication'), payload: body, headers: { 'accept-language': 'zh' } });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.msg).toBe(zh);
      const english = await admin.post(api('/ccms/publication'), body);
      expect(english.body.msg).toBe(en);
    }
    expect(await countPublications()).toBe(0);
  });

  it('asks which outputs to list: a list without a publication or a document is a 400 naming documentId', async () => {
    const res = await admin.get(api('/ccms/output/list'));
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('Document is required');
    const zh = await admin.request({ method: 'GET', url: api('/ccms/output/list'), headers: { 'accept-language': 'zh' } });
    expect(zh.body.msg).toBe('文档不能为空');
  });

  it('creates, lists and refuses a second publication of the same name', async () => {
    const res = await admin.post(api('/ccms/publication'), valid());
    expect(res.body.code).toBe(200);
    const again = await admin.post(api('/ccms/publication'), valid());
    expect(again.body.msg).toBe('Publication "User guide" already exists');
    const list = await reader.caller.get(api('/ccms/publication/list'), { libraryId });
    expect(list.body.rows).toMatchObject([{ name: 'User guide', ditaMap: 'userguide.ditamap', ditaVal: 'experts', libraryName: 'guide' }]);
    expect(await countPublications()).toBe(1);
  });
});

suite('publication choices', () => {
  it("lists the branch's maps with their titles, its DITAVAL files and the library's filter groups; refuses a missing branch and a user without the library", async () => {
    await libraryPrepared(admin, libraryId);
    const res = await reader.caller.get(api('/ccms/publication/choices'), { libraryId, branch: 'main' });
    expect(res.body.code, res.raw).toBe(200);
    const { maps, filters } = res.body.data as { maps: { path: string; title: string }[]; filters: { value: string; kind: string }[] };
    expect(maps.find((m) => m.path === 'userguide.ditamap')?.title).toMatch(/^DITA Open Toolkit/);
    expect(maps.map((m) => m.path)).toEqual(expect.arrayContaining(['userguide-book.ditamap', 'site.ditamap', BROKEN_MAP]));
    expect(maps.every((m) => m.path.endsWith('.ditamap') || m.path.endsWith('.bookmap') || m.path.endsWith('.xml'))).toBe(true);
    expect(filters.filter((f) => f.kind === 'file').map((f) => f.value)).toEqual([
      'resources/ditaotdaykeys/all-conferences.ditaval',
      'resources/expert.ditaval',
      'resources/html.ditaval',
      'resources/novice.ditaval',
      'resources/pdf.ditaval',
      'resources/site.ditaval',
    ]);
    expect(filters.filter((f) => f.kind === 'group')).toEqual([{ value: 'experts', kind: 'group' }]);

    const missing = await reader.caller.get(api('/ccms/publication/choices'), { libraryId, branch: 'no-such-branch' });
    expect(missing.body.msg).toBe('Branch: branch "no-such-branch" does not exist');
    const stranger = await userWith(t, 'strang7', PERMS);
    expect((await stranger.caller.get(api('/ccms/publication/choices'), { libraryId, branch: 'main' })).body.code).toBe(403);
    const noRight = await userWith(t, 'norigh7', CATALOG_PERMS);
    await grant(t, libraryId, 'user', noRight.userId, 'read');
    expect((await noRight.caller.get(api('/ccms/publication/choices'), { libraryId, branch: 'main' })).body.code).toBe(403);
  });
});

suite('publishing', () => {
  let publicationId = 0;
  let first: { outputId: number; commit: string; durationMs: number };

  it('publishes the user guide with the filter group and the variable, in a job, with a manifest', async () => {
    publicationId = (await t.database.db.select().from(ccmsPublication))[0]?.publicationId ?? 0;
    const res = await admin.post(api('/ccms/output/publish'), { publicationId, configIds: [webConfig, publicConfig] });
    expect(res.body.code).toBe(200);
    expect(res.body.data.map((o: { status: string }) => o.status)).toEqual(['notStarted', 'notStarted']);
    const [web, open] = res.body.data as { outputId: number }[];
    if (!web || !open) throw new Error('two outputs expected');
    first = await finished(admin, web.outputId);
    expect(first).toMatchObject({ status: 'success', format: 'html5', configName: 'web', incremental: false, engineVersion: '2.2.0' });
    expect(first.commit).toBe((await remote().log('guide', 'main'))[0]?.hash);
    expect(await finished(admin, open.outputId)).toMatchObject({ status: 'success', publishPath: 'public' });

    const page = await outputFile(web.outputId, 'topics/using-dita-command.html');
    expect(page).not.toContain('First build with the');
    expect(page).toContain('Publishing with the');
    expect(await outputFile(web.outputId, 'index.html')).toContain('CCMS-REL-42');

    const log = await admin.get(api('/ccms/publishLog/list'), { publicationName: 'User guide' });
    expect(log.body.rows.find((r: { outputId: number }) => r.outputId === web.outputId)).toMatchObject({
      status: 'success',
      operName: 'admin',
      commit: first.commit,
      format: 'html5',
      ditaMap: 'userguide.ditamap',
    });
  }, 120_000);

  it('re-publishes a one-topic change incrementally', async () => {
    const file = 'topics/using-dita-command.dita';
    const before = (await remote().show('guide', 'main', file)) ?? '';
    await remote().commit('guide', 'main', { [file]: before.replace('Publishing with the', 'Rebuilding with the') }, 'Edit one topic');
    const res = await admin.post(api('/ccms/output/publish'), { publicationId, configIds: [webConfig] });
    const second = await finished(admin, res.body.data[0].outputId);
    expect(second).toMatchObject({ status: 'success', incremental: true });
    // The push from outside is what gets published, although the clone held the branch already.
    expect(second.commit).not.toBe(first.commit);
    expect(second.commit).toBe((await remote().log('guide', 'main'))[0]?.hash);
    expect(await outputFile(second.outputId, 'topics/using-dita-command.html')).toContain('Rebuilding with the');
    // The earlier output keeps its own files.
    expect(await outputFile(first.outputId, 'topics/using-dita-command.html')).toContain('Publishing with the');
    // No bytes copied: a page the change does not touch is the same file in both outputs; the changed one is not.
    const inode = async (outputId: number, file: string) => (await stat(path.join(t.dataDir, 'publish', 'outputs', String(outputId), file))).ino;
    expect(await inode(second.outputId, 'topics/adding-new-languages.html')).toBe(await inode(first.outputId, 'topics/adding-new-languages.html'));
    expect(await inode(second.outputId, 'topics/using-dita-command.html')).not.toBe(await inode(first.outputId, 'topics/using-dita-command.html'));
  }, 60_000);

  it('builds the next publish whole when the output before it was deleted as soon as it was ready', async () => {
    // The build folder is linked again from each output after it is kept; deleting that output at once
    // must not leave the next incremental build with missing pages.
    const file = 'topics/using-dita-command.dita';
    const files = async (outputId: number) => (await readdir(path.join(t.dataDir, 'publish', 'outputs', String(outputId)), { recursive: true })).sort();
    const before = (await remote().show('guide', 'main', file)) ?? '';
    await remote().commit('guide', 'main', { [file]: before.replace('Rebuilding with the', 'Deleted at once with the') }, 'Edit again');
    const third = await finished(admin, (await admin.post(api('/ccms/output/publish'), { publicationId, configIds: [webConfig] })).body.data[0].outputId);
    expect(third).toMatchObject({ status: 'success' });
    const whole = await files(third.outputId);
    expect((await admin.delete(api(`/ccms/output/${third.outputId}`))).body.code).toBe(200);
    await remote().commit('guide', 'main', { [file]: before.replace('Rebuilding with the', 'Published after the delete with the') }, 'And again');
    const fourth = await finished(admin, (await admin.post(api('/ccms/output/publish'), { publicationId, configIds: [webConfig] })).body.data[0].outputId);
    expect(fourth).toMatchObject({ status: 'success' });
    expect(fourth.commit).toBe((await remote().log('guide', 'main'))[0]?.hash);
    expect(await outputFile(fourth.outputId, 'topics/using-dita-command.html')).toContain('Published after the delete with the');
    expect(await outputFile(fourth.outputId, 'topics/adding-new-languages.html')).toContain('<html');
    expect(await files(fourth.outputId)).toEqual(whole);
  }, 60_000);

  it('follows the reader rules: listed readers and the public output, nobody else', async () => {
    const mine = await reader.caller.get(api('/ccms/output/list'), { publicationId });
    const theirs = await outsider.caller.get(api('/ccms/output/list'), { publicationId });
    expect(mine.body.rows.some((o: { configName: string }) => o.configName === 'web')).toBe(true);
    expect(theirs.body.rows.every((o: { configName: string }) => o.configName === 'open')).toBe(true);
    expect(theirs.body.rows.length).toBeGreaterThan(0);
    const denied = await outsider.caller.get(api(`/ccms/output/${first.outputId}`));
    expect(denied.status).toBe(403);
    const readable = await reader.caller.get(api(`/ccms/output/${first.outputId}`));
    expect(readable.body.data.viewUrl).toMatch(/\/index\.html$/);
    // The in-app view takes the ticket of the URL (a frame sends no token), under the sandbox policy.
    const view = await t.anonymous.get(readable.body.data.viewUrl);
    expect(view.status).toBe(200);
    expect(view.headers['content-security-policy']).toContain('sandbox');
    expect(view.raw).toContain('CCMS-REL-42');
    expect(view.headers['accept-ranges']).toBe('bytes');
    // One byte range (how browsers read a video or audio file of an output to seek), and one past the end.
    const ranged = await t.app.inject({ method: 'GET', url: readable.body.data.viewUrl, headers: { range: 'bytes=5-14' } });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-range']).toBe(`bytes 5-14/${Buffer.byteLength(view.raw)}`);
    expect(ranged.body).toBe(Buffer.from(view.raw).subarray(5, 15).toString());
    const past = await t.app.inject({ method: 'GET', url: readable.body.data.viewUrl, headers: { range: 'bytes=99999999-', 'accept-language': 'en' } });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${Buffer.byteLength(view.raw)}`);
    expect(past.json().msg).toBe('The requested range is not valid');
    // The viewer lists the latest output of each publication and config the user may read.
    const viewer = await outsider.caller.get(api('/ccms/mxView/list'));
    expect(viewer.body.rows.map((r: { configName: string }) => r.configName)).toEqual(['open']);
    const address = await outsider.caller.get(api('/ccms/mxView/getMxViewAddress'));
    expect(address.body.msg).toBe('/portal');
  });

  it("a readers-only output is closed to the library's other writers and publishers; its owners still read it", async () => {
    const [row] = await t.database.db.select().from(ccmsDocumentOutput).where(eq(ccmsDocumentOutput.outputId, first.outputId));
    expect(row).toMatchObject({ configName: 'web', readersOnly: true, readerUserIds: [reader.userId] });
    const writer = await userWith(t, 'writer7', PERMS);
    const publisher = await userWith(t, 'publis7', PERMS);
    const owner = await userWith(t, 'owner7', PERMS);
    await grant(t, libraryId, 'user', writer.userId, 'write');
    await grant(t, libraryId, 'user', publisher.userId, 'publish');
    await grant(t, libraryId, 'user', owner.userId, 'owner');
    for (const closedOut of [writer, publisher]) {
      expect((await closedOut.caller.get(api(`/ccms/output/${first.outputId}`))).status).toBe(403);
      const listed = await closedOut.caller.get(api('/ccms/output/list'), { publicationId });
      expect(listed.body.rows.some((o: { configName: string }) => o.configName === 'web')).toBe(false);
    }
    expect((await owner.caller.get(api(`/ccms/output/${first.outputId}`))).body.data.configName).toBe('web');
    expect((await reader.caller.get(api(`/ccms/output/${first.outputId}`))).status).toBe(200);
    // Opened again (not readers-only), the library's publishers read it as before.
    await t.database.db.update(ccmsDocumentOutput).set({ readersOnly: false }).where(eq(ccmsDocumentOutput.outputId, first.outputId));
    expect((await publisher.caller.get(api(`/ccms/output/${first.outputId}`))).status).toBe(200);
    expect((await writer.caller.get(api(`/ccms/output/${first.outputId}`))).status).toBe(200);
    await t.database.db.update(ccmsDocumentOutput).set({ readersOnly: true }).where(eq(ccmsDocumentOutput.outputId, first.outputId));
  });

  it('archives an output to a project release as a release log row', async () => {
    const [project] = await t.database.db.insert(ccmsProject).values({ title: 'Guide project', libraryId }).returning();
    if (!project) throw new Error('no project');
    const res = await admin.post(api('/ccms/output/archive'), { outputId: first.outputId, projectId: project.projectId, version: '1.0' });
    expect(res.body.code).toBe(200);
    const [row] = await t.database.db.select().from(ccmsReleaseLog).where(eq(ccmsReleaseLog.logId, res.body.data.logId));
    expect(row).toMatchObject({ version: '1.0', status: 'success' });
    expect(row?.archive).toContain(`output ${first.outputId}`);
  });

  it('ends a broken map in fail with its problems, and deletes outputs with their files', async () => {
    const created = await admin.post(api('/ccms/publication'), { libraryId, name: 'Broken', branch: 'main', ditaMap: BROKEN_MAP, ditaVal: 'experts' });
    const res = await admin.post(api('/ccms/output/publish'), { publicationId: created.body.data.publicationId, configIds: [webConfig] });
    const out = await finished(admin, res.body.data[0].outputId);
    expect(out.status).toBe('fail');
    const detail = await admin.get(api(`/ccms/output/${out.outputId}`));
    expect(detail.body.data.problemCounts.error).toBeGreaterThan(0);
    expect(detail.body.data.problems[0]).toMatchObject({ file: BROKEN_MAP, severity: 'error' });
    const log = await admin.get(api('/ccms/publishLog/list'), { status: 'fail' });
    expect(log.body.rows[0]).toMatchObject({ outputId: out.outputId, publicationName: 'Broken' });
    // Whoever started it is told, in the app (no mail server is set), with a link to the output
    // (the notice follows the output's final status, so it is waited for).
    const linksOf = async (event: string) => (await t.database.db.select().from(sysNotification).where(eq(sysNotification.event, event))).map((n) => n.link);
    await expect.poll(() => linksOf('publishFailed'), { timeout: 15_000 }).toContain(`/ccms/output-view/index?outputId=${out.outputId}`);
    expect(await linksOf('publishFinished')).toContain(`/ccms/output-view/index?outputId=${first.outputId}`);

    const dir = path.join(t.dataDir, 'publish', 'outputs', String(first.outputId));
    expect(existsSync(dir)).toBe(true);
    const refused = await reader.caller.delete(api(`/ccms/output/${first.outputId}`));
    expect(refused.status).toBe(403);
    expect(existsSync(dir)).toBe(true);
    expect((await admin.delete(api(`/ccms/output/${first.outputId}`))).body.code).toBe(200);
    expect(existsSync(dir)).toBe(false);
  });
});
