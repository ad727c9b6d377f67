import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * File storage behind one interface (local directory now, S3-compatible later). Keys are
 * relative paths; a key that would leave the root is refused, so nothing outside is reachable.
 */
export interface Storage {
  put(key: string, data: Buffer | Readable): Promise<void>;
  read(key: string): Promise<Readable>;
  size(key: string): Promise<number | null>;
  remove(key: string): Promise<void>;
  /** Absolute path of a key, for tools that need a file (zip, git). */
  pathOf(key: string): string;
}

export class UnsafePathError extends Error {
  constructor(key: string) {
    super(`unsafe storage key: ${key}`);
  }
}

export function localStorage(root: string): Storage {
  const base = path.resolve(root);
  const pathOf = (key: string) => {
    if (key.includes('\0')) throw new UnsafePathError(key);
    const full = path.resolve(base, key.replace(/^\/+/, ''));
    if (full !== base && !full.startsWith(base + path.sep)) throw new UnsafePathError(key);
    return full;
  };
  return {
    pathOf,
    async put(key, data) {
      const full = pathOf(key);
      await mkdir(path.dirname(full), { recursive: true });
      if (Buffer.isBuffer(data)) await writeFile(full, data);
      else await pipeline(data, createWriteStream(full));
    },
    async read(key) {
      const full = pathOf(key);
      await stat(full);
      return createReadStream(full);
    },
    async size(key) {
      try {
        const s = await stat(pathOf(key));
        return s.isFile() ? s.size : null;
      } catch {
        return null;
      }
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
