import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** One object of a store: its key (relative to the store it was listed from) and its size in bytes. */
export interface StoredObject {
  key: string;
  size: number;
}

/** An inclusive byte range, as HTTP's Range header names it. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * File storage behind one interface: the data folder (the embedded default) or an S3-compatible
 * object store. Keys are relative, slash-separated paths; a key that would leave the store (or
 * the scope it was taken from) is refused, so nothing outside is reachable through one.
 */
export interface Storage {
  /** Where the objects live, for logs and errors ("data folder …", "s3://bucket/prefix"); never a credential. */
  readonly where: string;
  put(key: string, data: Buffer | Readable): Promise<void>;
  /** The object's bytes, or the range of them; rejects with StoredObjectMissing when there is no such object. */
  read(key: string, range?: ByteRange): Promise<Readable>;
  /** The object's bytes with its size, in one request (what an HTTP answer needs); rejects as read does. */
  open(key: string): Promise<{ stream: Readable; size: number }>;
  /** Stores a file of this node's disk under `key` and takes it away (a rename on the data folder); answers its size. */
  moveIn(key: string, file: string): Promise<number>;
  /** The object's size, or null when there is no such object. */
  size(key: string): Promise<number | null>;
  remove(key: string): Promise<void>;
  /** Removes every object under a prefix (a folder of keys). */
  removeAll(prefix: string): Promise<void>;
  /** Every object under a prefix ("" for all), keys relative to this store. */
  list(prefix: string): AsyncIterable<StoredObject>;
  /** Resolves when the store answers (readiness); rejects with the reason otherwise. */
  probe(): Promise<void>;
  /** The same store seen from a prefix: its keys are relative to it and cannot leave it. */
  scoped(prefix: string): Storage;
  /**
   * The file a key is on this node's disk, for the data-folder store only (zero-copy work such
   * as renaming a build's folder into place); undefined on a remote store, which callers treat
   * as "upload, then read back through the store".
   */
  readonly localPathOf?: (key: string) => string;
}

export class UnsafePathError extends Error {
  constructor(key: string) {
    super(`unsafe storage key: ${key}`);
  }
}

export class StoredObjectMissing extends Error {
  readonly code = 'ENOENT';
  constructor(where: string, key: string) {
    super(`no object ${key} in ${where}`);
  }
}

/**
 * A key as stores hold it: slash-separated, no leading slash, no "." or ".." left. A key that
 * climbs above its store (or holds a NUL) is refused; "" names the store's root (for prefixes).
 */
export function normalizeKey(key: string): string {
  if (key.includes('\0')) throw new UnsafePathError(key);
  const slashed = key.replace(/\\/g, '/').replace(/^\/+/, '');
  if (slashed === '') return '';
  const normal = path.posix.normalize(slashed);
  if (normal === '..' || normal.startsWith('../') || path.posix.isAbsolute(normal)) throw new UnsafePathError(key);
  return normal === '.' ? '' : normal.replace(/\/+$/, '');
}

/** Joins a prefix and a key, each normalised, so the result never leaves the prefix. */
export function joinKey(prefix: string, key: string): string {
  const p = normalizeKey(prefix);
  const k = normalizeKey(key);
  return p && k ? `${p}/${k}` : p || k;
}

/** Every file under a local folder, as slash-separated paths relative to it (links are not followed). */
export async function filesUnder(dir: string): Promise<{ rel: string; abs: string }[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => {
      const abs = path.join(e.parentPath, e.name);
      return { rel: path.relative(dir, abs).split(path.sep).join('/'), abs };
    });
}

/** Runs the tasks with at most `width` of them at a time; rejects with the first failure after the running ones end. */
export async function inBatches<T>(items: readonly T[], width: number, task: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  let failure: unknown;
  const worker = async () => {
    while (failure === undefined && next < items.length) {
      const item = items[next++] as T;
      try {
        await task(item);
      } catch (err) {
        failure ??= err;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
  if (failure !== undefined) throw failure;
}

/**
 * Copies a local folder into a store under a prefix; answers the bytes written. What was under
 * the prefix before is not removed (callers write a fresh prefix, such as a new output's id).
 */
export async function putTree(store: Storage, prefix: string, dir: string): Promise<number> {
  const files = await filesUnder(dir);
  let bytes = 0;
  await inBatches(files, 8, async (f) => {
    const { size } = await stat(f.abs);
    bytes += size;
    await store.put(joinKey(prefix, f.rel), createReadStream(f.abs));
  });
  return bytes;
}
