import { execFile } from 'node:child_process';
import { copyFile, link, lstat } from 'node:fs';
import { copyFile as copy, link as hardLink, mkdir, readdir, rm, lstat as statOf } from 'node:fs/promises';
import path from 'node:path';

/** Errors that mean "no hard link here" (another device, a file system without links): copy instead. */
const NO_LINK = new Set(['EXDEV', 'EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'EMLINK']);
/** Links in flight at once (the file system works on libuv's threads). */
const CONCURRENCY = 32;

/**
 * Puts every file of `from` into the new folder `to` as a hard link (no bytes copied), or as a
 * copy where a link cannot be made. Answers the total size in bytes. The caller must never write
 * into a file of `from` in place afterwards (write a new file and rename, or unlink first), so
 * what `to` holds never changes.
 */
export async function linkTree(from: string, to: string): Promise<number> {
  // One `cp -al` and one `find` do it in their own process, whatever keeps this event loop busy
  // (an index of the library after the fetch); where they fail (no GNU tools, another device) the
  // same is done from here, copying where a link cannot be made.
  const viaTools = await run('cp', ['-al', '--', `${from}/.`, to]).then(
    async () => (await run('find', [to, '-type', 'f', '-printf', '%s\\n'])).split('\n').reduce((sum, n) => sum + (Number(n) || 0), 0),
    async () => {
      await rm(to, { recursive: true, force: true });
      return null;
    },
  );
  if (viaTools !== null) return viaTools;
  const entries = await readdir(from, { withFileTypes: true, recursive: true });
  const files: string[] = [];
  const dirs = new Set<string>([to]);
  for (const e of entries) {
    const rel = path.relative(from, path.join(e.parentPath, e.name));
    if (e.isDirectory()) dirs.add(path.join(to, rel));
    else if (e.isFile()) files.push(rel);
  }
  // Parents first (shorter paths); recursive mkdir makes each once.
  for (const dir of [...dirs].sort((a, b) => a.length - b.length)) await mkdir(dir, { recursive: true });
  let size = 0;
  let next = 0;
  const one = (rel: string) =>
    new Promise<void>((resolve, reject) => {
      const src = path.join(from, rel);
      const dst = path.join(to, rel);
      const counted = (err: NodeJS.ErrnoException | null) => {
        if (err) return reject(err);
        lstat(dst, (e, st) => {
          if (e) return reject(e);
          size += st.size;
          resolve();
        });
      };
      link(src, dst, (err) => {
        if (err && NO_LINK.has(err.code ?? '')) copyFile(src, dst, counted);
        else counted(err);
      });
    });
  const lane = async () => {
    while (next < files.length) {
      const rel = files[next++] as string;
      await one(rel);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, files.length) }, lane));
  return size;
}

/** The total size in bytes of the files under `dir` (one `find`, or a walk from here where that fails). */
export async function treeSize(dir: string): Promise<number> {
  try {
    return (await run('find', [dir, '-type', 'f', '-printf', '%s\\n'])).split('\n').reduce((sum, n) => sum + (Number(n) || 0), 0);
  } catch {
    const entries = await readdir(dir, { withFileTypes: true, recursive: true });
    let size = 0;
    for (const e of entries) if (e.isFile()) size += (await statOf(path.join(e.parentPath, e.name))).size;
    return size;
  }
}

/** One file as a hard link (a copy where a link cannot be made); answers its size. */
export async function linkFile(from: string, to: string): Promise<number> {
  try {
    await hardLink(from, to);
  } catch (err) {
    if (!NO_LINK.has((err as NodeJS.ErrnoException).code ?? '')) throw err;
    await copy(from, to);
  }
  return (await statOf(to)).size;
}

function run(cmd: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(cmd, args, { maxBuffer: 64 * 1024 * 1024 }, (err, stdout) => (err ? reject(err) : resolve(stdout)));
  });
}
