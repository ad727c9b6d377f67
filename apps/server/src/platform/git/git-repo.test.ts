import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { git } from '../../../test/git-http-server';
import { useGitServer } from '../../../test/git-server';
import { GitRepo, MergeConflictError, RemoteError } from './git-repo';

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
