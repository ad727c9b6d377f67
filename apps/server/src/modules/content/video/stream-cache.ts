import { mkdir, readdir, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** A half-written file older than this is a leftover of a crash, not a write in progress. */
const STALE_PART_MS = 60 * 60_000;

interface Entry {
  file: string;
  size: number;
  used: number;
}

/** Every file under `dir` (one level of folders, as the cache lays them out), with size and last use. */
async function entries(dir: string): Promise<{ files: Entry[]; parts: Entry[] }> {
  const files: Entry[] = [];
  const parts: Entry[] = [];
  const folders = await readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const folder of folders) {
    if (!folder.isDirectory()) continue;
    const sub = path.join(dir, folder.name);
    for (const name of await readdir(sub).catch(() => [])) {
      const file = path.join(sub, name);
      const s = await stat(file).catch(() => undefined);
      if (!s?.isFile()) continue;
      (name.endsWith('.part') ? parts : files).push({ file, size: s.size, used: s.mtimeMs });
    }
  }
  return { files, parts };
}

/**
 * Removes the files used longest ago until the cache holds at most `maxBytes` (never `keep`, the
 * file about to be served), and half-written files a crash left behind. A file being streamed may
 * go: its open stream keeps reading it. Returns the bytes removed.
 */
export async function trimCache(dir: string, maxBytes: number, opts: { keep?: string; now?: number } = {}): Promise<number> {
  const now = opts.now ?? Date.now();
  const { files, parts } = await entries(dir);
  let removed = 0;
  for (const p of parts) {
    if (now - p.used < STALE_PART_MS) continue;
    await rm(p.file, { force: true });
    removed += p.size;
  }
  let total = files.reduce((sum, f) => sum + f.size, 0);
  files.sort((a, b) => a.used - b.used);
  for (const f of files) {
    if (total <= maxBytes) break;
    if (f.file === opts.keep) continue;
    await rm(f.file, { force: true });
    total -= f.size;
    removed += f.size;
  }
  return removed;
}

/**
 * Files read out of git once and kept under `dir/<group>/<key>`, content-addressed (the key is a
 * blob id, so an entry never goes stale), bounded to `maxBytes`: each use marks the file as used
 * now, and each new file trims the cache back to the bound, the least recently used first.
 */
export function streamCache(dir: string, maxBytes: number) {
  let trimming: Promise<unknown> = Promise.resolve();
  return {
    async get(group: string, key: string, load: () => Promise<Buffer | null>): Promise<string> {
      const folder = path.join(dir, group);
      const file = path.join(folder, key);
      const now = new Date();
      try {
        await utimes(file, now, now);
        return file;
      } catch {
        // Not cached yet.
      }
      await mkdir(folder, { recursive: true });
      const content = (await load()) ?? Buffer.alloc(0);
      const partial = `${file}.${process.pid}.${Date.now()}.part`;
      await writeFile(partial, content);
      await rename(partial, file);
      // One trim at a time; the file just written is the newest, so it is the last to go.
      trimming = trimming.then(() => trimCache(dir, maxBytes, { keep: file })).catch(() => undefined);
      await trimming;
      return file;
    },
  };
}
