import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, realpath, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { normalizeKey, type Storage, StoredObjectMissing, UnsafePathError } from './storage';

/**
 * The data-folder store: a key is a file under the root. A read follows links only when where
 * they lead is still under the root, so a link planted in a folder cannot reach past it.
 */
export function localStorage(root: string): Storage {
  const base = path.resolve(root);
  const where = `data folder ${base}`;
  const fileOf = (key: string) => {
    const k = normalizeKey(key);
    const full = k ? path.join(base, ...k.split('/')) : base;
    if (full !== base && !full.startsWith(base + path.sep)) throw new UnsafePathError(key);
    return full;
  };

  /** The real file of a key, or null when missing or not a file; a link leading out of the root is refused (UnsafePathError). */
  async function realFile(key: string): Promise<{ file: string; size: number } | null> {
    const full = fileOf(key);
    let realBase: string;
    let real: string;
    try {
      [realBase, real] = await Promise.all([realpath(base), realpath(full)]);
    } catch {
      return null;
    }
    if (!real.startsWith(realBase + path.sep)) throw new UnsafePathError(key);
    const info = await stat(real).catch(() => null);
    return info?.isFile() ? { file: real, size: info.size } : null;
  }

  async function* walk(dir: string): AsyncIterable<{ abs: string; size: number }> {
    let entries: import('node:fs').Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const abs = path.join(dir, e.name);
      if (e.isDirectory()) yield* walk(abs);
      else if (e.isFile()) yield { abs, size: (await stat(abs)).size };
    }
  }

  return {
    where,
    localPathOf: fileOf,
    async put(key, data) {
      const full = fileOf(key);
      await mkdir(path.dirname(full), { recursive: true });
      if (Buffer.isBuffer(data)) await writeFile(full, data);
      else await pipeline(data, createWriteStream(full));
    },
    async read(key, range) {
      const found = await realFile(key);
      if (!found) throw new StoredObjectMissing(where, key);
      return createReadStream(found.file, range ? { start: range.start, end: range.end } : undefined);
    },
    async open(key) {
      const found = await realFile(key);
      if (!found) throw new StoredObjectMissing(where, key);
      return { stream: createReadStream(found.file), size: found.size };
    },
    async moveIn(key, file) {
      const full = fileOf(key);
      await mkdir(path.dirname(full), { recursive: true });
      const { size } = await stat(file);
      try {
        await rename(file, full);
      } catch (err) {
        // Another file system (a data folder on its own disk): copied, then removed.
        if ((err as { code?: string }).code !== 'EXDEV') throw err;
        await pipeline(createReadStream(file), createWriteStream(full));
        await rm(file, { force: true });
      }
      return size;
    },
    async size(key) {
      return (await realFile(key))?.size ?? null;
    },
    async remove(key) {
      await rm(fileOf(key), { force: true });
    },
    async removeAll(prefix) {
      const dir = fileOf(prefix);
      if (dir === base) throw new UnsafePathError(prefix);
      await rm(dir, { recursive: true, force: true });
    },
    async *list(prefix) {
      const dir = fileOf(prefix);
      for await (const f of walk(dir)) yield { key: path.relative(base, f.abs).split(path.sep).join('/'), size: f.size };
    },
    async probe() {
      await mkdir(base, { recursive: true });
      await stat(base);
    },
    scoped(prefix) {
      return localStorage(fileOf(prefix));
    },
  };
}
