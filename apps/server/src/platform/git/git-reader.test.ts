import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { git } from '../../../test/git-http-server';
import { closeBatchReader } from './batch-reader';
import { GitReader } from './git-reader';
import { GitRepo } from './git-repo';
import { forgetLastCommits } from './last-commits';

const me = { name: 'Test User', email: 'test@example.test' };
let work = '';

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'ccms-git-reader-'));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

describe('GitReader', () => {
  it('lists a folder and walks saves’ commits through the reader as ls-tree and git log name them', async () => {
    const dir = path.join(work, 'walked');
    await git(['init', '-q', '-b', 'main', dir]);
    const gitDir = path.join(dir, '.git');
    const commit = async (message: string, files: Record<string, string | null>, env: NodeJS.ProcessEnv = {}, mode?: number) => {
      for (const [name, text] of Object.entries(files)) {
        if (text === null) await rm(path.join(dir, name));
        else {
          await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
          await writeFile(path.join(dir, name), text);
        }
      }
      if (mode) await chmod(path.join(dir, 'topics/a.dita'), mode);
      await git(['add', '-A'], dir);
      await git(['-c', 'user.name=Ann Writer', '-c', 'user.email=ann@example.test', 'commit', '-q', '--allow-empty', '-m', message], dir, env);
      return (await git(['rev-parse', 'HEAD'], dir)).trim();
    };
    const start = await commit('Start', { 'topics/a.dita': 'a\n', 'topics/b.dita': 'b\n', 'topics/sub/c.dita': 'c\n', 'readme.md': 'r\n' });
    const reader = new GitReader(gitDir);
    const entries = ['topics/a.dita', 'topics/b.dita', 'topics/sub', 'topics/gone.dita', 'topics/new.dita'];
    // Remembered at the start, then brought on along the line of commits since.
    await reader.lastCommits(start, 'topics', entries);
    await commit('Change a', { 'topics/a.dita': 'a2\n', 'topics/gone.dita': 'g\n' }, { GIT_AUTHOR_DATE: '2026-03-01T10:00:00-0530' });
    await commit('  Two lines  \nof subject\n\nand a body', { 'topics/sub/c.dita': 'c2\n', 'readme.md': 'r2\n' });
    await commit('Outside only', { 'readme.md': 'r3\n' });
    await commit('Executable a', {}, {}, 0o755);
    const head = await commit('Delete and add', { 'topics/gone.dita': null, 'topics/new.dita': 'n\n' }, { GIT_AUTHOR_DATE: '2026-07-04T23:30:00+1245' });
    const walked = await reader.lastCommits(head, 'topics', entries);
    forgetLastCommits(gitDir);
    const logged = await reader.lastCommits(head, 'topics', entries);
    expect(Object.fromEntries(walked)).toEqual(Object.fromEntries(logged));
    expect(walked.get('topics/sub')?.message).toBe('  Two lines of subject');
    expect(walked.get('topics/a.dita')?.message).toBe('Executable a');
    expect(walked.get('topics/new.dita')?.date).toBe('2026-07-04T23:30:00+12:45');
    // A commit this process built (a save's) is walked without reading it, and named as git log names it.
    const built = await new GitRepo(gitDir).buildCommit(head, [{ op: 'put', path: 'topics/b.dita', content: Buffer.from('b3\n') }], 'Saved here', me);
    const afterSave = await reader.lastCommits(built, 'topics', entries);
    forgetLastCommits(gitDir);
    expect(Object.fromEntries(afterSave)).toEqual(Object.fromEntries(await reader.lastCommits(built, 'topics', entries)));
    expect(afterSave.get('topics/b.dita')).toMatchObject({ commit: built, message: 'Saved here', author: me.name, email: me.email });
    // The folder as ls-tree -l lists it: modes, ids, sizes, folders without a size; remembered by tree id.
    const byGit = (await git(['ls-tree', '-l', '-z', `${head}:topics`], dir))
      .split('\0')
      .filter(Boolean)
      .map((record) => {
        const [meta = '', name = ''] = record.split('\t');
        const [mode, type, oid, size] = meta.split(/\s+/);
        return { name, path: `topics/${name}`, type, mode, oid, size: size === '-' ? null : Number(size) };
      });
    expect(await reader.listFolder(head, 'topics')).toEqual(byGit);
    expect(await reader.listFolder(head, 'topics')).toEqual(byGit);
    expect(await reader.listFolder(head, 'topics/a.dita')).toBeNull();
    expect(await reader.listFolder(head, 'nope')).toBeNull();
    expect(await reader.typeOf(head, 'topics/sub')).toBe('tree');
    expect(await reader.typeOf(head, 'topics/gone.dita')).toBeNull();
    expect(await reader.objectIdAt(head, 'topics/new.dita')).toBe(byGit.find((e) => e.name === 'new.dita')?.oid);
    closeBatchReader(gitDir);
  });
});
