import { existsSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { linkFile, linkTree } from './link-tree';

/** A file system other than the temporary folder's (tmpfs), to see the copy fallback. */
const otherFileSystem = existsSync('/dev/shm') && statSync('/dev/shm').dev !== statSync(tmpdir()).dev;

/** Keeping a build's files as an output: hard links on the same file system, copies across file systems. */
describe('linkTree', () => {
  const dirs: string[] = [];
  const temp = async (parent: string) => {
    const dir = await mkdtemp(path.join(parent, 'ccms-link-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(async () => {
    for (const d of dirs) await rm(d, { recursive: true, force: true });
  });

  async function build(dir: string) {
    await mkdir(path.join(dir, 'topics', 'deep'), { recursive: true });
    await writeFile(path.join(dir, 'index.html'), '<h1>Index</h1>');
    await writeFile(path.join(dir, 'topics', 'a.html'), 'A page');
    await writeFile(path.join(dir, 'topics', 'deep', 'b.html'), 'B');
    await mkdir(path.join(dir, 'empty'));
  }

  it('links every file (same inode, no bytes copied), keeps folders, answers the total size', async () => {
    const from = await temp(tmpdir());
    await build(from);
    const to = path.join(await temp(tmpdir()), 'out');
    expect(await linkTree(from, to)).toBe('<h1>Index</h1>'.length + 'A page'.length + 1);
    for (const f of ['index.html', 'topics/a.html', 'topics/deep/b.html']) {
      expect((await stat(path.join(to, f))).ino).toBe((await stat(path.join(from, f))).ino);
    }
    expect(existsSync(path.join(to, 'empty'))).toBe(true);
    // A later build replaces its file (unlink, write): the kept output holds the earlier bytes.
    await unlink(path.join(from, 'topics', 'a.html'));
    await writeFile(path.join(from, 'topics', 'a.html'), 'A page, edited');
    expect(await readFile(path.join(to, 'topics', 'a.html'), 'utf8')).toBe('A page');
    expect(await linkFile(path.join(from, 'index.html'), path.join(to, 'again.html'))).toBe('<h1>Index</h1>'.length);
  });

  it.skipIf(!otherFileSystem)('copies where a hard link cannot be made (another file system)', async () => {
    const from = await temp('/dev/shm');
    await build(from);
    const to = path.join(await temp(tmpdir()), 'out');
    expect(await linkTree(from, to)).toBe('<h1>Index</h1>'.length + 'A page'.length + 1);
    expect(await readFile(path.join(to, 'topics', 'deep', 'b.html'), 'utf8')).toBe('B');
    expect((await stat(path.join(to, 'index.html'))).ino).not.toBe((await stat(path.join(from, 'index.html'))).ino);
  });
});
