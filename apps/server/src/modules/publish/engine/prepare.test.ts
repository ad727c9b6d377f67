import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { git } from '../../../../test/git-http-server';
import { GitRepo } from '../../../platform/git/git-repo';
import { checkout } from './prepare';

let work = '';
let repo: GitRepo;
let commit = '';

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'ccms-prepare-'));
  const tree = path.join(work, 'tree');
  await git(['init', '-q', '-b', 'main', tree]);
  await writeFile(path.join(tree, 'map.ditamap'), '<map/>\n');
  await git(['add', '-A'], tree);
  await git(['commit', '-q', '-m', 'one'], tree);
  commit = (await git(['rev-parse', 'HEAD'], tree)).trim();
  repo = new GitRepo(path.join(tree, '.git'));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

describe('checkout', () => {
  it('writes the files of a commit into an emptied folder', async () => {
    const dir = path.join(work, 'src');
    await checkout(repo, commit, dir);
    await writeFile(path.join(dir, 'stray.txt'), 'left over');
    await checkout(repo, commit, dir);
    expect(await readFile(path.join(dir, 'map.ditamap'), 'utf8')).toBe('<map/>\n');
    await expect(readFile(path.join(dir, 'stray.txt'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('fails on a commit the clone does not have, rather than waiting', async () => {
    await expect(checkout(repo, 'f'.repeat(40), path.join(work, 'bad'))).rejects.toThrow(/checkout of ffffffffffff failed/);
  });
});
