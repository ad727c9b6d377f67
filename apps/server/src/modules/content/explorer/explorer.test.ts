/**
 * The library explorer on a real database and git remote: reads, writes (commits, uploads, conflicts) and
 * a remote that is down.
 * Over 400 lines: its cases share one library on one git server; each server test file gets its own
 * database (migrate and seed), so a split would cost suite time and start another git server.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useGitServer } from '../../../../test/git-server';
import { type Caller, createTestApp, type TestApp } from '../../../../test/harness';
import { allowLoopbackRemotes, CONTENT_PERMS, grant, libraryBody, multipart, type TestUser, uploadLeftovers, userWith } from '../content-test-kit';
import { withUnpackedZip, writeZip } from '../shared/zip';

const cred = { username: 'git-user', password: 'Remote-Pass-77' };
const remote = useGitServer({ auth: cred });
let t: TestApp;
let owner: TestUser;
let writer: TestUser;
let reader: TestUser;
let stranger: TestUser;
let libraryId = 0;
const seen: string[] = [];

/** A valid DITA topic: explorer saves of .dita files are validated (issue 13). */
const topic = (id: string, title = id) => `<topic id="${id}"><title>${title}</title></topic>\n`;

const numbered = Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`many/f${String(i).padStart(2, '0')}.dita`, `<topic id="f${i}"/>\n`]));

beforeAll(async () => {
  t = await createTestApp();
  await allowLoopbackRemotes(t);
  await remote().createRepo('docs', {
    files: {
      'maps/main.ditamap': '<map/>\n',
      'topics/intro.dita': '<topic id="intro"/>\n',
      'images/logo.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3]),
      ...numbered,
    },
  });
  owner = await userWith(t, 'owner1', CONTENT_PERMS, 'owner1@example.test');
  writer = await userWith(t, 'writer1', CONTENT_PERMS);
  reader = await userWith(t, 'reader1', CONTENT_PERMS);
  stranger = await userWith(t, 'stranger1', CONTENT_PERMS);
  const res = await owner.caller.post('/prod-api/ccms/library', libraryBody('docs', remote().url('docs'), cred));
  libraryId = res.body.data.libraryId;
  await grant(t, libraryId, 'user', writer.userId, 'write');
  await grant(t, libraryId, 'role', reader.roleId, 'read');
});
afterAll(async () => {
  await t?.close();
});

/** Calls through this keep every raw answer, so the last test can check none carries the password. */
async function call(c: Caller, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) {
  const res =
    method === 'GET'
      ? await c.get(url, body as Record<string, string | number>)
      : await c.request({ method, url, payload: body as Record<string, unknown>, headers: { 'content-type': 'application/json' } });
  seen.push(res.raw);
  return res;
}

/** The commit a client read the library at (what the explorer sends back as its base). */
async function base(): Promise<string> {
  const res = await owner.caller.get('/prod-api/ccms/explorer/list', { libraryId });
  return res.body.commit;
}

const upload = (c: Caller, url: string, fields: Record<string, string | number>, files: { filename: string; content: Buffer | string }[]) =>
  c.request({ method: 'POST', url, ...multipart(fields, files) }).then((res) => {
    seen.push(res.raw);
    return res;
  });

describe('explorer reads', () => {
  it('shows the folder tree, a paged folder with last commits, a file and its type', async () => {
    const tree = await call(reader.caller, 'GET', '/prod-api/ccms/explorer/tree', { libraryId });
    expect(tree.body.data.tree.children.map((n: { path: string }) => n.path)).toEqual(['images', 'many', 'maps', 'topics']);

    const root = await call(reader.caller, 'GET', '/prod-api/ccms/explorer/list', { libraryId });
    expect(root.body.rows.map((r: { name: string; type: string }) => `${r.type}:${r.name}`)).toEqual([
      'folder:images',
      'folder:many',
      'folder:maps',
      'folder:topics',
    ]);
    expect(root.body.rows[0]).toMatchObject({ author: 'Remote Person', message: 'Initial content' });

    const page = await call(reader.caller, 'GET', '/prod-api/ccms/explorer/list', { libraryId, path: 'many', pageNum: 2, pageSize: 10 });
    expect(page.body.total).toBe(25);
    expect(page.body.rows.map((r: { name: string }) => r.name)[0]).toBe('f10.dita');
    expect(page.body.rows[0]).toMatchObject({ type: 'file', size: 18, author: 'Remote Person', message: 'Initial content' });
    expect(page.body.rows[0].date).toMatch(/^\d{4}-/);

    const file = await call(reader.caller, 'GET', '/prod-api/ccms/explorer/file', { libraryId, path: 'topics/intro.dita' });
    expect(file.body.data).toMatchObject({ contentType: 'application/xml', encoding: 'utf8', content: '<topic id="intro"/>\n' });
    const image = await call(reader.caller, 'GET', '/prod-api/ccms/explorer/file', { libraryId, path: 'images/logo.png' });
    expect(image.body.data).toMatchObject({ contentType: 'image/png', encoding: 'base64', size: 8 });
    const missing = await call(reader.caller, 'GET', '/prod-api/ccms/explorer/file', { libraryId, path: 'topics/none.dita' });
    expect(missing.status).toBe(404);
    const badRef = await call(reader.caller, 'GET', '/prod-api/ccms/explorer/list', { libraryId, ref: 'nope' });
    expect(badRef.body.msg).toBe('Branch or commit "nope" does not exist');
  });

  it('downloads a file as is and a folder as a zip', async () => {
    const file = await reader.caller.get('/prod-api/ccms/explorer/download', { libraryId, path: 'maps/main.ditamap' });
    expect(file.headers['content-type']).toContain('application/xml');
    expect(file.headers['content-disposition']).toContain('attachment');
    expect(file.raw).toBe('<map/>\n');
    const zip = await reader.caller.request({
      method: 'GET',
      url: '/prod-api/ccms/explorer/download',
      query: { libraryId: String(libraryId), path: 'topics' },
    });
    expect(zip.headers['content-type']).toBe('application/zip');
    const res = await t.app.inject({
      method: 'GET',
      url: '/prod-api/ccms/explorer/download',
      query: { libraryId: String(libraryId), path: 'topics' },
      headers: { authorization: `Bearer ${reader.caller.token}` },
    });
    const dir = await mkdtemp(path.join(tmpdir(), 'ccms-download-'));
    try {
      await writeFile(path.join(dir, 'topics.zip'), res.rawPayload);
      const entries = await withUnpackedZip(path.join(dir, 'topics.zip'), (all) =>
        Promise.all(all.map(async (e) => [e.path, (await readFile(e.file)).toString()])),
      );
      expect(entries).toEqual([['topics/intro.dita', '<topic id="intro"/>\n']]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses "..", absolute paths and NUL with a 400 naming the field', async () => {
    for (const path of ['../etc/passwd', 'topics/../../x', '/etc/passwd', 'a\u0000b', 'a\\b', '.git/config']) {
      const res = await call(reader.caller, 'GET', '/prod-api/ccms/explorer/file', { libraryId, path });
      expect(res.status, path).toBe(400);
      // A NUL is refused by the request validator before the path rules.
      expect(res.body.msg).toMatch(/^Path(: the path| must not contain a NUL)/);
    }
    const write = await call(writer.caller, 'POST', '/prod-api/ccms/explorer/folder', { libraryId, path: '../outside', message: 'x' });
    expect(write.status).toBe(400);
    const moved = await call(writer.caller, 'PUT', '/prod-api/ccms/explorer/rename', {
      baseCommit: await base(),
      libraryId,
      path: 'topics/intro.dita',
      newName: '../x.dita',
      message: 'x',
    });
    expect(moved.status).toBe(400);
    expect((await remote().log('docs', 'main')).length).toBe(1);
  });
});

describe('explorer writes', () => {
  it('commits each change as the signed-in user with the message asked for', async () => {
    const folder = await call(owner.caller, 'POST', '/prod-api/ccms/explorer/folder', { libraryId, path: 'drafts', message: 'Add drafts folder' });
    expect(folder.body.data).toMatchObject({ branch: 'main', paths: ['drafts/.gitkeep'] });
    let [last] = await remote().log('docs', 'main');
    expect(last).toMatchObject({ subject: 'Add drafts folder', author: 'owner1 nick', email: 'owner1@example.test', hash: folder.body.data.commit });

    await call(writer.caller, 'PUT', '/prod-api/ccms/explorer/file', {
      baseCommit: await base(),
      libraryId,
      path: 'drafts/new.dita',
      content: topic('n'),
      message: 'Write new topic',
    });
    [last] = await remote().log('docs', 'main');
    expect(last).toMatchObject({ subject: 'Write new topic', author: 'writer1 nick', email: 'writer1@users.noreply.ccms' });

    await call(writer.caller, 'PUT', '/prod-api/ccms/explorer/rename', {
      baseCommit: await base(),
      libraryId,
      path: 'drafts/new.dita',
      newName: 'renamed.dita',
      message: 'Rename',
    });
    expect(await remote().show('docs', 'main', 'drafts/renamed.dita')).toBe(topic('n'));
    expect(await remote().show('docs', 'main', 'drafts/new.dita')).toBeNull();

    await call(writer.caller, 'PUT', '/prod-api/ccms/explorer/move', {
      baseCommit: await base(),
      libraryId,
      paths: ['drafts/renamed.dita'],
      target: 'topics',
      message: 'Move',
    });
    expect(await remote().show('docs', 'main', 'topics/renamed.dita')).toBe(topic('n'));

    const del = await call(writer.caller, 'DELETE', '/prod-api/ccms/explorer', {
      baseCommit: await base(),
      libraryId,
      paths: ['drafts'],
      message: 'Remove drafts',
    });
    expect(del.body.code).toBe(200);
    expect(await remote().show('docs', 'main', 'drafts/.gitkeep')).toBeNull();
    expect((await remote().log('docs', 'main')).slice(0, 5).map((c) => c.subject)).toEqual([
      'Remove drafts',
      'Move',
      'Rename',
      'Write new topic',
      'Add drafts folder',
    ]);

    const gone = await call(writer.caller, 'DELETE', '/prod-api/ccms/explorer', { baseCommit: await base(), libraryId, paths: ['drafts'], message: 'Again' });
    expect(gone.status).toBe(404);
  });

  it('uploads files and a zip package; refuses a non-zip package and a zip-slip entry without committing', async () => {
    const files = await upload(writer.caller, '/prod-api/ccms/explorer/upload', { libraryId, path: 'topics', message: 'Upload two' }, [
      { filename: 'a.dita', content: '<topic id="a"/>' },
      { filename: 'b.dita', content: '<topic id="b"/>' },
    ]);
    expect(files.body.data.paths).toEqual(['topics/a.dita', 'topics/b.dita']);
    expect(await remote().show('docs', 'main', 'topics/b.dita')).toBe('<topic id="b"/>');

    const pkg = await writeZip([
      { path: 'pkg/one.dita', content: Buffer.from('<topic id="one"/>') },
      { path: 'pkg/sub/two.dita', content: Buffer.from('<topic id="two"/>') },
    ]);
    const ok = await upload(writer.caller, '/prod-api/ccms/explorer/uploadPackage', { libraryId, path: 'imports', message: 'Import package' }, [
      { filename: 'pkg.zip', content: pkg },
    ]);
    expect(ok.body.data.paths).toEqual(['imports/pkg/one.dita', 'imports/pkg/sub/two.dita']);
    expect(await remote().show('docs', 'main', 'imports/pkg/sub/two.dita')).toBe('<topic id="two"/>');

    const before = (await remote().log('docs', 'main')).length;
    const notZip = await upload(writer.caller, '/prod-api/ccms/explorer/uploadPackage', { libraryId, path: '', message: 'x' }, [
      { filename: 'pkg.tar', content: pkg },
    ]);
    expect(notZip.body).toMatchObject({ code: 400, msg: 'Only zip packages can be uploaded' });
    // The same bytes with "aa/" in the entry name turned into "../": a zip-slip entry.
    const slip = Buffer.from(
      (await writeZip([{ path: 'aa/evil.txt', content: Buffer.from('x') }])).toString('latin1').replaceAll('aa/evil.txt', '../evil.txt'),
      'latin1',
    );
    const refused = await upload(writer.caller, '/prod-api/ccms/explorer/uploadPackage', { libraryId, path: 'imports', message: 'x' }, [
      { filename: 'evil.zip', content: slip },
    ]);
    expect(refused.body).toMatchObject({ code: 400, msg: 'The package entry "../evil.txt" would land outside the folder' });
    const badName = await upload(writer.caller, '/prod-api/ccms/explorer/upload', { libraryId, path: '../up', message: 'x' }, [
      { filename: 'evil.dita', content: 'x' },
    ]);
    expect(badName.body.msg).toBe('Path: the path "../up" is not allowed');
    const noMessage = await upload(writer.caller, '/prod-api/ccms/explorer/upload', { libraryId, path: 'topics' }, [{ filename: 'c.dita', content: 'x' }]);
    expect(noMessage.body.msg).toBe('Message is required');
    expect((await remote().log('docs', 'main')).length).toBe(before);
    // The temp files and unpacked packages of every one of these requests, committed or refused, are gone.
    expect(await uploadLeftovers(t)).toEqual([]);
  });

  it('lands two concurrent commits, and replays a commit on a remote someone else pushed to', async () => {
    const [one, two] = await Promise.all([
      call(writer.caller, 'PUT', '/prod-api/ccms/explorer/file', {
        baseCommit: await base(),
        libraryId,
        path: 'topics/c1.dita',
        content: topic('c1', 'one'),
        message: 'Concurrent one',
      }),
      call(owner.caller, 'PUT', '/prod-api/ccms/explorer/file', {
        baseCommit: await base(),
        libraryId,
        path: 'topics/c2.dita',
        content: topic('c2', 'two'),
        message: 'Concurrent two',
      }),
    ]);
    expect([one.body.code, two.body.code]).toEqual([200, 200]);
    const subjects = (await remote().log('docs', 'main')).slice(0, 2).map((c) => c.subject);
    expect(subjects.sort()).toEqual(['Concurrent one', 'Concurrent two']);

    await remote().commit('docs', 'main', { 'topics/elsewhere.dita': 'theirs' }, 'Pushed by someone else');
    const mine = await call(writer.caller, 'PUT', '/prod-api/ccms/explorer/file', {
      baseCommit: await base(),
      libraryId,
      path: 'topics/c3.dita',
      content: topic('c3', 'three'),
      message: 'After the remote moved',
    });
    expect(mine.body.code).toBe(200);
    const log = await remote().log('docs', 'main');
    expect(log.slice(0, 2).map((c) => c.subject)).toEqual(['After the remote moved', 'Pushed by someone else']);
    expect(await remote().show('docs', 'main', 'topics/elsewhere.dita')).toBe('theirs');
  });

  it('refuses a save, move, rename or delete made from a stale base with a 409, keeping the first save', async () => {
    const from = await base();
    const first = await call(writer.caller, 'PUT', '/prod-api/ccms/explorer/file', {
      libraryId,
      baseCommit: from,
      path: 'topics/shared.dita',
      content: topic('shared', 'first'),
      message: 'First save',
    });
    expect(first.body.code).toBe(200);
    const second = await call(owner.caller, 'PUT', '/prod-api/ccms/explorer/file', {
      libraryId,
      baseCommit: from,
      path: 'topics/shared.dita',
      content: topic('shared', 'second'),
      message: 'Second save',
    });
    expect(second.status).toBe(409);
    expect(second.body.msg).toBe('"topics/shared.dita" was changed by someone else after you opened it; refresh and try again (your change was not saved)');
    expect(await remote().show('docs', 'main', 'topics/shared.dita')).toBe(topic('shared', 'first'));
    const moved = await call(owner.caller, 'PUT', '/prod-api/ccms/explorer/move', {
      libraryId,
      baseCommit: from,
      paths: ['topics/shared.dita'],
      target: 'maps',
      message: 'x',
    });
    expect(moved.status).toBe(409);
    const removed = await call(owner.caller, 'DELETE', '/prod-api/ccms/explorer', { libraryId, baseCommit: from, paths: ['topics/shared.dita'], message: 'x' });
    expect(removed.status).toBe(409);
    const renamed = await call(owner.caller, 'PUT', '/prod-api/ccms/explorer/rename', {
      libraryId,
      baseCommit: from,
      path: 'topics/shared.dita',
      newName: 'm.dita',
      message: 'x',
    });
    expect(renamed.status).toBe(409);
    expect(await remote().show('docs', 'main', 'topics/shared.dita')).toBe(topic('shared', 'first'));
    // A change elsewhere since the base is no reason to refuse; a missing base is a 400 naming it.
    const other = await call(owner.caller, 'PUT', '/prod-api/ccms/explorer/file', {
      libraryId,
      baseCommit: from,
      path: 'topics/other.dita',
      content: topic('other'),
      message: 'Other',
    });
    expect(other.body.code).toBe(200);
    const none = await call(owner.caller, 'PUT', '/prod-api/ccms/explorer/file', { libraryId, path: 'topics/other.dita', content: 'p', message: 'x' });
    expect(none.body).toEqual({ code: 400, msg: 'Base commit is required' });
  });

  it('validates a DITA or XML file before committing it: malformed or misplaced content is a located 400, nothing pushed', async () => {
    const before = (await remote().log('docs', 'main')).length;
    const malformed = await call(writer.caller, 'PUT', '/prod-api/ccms/explorer/file', {
      baseCommit: await base(),
      libraryId,
      path: 'topics/bad.dita',
      content: '<topic id="bad">\n  <title>Bad</title>\n  <body><p>open</body>\n</topic>\n',
      message: 'Bad',
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.msg).toMatch(/^The content did not pass validation and was not saved \(line 3, column \d+\): Not well-formed XML/);
    expect(malformed.body.data.problems[0]).toMatchObject({ line: 3, severity: 'error', code: 'xml.notWellFormed' });
    const misplaced = await call(writer.caller, 'PUT', '/prod-api/ccms/explorer/file', {
      baseCommit: await base(),
      libraryId,
      path: 'maps/bad.ditamap',
      content: '<map>\n  <p>not in a map</p>\n</map>\n',
      message: 'Bad map',
    });
    expect(misplaced.status).toBe(400);
    expect(misplaced.body.data.problems).toContainEqual(expect.objectContaining({ line: 2, column: 3, code: 'dita.structure' }));
    const zh = await writer.caller.request({
      method: 'PUT',
      url: '/prod-api/ccms/explorer/file',
      headers: { 'accept-language': 'zh' },
      payload: { baseCommit: await base(), libraryId, path: 'topics/bad.dita', content: '<topic', message: 'x' },
    });
    expect(zh.body.msg).toMatch(/^内容未通过校验，未保存（第 1 行第 \d+ 列）：XML 格式不正确/);
    expect((await remote().log('docs', 'main')).length).toBe(before);
    // Other files are not XML and are saved as they are.
    const text = await call(writer.caller, 'PUT', '/prod-api/ccms/explorer/file', {
      baseCommit: await base(),
      libraryId,
      path: 'notes.txt',
      content: '<topic',
      message: 'Notes',
    });
    expect(text.body.code).toBe(200);
  });

  it('reports a true conflict with its paths and keeps the change', async () => {
    await remote().commit('docs', 'main', { 'topics/intro.dita': topic('intro', 'theirs') }, 'Their intro');
    const res = await call(writer.caller, 'PUT', '/prod-api/ccms/explorer/file', {
      baseCommit: await base(),
      libraryId,
      path: 'topics/intro.dita',
      content: topic('intro', 'mine'),
      message: 'My intro',
    });
    expect(res.status).toBe(409);
    expect(res.body.msg).toMatch(
      /^Your change conflicts with changes made meanwhile on: topics\/intro\.dita\. Your change was kept as refs\/ccms\/saved\/main\//,
    );
    expect(await remote().show('docs', 'main', 'topics/intro.dita')).toBe(topic('intro', 'theirs'));
    const ref = /kept as (\S+)$/.exec(res.body.msg)?.[1] ?? '';
    const kept = await call(writer.caller, 'GET', '/prod-api/ccms/explorer/file', {
      libraryId,
      ref: (await savedCommit(ref)) ?? '',
      path: 'topics/intro.dita',
    });
    expect(kept.body.data.content).toBe(topic('intro', 'mine'));
  });
});

/** The commit a saved ref points at, read from the library's clone. */
async function savedCommit(ref: string) {
  const { GitRepo } = await import('../../../platform/git/git-repo');
  const repo = new GitRepo(`${t.dataDir}/git/${libraryId}`);
  return (await repo.savedRefs()).find((r) => r.ref === ref)?.commit;
}

describe('explorer while the remote is down', () => {
  const down = 'http://127.0.0.1:9/docs.git';
  const pointAt = async (url: string) => {
    const res = await owner.caller.put('/prod-api/ccms/library', { ...libraryBody('docs', url, cred), libraryId });
    expect(res.body.code).toBe(200);
  };

  it('reads the tree, a folder and a file from the last fetch, each marked stale', async () => {
    const fresh = await call(reader.caller, 'GET', '/prod-api/ccms/explorer/file', { libraryId, path: 'maps/main.ditamap' });
    expect(fresh.body.data).toMatchObject({ content: '<map/>\n', stale: false });
    await pointAt(down);
    try {
      const tree = await call(reader.caller, 'GET', '/prod-api/ccms/explorer/tree', { libraryId });
      expect(tree.body).toMatchObject({ code: 200, data: { stale: true } });
      expect(tree.body.data.tree.children.map((n: { path: string }) => n.path)).toContain('topics');
      const list = await call(reader.caller, 'GET', '/prod-api/ccms/explorer/list', { libraryId, path: 'topics' });
      expect(list.body).toMatchObject({ code: 200, stale: true });
      expect(list.body.rows.map((r: { name: string }) => r.name)).toContain('intro.dita');
      const file = await call(reader.caller, 'GET', '/prod-api/ccms/explorer/file', { libraryId, path: 'maps/main.ditamap' });
      expect(file.body).toMatchObject({ code: 200, data: { path: 'maps/main.ditamap', content: '<map/>\n', stale: true } });
      const branches = await call(reader.caller, 'GET', `/prod-api/ccms/library/${libraryId}/branches`);
      expect(branches.body.data).toMatchObject({ stale: true, lastFetchError: 'hostUnreachable' });
    } finally {
      await pointAt(remote().url('docs'));
    }
    const again = await call(reader.caller, 'GET', '/prod-api/ccms/explorer/file', { libraryId, path: 'maps/main.ditamap' });
    expect(again.body.data.stale).toBe(false);
  });
});

describe('explorer permissions', () => {
  it('checks the write level before reading an upload: a read-only user is refused whatever the files', async () => {
    const before = (await remote().log('docs', 'main')).length;
    // More files than an upload may hold: read first, this would fail on the file limit instead.
    const many = Array.from({ length: 21 }, (_, i) => ({ filename: `r${i}.dita`, content: 'x'.repeat(1000) }));
    for (const url of ['/prod-api/ccms/explorer/upload', '/prod-api/ccms/explorer/uploadPackage']) {
      const res = await upload(reader.caller, url, { libraryId, path: 'topics', message: 'x' }, many);
      expect(res, url).toMatchObject({ status: 403, body: { code: 403, msg: 'No relevant permissions' } });
      const stranger1 = await upload(stranger.caller, url, { libraryId, path: 'topics', message: 'x' }, [{ filename: 'a.zip', content: 'x' }]);
      expect(stranger1.body.msg).toBe('No relevant permissions');
    }
    // The same files from a writer pass the check and meet the limit.
    const writerMany = await upload(writer.caller, '/prod-api/ccms/explorer/upload', { libraryId, path: 'topics', message: 'x' }, many);
    expect(writerMany.status).toBe(400);
    expect((await remote().log('docs', 'main')).length).toBe(before);
  });

  it('lets read see but not change, write change but not configure, and nobody else in', async () => {
    const denied = await call(reader.caller, 'PUT', '/prod-api/ccms/explorer/file', {
      baseCommit: await base(),
      libraryId,
      path: 'topics/r.dita',
      content: 'x',
      message: 'x',
    });
    expect(denied).toMatchObject({ status: 403, body: { msg: 'No relevant permissions' } });
    const uploadDenied = await upload(reader.caller, '/prod-api/ccms/explorer/upload', { libraryId, path: 'topics', message: 'x' }, [
      { filename: 'r.dita', content: 'x' },
    ]);
    expect(uploadDenied.status).toBe(403);
    const configure = await call(writer.caller, 'PUT', '/prod-api/ccms/library', { ...libraryBody('docs', remote().url('docs')), libraryId });
    expect(configure.status).toBe(403);
    for (const url of ['/prod-api/ccms/explorer/tree', '/prod-api/ccms/explorer/list']) {
      const res = await call(stranger.caller, 'GET', url, { libraryId });
      expect(res).toMatchObject({ status: 403, body: { msg: 'No relevant permissions' } });
    }
    const noPerm = await userWith(t, 'noperm', []);
    expect((await noPerm.caller.get('/prod-api/ccms/explorer/tree', { libraryId })).status).toBe(403);
    expect(await remote().show('docs', 'main', 'topics/r.dita')).toBeNull();
  });

  it('never answers with the credential', () => {
    expect(seen.length).toBeGreaterThan(20);
    for (const raw of seen) expect(raw).not.toContain(cred.password);
  });
});
