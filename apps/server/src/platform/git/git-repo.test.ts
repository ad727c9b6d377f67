import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { git } from '../../../test/git-http-server';
import { useGitServer } from '../../../test/git-server';
import { type Change, GitRepo, MergeConflictError, RemoteError, RemoteMovedError, type TreeError } from './git-repo';

const auth = { username: 'alice', password: 's3cret-pass' };
const server = useGitServer({ auth });
const me = { name: 'Test User', email: 'test@example.test' };
let work = '';

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'ccms-git-unit-'));
  await server().createRepo('docs', { files: { 'a.txt': 'one\n', 'topics/t1.dita': '<topic id="t1"/>\n', 'topics/t2.dita': '<topic id="t2"/>\n' } });
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

async function clone(name: string) {
  const repo = new GitRepo(path.join(work, name));
  await repo.ensure(server().url('docs'));
  await repo.fetch(auth);
  return repo;
}

describe('GitRepo', () => {
  it('fetches with the credential kept out of .git/config, lists and reads', async () => {
    const repo = await clone('r1');
    const config = await readFile(path.join(repo.dir, 'config'), 'utf8');
    expect(config).not.toContain(auth.password);
    expect(config).not.toContain('Authorization');
    expect((await repo.branches()).map((b) => b.name)).toEqual(['main']);
    const head = await repo.resolve('main');
    expect(head).toMatch(/^[0-9a-f]{40}$/);
    if (!head) return;
    const root = await repo.listFolder(head, '');
    expect(root?.map((e) => [e.name, e.type])).toEqual([
      ['a.txt', 'blob'],
      ['topics', 'tree'],
    ]);
    expect((await repo.readFile(head, 'topics/t1.dita'))?.toString()).toBe('<topic id="t1"/>\n');
    expect(await repo.readFile(head, 'nope')).toBeNull();
    const many = await repo.readFiles(head, ['a.txt', 'missing', 'topics/t2.dita']);
    expect(many.map((b) => b?.toString() ?? null)).toEqual(['one\n', null, '<topic id="t2"/>\n']);
    const last = await repo.lastCommits(head, 'topics', ['topics/t1.dita']);
    expect(last.get('topics/t1.dita')?.message).toBe('Initial content');
  });

  it('names each entry’s last commit as the folder’s history grows, and after a forced push', async () => {
    await server().createRepo('history', { files: { 'topics/a.dita': 'a\n', 'topics/b.dita': 'b\n', 'topics/sub/c.dita': 'c\n' } });
    const url = server().url('history');
    const repo = new GitRepo(path.join(work, 'history'));
    await repo.ensure(url);
    const lastOf = async () => {
      const head = (await repo.fetchBranch(url, 'main', auth)) ?? '';
      const last = await repo.lastCommits(head, 'topics', ['topics/a.dita', 'topics/b.dita', 'topics/sub']);
      return Object.fromEntries([...last].map(([p, info]) => [p, info.message]));
    };
    expect(await lastOf()).toEqual({ 'topics/a.dita': 'Initial content', 'topics/b.dita': 'Initial content', 'topics/sub': 'Initial content' });
    const first = await server().commit('history', 'main', { 'topics/a.dita': 'a2\n' }, 'Change a');
    expect(await lastOf()).toEqual({ 'topics/a.dita': 'Change a', 'topics/b.dita': 'Initial content', 'topics/sub': 'Initial content' });
    await server().commit('history', 'main', { 'topics/sub/c.dita': 'c2\n', 'other.txt': 'x\n' }, 'Change c');
    expect(await lastOf()).toEqual({ 'topics/a.dita': 'Change a', 'topics/b.dita': 'Initial content', 'topics/sub': 'Change c' });
    // Forced back to the first change and on from there: "Change c" is no longer in the history.
    await git(['--git-dir', path.join(server().root, 'history.git'), 'update-ref', 'refs/heads/main', first]);
    await server().commit('history', 'main', { 'topics/b.dita': 'b2\n' }, 'Change b');
    expect(await lastOf()).toEqual({ 'topics/a.dita': 'Change a', 'topics/b.dita': 'Change b', 'topics/sub': 'Initial content' });
  });

  it('fetches one branch from the URL: a push from outside is seen, the other branches stay as they were', async () => {
    await server().createRepo('two', { files: { 'a.txt': 'one\n' } });
    await git(['--git-dir', path.join(server().root, 'two.git'), 'branch', 'side', 'main']);
    const url = server().url('two');
    const repo = new GitRepo(path.join(work, 'one-branch'));
    await repo.ensure(url);
    await repo.fetch(auth);
    const side = await repo.resolve('side');
    const pushed = await server().commit('two', 'main', { 'a.txt': 'two\n' }, 'Pushed from outside');
    const sidePushed = await server().commit('two', 'side', { 'b.txt': 'b\n' }, 'Pushed to the side branch');
    expect(await repo.fetchBranch(url, 'main', auth)).toBe(pushed);
    expect(await repo.resolve('main')).toBe(pushed);
    expect((await repo.readFile(pushed, 'a.txt'))?.toString()).toBe('two\n');
    expect(await repo.resolve('side')).toBe(side);
    expect(side).not.toBe(sidePushed);
    expect(await repo.fetchBranch(url, 'main', auth)).toBe(pushed);
    expect(await repo.resolve('main')).toBe(pushed);
    await expect(repo.fetchBranch(url, 'gone', auth)).rejects.toBeInstanceOf(RemoteError);
    await expect(repo.fetchBranch(url, '-x', auth)).rejects.toMatchObject({ reason: 'branchMissing' });
  });

  it('reads a branch head from the ref files, loose or packed, as git resolves it', async () => {
    const repo = await clone('heads');
    const head = await repo.resolve('main');
    expect(await repo.branchHead('main')).toBe(head);
    expect(await repo.branchHead('nope')).toBeNull();
    await git(['--git-dir', repo.dir, 'pack-refs', '--all']);
    await expect(readFile(path.join(repo.dir, 'refs/remotes/origin/main'))).rejects.toThrow();
    expect(await repo.branchHead('main')).toBe(head);
    expect(await repo.branchHead('nope')).toBeNull();
    // A push writes a loose ref again, in front of the packed one.
    const mine = await repo.buildCommit(head, [{ op: 'put', path: 'heads.txt', content: Buffer.from('h\n') }], 'Heads', me);
    await repo.pushCommit('main', mine, auth, 'tester');
    expect(await repo.branchHead('main')).toBe(mine);
    expect(await repo.resolve('main')).toBe(mine);
  });

  it('reads through one long-lived cat-file: objects written and packs fetched after it started, big and missing ones', async () => {
    const repo = await clone('reader');
    const head = await repo.branchHead('main');
    if (!head) throw new Error('no head');
    expect((await repo.readFile(head, 'a.txt'))?.toString()).toBe('one\n');
    // Loose objects written after the reader started.
    const big = Buffer.alloc(300_000, 'x');
    const mine = await repo.buildCommit(
      head,
      [
        { op: 'put', path: 'big.bin', content: big },
        { op: 'put', path: 'small.txt', content: Buffer.from('s\n') },
      ],
      'Big',
      me,
    );
    const read = await repo.readFiles(mine, ['small.txt', 'big.bin', 'nope', 'a.txt']);
    expect(read.map((b) => b?.length ?? null)).toEqual([2, 300_000, null, 4]);
    expect(read[1]?.equals(big)).toBe(true);
    // Every path, tree by tree through the reader, as ls-tree -r names them.
    const listed = (await git(['--git-dir', repo.dir, 'ls-tree', '-r', '-z', '--name-only', mine])).split('\0').filter(Boolean);
    expect((await repo.filePaths(mine)).sort()).toEqual(listed.sort());
    expect(listed).toContain('topics/t1.dita');
    // A pack fetched after it started (kept as a pack, not unpacked into loose objects).
    const pushed = await server().commit('docs', 'main', { 'later.txt': 'later\n' }, 'Pushed from outside');
    await git(['--git-dir', repo.dir, 'config', 'fetch.unpackLimit', '1']);
    const packsBefore = (await git(['--git-dir', repo.dir, 'count-objects', '-v'])).match(/packs: (\d+)/)?.[1];
    await repo.fetch(auth);
    expect((await git(['--git-dir', repo.dir, 'count-objects', '-v'])).match(/packs: (\d+)/)?.[1]).not.toBe(packsBefore);
    expect((await repo.readFile(pushed, 'later.txt'))?.toString()).toBe('later\n');
    // Reads asked at once are answered each with its own objects.
    const both = await Promise.all([repo.readFile(pushed, 'later.txt'), repo.readFile(mine, 'small.txt'), repo.blobAt(head, 'a.txt')]);
    expect(both.map((b) => (b && 'body' in b ? b.body.toString() : b?.toString()))).toEqual(['later\n', 's\n', 'one\n']);
    await repo.remove();
    expect(await repo.readFile(pushed, 'later.txt').catch(() => null)).toBeNull();
  });

  it('reports a wrong password as an authentication failure', async () => {
    const repo = new GitRepo(path.join(work, 'bad'));
    await repo.ensure(server().url('docs'));
    await expect(repo.fetch({ username: 'alice', password: 'wrong' })).rejects.toMatchObject({ reason: 'authFailed' });
    await expect(GitRepo.listRemoteBranches(server().url('nothing-here'), auth)).rejects.toBeInstanceOf(RemoteError);
  });

  it('replays a commit when the remote moved, and keeps a conflicting one on a saved ref', async () => {
    const repo = await clone('r2');
    const base = await repo.resolve('main');
    if (!base) throw new Error('no head');
    await server().commit('docs', 'main', { 'b.txt': 'remote\n' }, 'Remote change');
    const mine = await repo.buildCommit(base, [{ op: 'put', path: 'c.txt', content: Buffer.from('mine\n') }], 'My change', me);
    const pushed = await repo.pushCommit('main', mine, auth, 'tester');
    expect(pushed.attempts).toBe(2);
    // The clone's branch is where the push put the remote's.
    expect(await repo.resolve('main')).toBe(pushed.commit);
    expect((await server().log('docs', 'main')).slice(0, 2).map((c) => c.subject)).toEqual(['My change', 'Remote change']);

    const head = await repo.resolve('main');
    if (!head) throw new Error('no head');
    await server().commit('docs', 'main', { 'a.txt': 'theirs\n' }, 'Their edit');
    const conflicting = await repo.buildCommit(head, [{ op: 'put', path: 'a.txt', content: Buffer.from('ours\n') }], 'Our edit', me);
    const err = await repo.pushCommit('main', conflicting, auth, 'tester').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MergeConflictError);
    if (!(err instanceof MergeConflictError)) return;
    expect(err.paths).toEqual(['a.txt']);
    expect((await repo.readFile(err.commit, 'a.txt'))?.toString()).toBe('ours\n');
    expect((await repo.savedRefs()).map((r) => r.commit)).toContain(conflicting);
  });

  it("pushes a commit over smart HTTP from this process: the remote has all its objects, the clone's branch moved", async () => {
    const repo = await clone('r-http');
    const url = server().url('docs');
    const base = await repo.branchHead('main');
    if (!base) throw new Error('no head');
    const changes: Change[] = [
      { op: 'put', path: 'new/deep/x.dita', content: Buffer.from('<topic id="x"/>\n') },
      { op: 'put', path: 'new/y.txt', content: Buffer.from('y\n') },
      { op: 'put', path: 'topics/t1.dita', content: Buffer.from('<topic id="t1">changed</topic>\n') },
      { op: 'delete', path: 'topics/t2.dita' },
    ];
    const mine = await repo.buildCommit(base, changes, 'Over HTTP', me);
    const pushed = await repo.pushCommit('main', mine, auth, 'tester', { remote: { url, offer: repo.pushOffer(url, auth) } });
    expect(pushed).toEqual({ commit: mine, attempts: 1, via: 'http' });
    expect(await repo.branchHead('main')).toBe(mine);
    const bare = path.join(server().root, 'docs.git');
    expect((await git(['--git-dir', bare, 'rev-parse', 'refs/heads/main'])).trim()).toBe(mine);
    // Every object the commit reaches is on the remote, as git checks it.
    await git(['--git-dir', bare, 'fsck', '--strict', '--no-dangling']);
    expect(await server().show('docs', 'main', 'new/deep/x.dita')).toBe('<topic id="x"/>\n');
    expect(await server().show('docs', 'main', 'topics/t2.dita')).toBeNull();

    // The remote moved since the refs were asked for: refused, fetched, replayed, pushed again over HTTP.
    const offer = repo.pushOffer(url, auth);
    await offer;
    await server().commit('docs', 'main', { 'b2.txt': 'remote\n' }, 'Remote change meanwhile');
    const next = await repo.buildCommit(mine, [{ op: 'put', path: 'c2.txt', content: Buffer.from('mine\n') }], 'After the remote', me);
    const replayed = await repo.pushCommit('main', next, auth, 'tester', { remote: { url, offer } });
    expect(replayed.attempts).toBe(2);
    expect(replayed.via).toBe('http');
    expect((await server().log('docs', 'main')).slice(0, 2).map((c) => c.subject)).toEqual(['After the remote', 'Remote change meanwhile']);
    expect(await repo.branchHead('main')).toBe(replayed.commit);

    // Refused without a replay: the caller is told the remote moved.
    await server().commit('docs', 'main', { 'b3.txt': 'remote\n' }, 'Another remote change');
    const stale = await repo.buildCommit(replayed.commit, [{ op: 'put', path: 'c3.txt', content: Buffer.from('x\n') }], 'Stale', me);
    await expect(repo.pushCommit('main', stale, auth, 'tester', { replay: false, remote: { url } })).rejects.toBeInstanceOf(RemoteMovedError);
    expect((await server().log('docs', 'main'))[0]?.subject).toBe('Another remote change');
  });

  it('leaves to git push what is not a plain push, and a wrong password is still an authentication failure', async () => {
    const repo = await clone('r-git');
    const url = server().url('docs');
    const head = await repo.branchHead('main');
    if (!head) throw new Error('no head');
    const wrong = { username: 'alice', password: 'wrong' };
    const mine = await repo.buildCommit(head, [{ op: 'put', path: 'd.txt', content: Buffer.from('d\n') }], 'Refused login', me);
    await expect(repo.pushCommit('main', mine, wrong, 'tester', { remote: { url, offer: repo.pushOffer(url, wrong) } })).rejects.toMatchObject({
      reason: 'authFailed',
    });
    // A new branch (the remote has no such ref): git push makes it.
    const made = await repo.pushCommit('fresh', head, auth, 'tester', { remote: { url } });
    expect(made.via).toBe('git');
    expect((await git(['--git-dir', path.join(server().root, 'docs.git'), 'rev-parse', 'refs/heads/fresh'])).trim()).toBe(head);
  });

  it('commits a file named on disk as its blob, byte for byte, next to changes held in memory', async () => {
    const repo = await clone('r3');
    const base = await repo.resolve('main');
    if (!base) throw new Error('no head');
    const onDisk = path.join(work, 'upload.bin');
    const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 31) % 256));
    await writeFile(onDisk, bytes);
    const commit = await repo.buildCommit(
      base,
      [
        { op: 'put', path: 'media/upload.bin', file: onDisk },
        { op: 'put', path: 'notes.txt', content: Buffer.from('in memory\n') },
      ],
      'From a file',
      me,
    );
    expect((await repo.readFile(commit, 'media/upload.bin'))?.equals(bytes)).toBe(true);
    expect((await repo.readFile(commit, 'notes.txt'))?.toString()).toBe('in memory\n');
    // The file is git's input only: it is left where it was, for its owner to remove.
    expect((await readFile(onDisk)).equals(bytes)).toBe(true);
  });
});

/** The tree git's own index makes of `changes` on `parent` (read-tree, update-index, write-tree): what buildCommit must match. */
function treeByGit(dir: string, parent: string, changes: Change[]): string {
  const git = (args: string[], input?: string, env: Record<string, string> = {}) =>
    execFileSync('git', ['--git-dir', dir, ...args], { input, env: { ...process.env, ...env } })
      .toString()
      .trim();
  const env = { GIT_INDEX_FILE: path.join(dir, `reference-index-${Math.random().toString(36).slice(2)}`) };
  git(['read-tree', parent], undefined, env);
  const lines: string[] = [];
  const entries = (p: string) =>
    git(['ls-tree', '-r', '-z', parent])
      .split('\0')
      .filter(Boolean)
      .map((l) => ({ mode: l.split(' ')[0] ?? '', oid: l.split('\t')[0]?.split(' ')[2] ?? '', path: l.slice(l.indexOf('\t') + 1) }))
      .filter((e) => e.path === p || e.path.startsWith(`${p}/`));
  for (const c of changes) {
    if (c.op === 'put') lines.push(`100644 ${git(['hash-object', '-w', '--stdin'], 'content' in c ? c.content.toString() : '')}\t${c.path}`);
    else if (c.op === 'delete') for (const e of entries(c.path)) lines.push(`0 ${'0'.repeat(40)}\t${e.path}`);
    else
      for (const e of entries(c.from)) {
        lines.push(`0 ${'0'.repeat(40)}\t${e.path}`);
        lines.push(`${e.mode} ${e.oid}\t${c.to}${e.path.slice(c.from.length)}`);
      }
  }
  git(['update-index', '--index-info'], `${lines.join('\n')}\n`, env);
  return git(['write-tree'], undefined, env);
}

describe('GitRepo.buildCommit', () => {
  let dir = '';
  let base = '';
  let repo: GitRepo;
  const put = (p: string, text: string): Change => ({ op: 'put', path: p, content: Buffer.from(text) });

  beforeAll(async () => {
    const seed = await mkdtemp(path.join(tmpdir(), 'ccms-git-build-'));
    const files: Record<string, string> = {
      'map.ditamap': '<map/>\n',
      'a.b': 'dot\n',
      'a/x.dita': '<topic id="x"/>\n',
      'a-b/y.dita': '<topic id="y"/>\n',
      'topics/deep/er/t.dita': '<topic id="t"/>\n',
      'topics/deep/u.dita': '<topic id="u"/>\n',
      '主题/概念.dita': '<concept id="c"/>\n',
    };
    for (const [p, text] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(seed, p)), { recursive: true });
      await writeFile(path.join(seed, p), text);
    }
    const run = (args: string[]) =>
      execFileSync('git', ['-C', seed, ...args], {
        env: { ...process.env, GIT_AUTHOR_NAME: 'S', GIT_AUTHOR_EMAIL: 's@x', GIT_COMMITTER_NAME: 'S', GIT_COMMITTER_EMAIL: 's@x' },
      });
    run(['init', '-q', '-b', 'main']);
    run(['add', '-A']);
    run(['commit', '-qm', 'seed']);
    dir = path.join(seed, '.git');
    base = execFileSync('git', ['--git-dir', dir, 'rev-parse', 'HEAD']).toString().trim();
    repo = new GitRepo(dir);
  });

  it.each<[string, Change[]]>([
    ['edits a file at the root', [put('map.ditamap', '<map><title>moved</title></map>\n')]],
    ['adds files in new nested folders, in git order next to "a.b" and "a-b"', [put('a/new/n.dita', 'n\n'), put('a0', 'zero\n'), put('新/文件.dita', 'x\n')]],
    [
      'deletes a file and a folder, dropping folders left empty',
      [
        { op: 'delete', path: 'topics/deep/er/t.dita' },
        { op: 'delete', path: 'a' },
      ],
    ],
    [
      'moves a folder into another and renames a file with a Chinese name',
      [
        { op: 'move', from: 'topics/deep', to: 'a/deep' },
        { op: 'move', from: '主题/概念.dita', to: '主题/概念二.dita' },
      ],
    ],
    ['edits, deletes and adds in one commit', [put('a/x.dita', 'changed\n'), { op: 'delete', path: 'a-b/y.dita' }, put('topics/deep/v.dita', 'v\n')]],
  ])('%s: the same tree as git builds, a valid commit by the author', async (_, changes) => {
    const commit = await repo.buildCommit(base, changes, 'A change\n\nwith a body', { name: ' Ann Writer.', email: 'ann@example.test' });
    const git = (args: string[]) => execFileSync('git', ['--git-dir', dir, ...args]).toString();
    expect(git(['rev-parse', `${commit}^{tree}`]).trim()).toBe(treeByGit(dir, base, changes));
    expect(git(['log', '-1', '--format=%P|%an|%ae|%cn|%B', commit])).toBe(`${base}|Ann Writer|ann@example.test|Ann Writer|A change\n\nwith a body\n`);
    git(['fsck', '--strict', '--no-dangling', commit]);
  });

  it('refuses what makes no sense against the parent, writing no commit', async () => {
    const refused = async (changes: Change[]) => (await repo.buildCommit(base, changes, 'x', me).catch((e: unknown) => e)) as TreeError;
    expect(await refused([put('topics', 'a file where a folder is\n')])).toMatchObject({ reason: 'pathConflict', path: 'topics' });
    expect(await refused([put('map.ditamap/inner.dita', 'under a file\n')])).toMatchObject({ reason: 'pathConflict' });
    expect(await refused([{ op: 'delete', path: 'nothing/here.dita' }])).toMatchObject({ reason: 'missing', path: 'nothing/here.dita' });
    expect(await refused([{ op: 'move', from: 'a', to: 'a-b' }])).toMatchObject({ reason: 'exists', path: 'a-b' });
    expect(await refused([put('a.b', 'dot\n')])).toMatchObject({ reason: 'noChange' });
    const head = execFileSync('git', ['--git-dir', dir, 'rev-parse', 'HEAD']).toString().trim();
    expect(head).toBe(base);
  });

  it('starts a repository with no commit', async () => {
    const empty = await mkdtemp(path.join(tmpdir(), 'ccms-git-empty-'));
    execFileSync('git', ['init', '-q', '--bare', empty]);
    const first = await new GitRepo(empty).buildCommit(null, [put('docs/first.dita', 'first\n')], 'First', me);
    expect(execFileSync('git', ['--git-dir', empty, 'ls-tree', '-r', '--name-only', first]).toString()).toBe('docs/first.dita\n');
    expect(execFileSync('git', ['--git-dir', empty, 'log', '-1', '--format=%P', first]).toString().trim()).toBe('');
    await rm(empty, { recursive: true, force: true });
  });
});
