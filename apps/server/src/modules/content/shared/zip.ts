import { createWriteStream } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { AppError, badRequest } from '../../../platform/http/errors';
import { repoPath } from './repo-path';

/**
 * Limits of an uploaded package, so a zip bomb cannot exhaust memory, disk or time: the sizes
 * the zip declares are summed before anything is inflated, the bytes actually inflated are
 * counted too (a lying header stops at the limit), and the whole walk has a deadline.
 */
export interface ZipLimits {
  maxEntries: number;
  maxTotalBytes: number;
  maxMs: number;
}
export const ZIP_LIMITS: ZipLimits = { maxEntries: 10_000, maxTotalBytes: 100 * 1024 * 1024, maxMs: 60_000 };

const tooLarge = (limits: ZipLimits) =>
  badRequest('explorer.zipTooLarge', { max: `${Math.round(limits.maxTotalBytes / 1024 / 1024)} MB`, entries: limits.maxEntries });
const invalid = () => badRequest('explorer.zipInvalid');

/** A file of a zip (paths relative to the zip root), for writing one. */
export interface ZipFile {
  path: string;
  content: Buffer;
}

/** A file entry of a package, unpacked to a private temp file. */
export interface UnpackedEntry {
  /** The entry's path, normalised; never outside the target folder. */
  path: string;
  /** The temp file holding its bytes (0600, removed with the unpack folder). */
  file: string;
}

async function startsAsZip(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const magic = Buffer.alloc(4);
    const { bytesRead } = await handle.read(magic, 0, 4, 0);
    return bytesRead === 4 && magic.readUInt32LE(0) === 0x04034b50;
  } finally {
    await handle.close();
  }
}

/**
 * Walks the file entries of a zip on disk one at a time, each inflated as a stream into what
 * `sink` gives for it: never more than a chunk of it in memory. Each path is normalised; an
 * entry that would land outside the target folder (absolute, "..", backslashes, NUL) refuses
 * the whole package, as does passing a limit. Answers the paths in zip order.
 */
async function walkZip(zipFile: string, limits: ZipLimits, sink: (index: number) => Writable): Promise<string[]> {
  if (!(await startsAsZip(zipFile))) throw invalid();
  const started = Date.now();
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    // Names are decoded here, not by yauzl, so an unsafe name is reported as such; entry sizes are still checked.
    yauzl.open(zipFile, { lazyEntries: true, decodeStrings: false, validateEntrySizes: true, autoClose: false }, (err, z) =>
      err || !z ? reject(invalid()) : resolve(z),
    ),
  );
  const paths: string[] = [];
  try {
    if (zip.entryCount > limits.maxEntries) throw tooLarge(limits);
    let declared = 0;
    let inflated = 0;
    await new Promise<void>((resolve, reject) => {
      let stopped = false;
      let current: Readable | null = null;
      const fail = (err: unknown) => {
        if (stopped) return;
        stopped = true;
        clearTimeout(timer);
        current?.destroy();
        reject(err instanceof AppError ? err : invalid());
      };
      const timer = setTimeout(() => fail(tooLarge(limits)), limits.maxMs);
      zip.on('error', () => fail(invalid()));
      zip.on('end', () => {
        clearTimeout(timer);
        if (!stopped) resolve();
      });
      zip.on('entry', (entry: yauzl.Entry) => {
        if (stopped) return;
        if (Date.now() - started >= limits.maxMs) return fail(tooLarge(limits));
        const raw = entry.fileName as unknown as Buffer;
        // Bit 11: the name is UTF-8; older tools write code page 437, read here as Latin-1.
        const name = raw.toString(entry.generalPurposeBitFlag & 0x800 ? 'utf8' : 'latin1');
        let clean: string;
        try {
          clean = repoPath(name, 'file', { root: true });
        } catch {
          return fail(badRequest('explorer.zipUnsafe', { path: name.slice(0, 200) }));
        }
        if (name.endsWith('/') || clean === '') return zip.readEntry();
        declared += entry.uncompressedSize;
        if (paths.length >= limits.maxEntries || declared > limits.maxTotalBytes) return fail(tooLarge(limits));
        zip.openReadStream(entry, (err, stream) => {
          if (err || !stream) return fail(invalid());
          if (stopped) return stream.destroy();
          current = stream;
          const counter = new Transform({
            transform(chunk: Buffer, _enc, done) {
              inflated += chunk.length;
              done(inflated > limits.maxTotalBytes ? tooLarge(limits) : null, chunk);
            },
          });
          pipeline(stream, counter, sink(paths.length)).then(
            () => {
              current = null;
              if (stopped) return;
              paths.push(clean);
              zip.readEntry();
            },
            (e: unknown) => fail(e),
          );
        });
      });
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
  return paths;
}

/** The paths of a package's files, every entry inflated (into nothing) and checked under the limits. */
export function listZip(zipFile: string, limits: ZipLimits = ZIP_LIMITS): Promise<string[]> {
  return walkZip(
    zipFile,
    limits,
    () =>
      new Writable({
        write(_chunk, _enc, done) {
          done();
        },
      }),
  );
}

/**
 * Unpacks a package into a private folder beside it (0700, files 0600), runs `use` with its
 * entries, and removes the folder whatever happens; nothing of it is held in memory.
 */
export async function withUnpackedZip<T>(zipFile: string, use: (entries: UnpackedEntry[]) => Promise<T>, limits: ZipLimits = ZIP_LIMITS): Promise<T> {
  const dir = await mkdtemp(path.join(path.dirname(zipFile), '.unzip-'));
  try {
    const fileOf = (index: number) => path.join(dir, String(index));
    const paths = await walkZip(zipFile, limits, (index) => createWriteStream(fileOf(index), { flags: 'wx', mode: 0o600 }));
    return await use(paths.map((p, i) => ({ path: p, file: fileOf(i) })));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A zip of files (paths relative to the zip root). */
export function writeZip(files: ZipFile[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const f of files) zip.addBuffer(f.content, f.path);
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('error', reject);
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
  });
}
