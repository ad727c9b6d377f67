import yauzl from 'yauzl';
import yazl from 'yazl';
import { badRequest } from '../../../platform/http/errors';
import { repoPath } from './repo-path';

/**
 * Limits of an uploaded package, so a zip bomb cannot exhaust memory or time: the sizes the zip
 * declares are summed before anything is inflated, the bytes actually inflated are counted too
 * (a lying header stops at the limit), and the whole walk has a deadline.
 */
export interface ZipLimits {
  maxEntries: number;
  maxTotalBytes: number;
  maxMs: number;
}
export const ZIP_LIMITS: ZipLimits = { maxEntries: 10_000, maxTotalBytes: 100 * 1024 * 1024, maxMs: 60_000 };

const tooLarge = (limits: ZipLimits) =>
  badRequest('explorer.zipTooLarge', { max: `${Math.round(limits.maxTotalBytes / 1024 / 1024)} MB`, entries: limits.maxEntries });

export interface ZipFile {
  path: string;
  content: Buffer;
}

const isZip = (buffer: Buffer) => buffer.length >= 4 && buffer.readUInt32LE(0) === 0x04034b50;

/**
 * Files of a zip package, each path normalised; an entry that would land outside the target
 * folder (absolute, "..", backslashes, NUL) refuses the whole package before anything is written.
 */
export async function readZip(buffer: Buffer, limits: ZipLimits = ZIP_LIMITS): Promise<ZipFile[]> {
  if (!isZip(buffer)) throw badRequest('explorer.zipInvalid');
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    // Names are decoded here, not by yauzl, so an unsafe name is reported as such; entry sizes are still checked.
    yauzl.fromBuffer(buffer, { lazyEntries: true, decodeStrings: false, validateEntrySizes: true }, (err, z) =>
      err || !z ? reject(badRequest('explorer.zipInvalid')) : resolve(z),
    ),
  );
  if (zip.entryCount > limits.maxEntries) throw tooLarge(limits);
  const files: ZipFile[] = [];
  let declared = 0;
  let inflated = 0;
  // A buffer holds no file handle: nothing to close when a bad entry stops the walk.
  await new Promise<void>((resolve, reject) => {
    let stopped = false;
    const fail = (err: unknown) => {
      stopped = true;
      clearTimeout(timer);
      reject(err);
    };
    const timer = setTimeout(() => fail(tooLarge(limits)), limits.maxMs);
    zip.on('error', () => fail(badRequest('explorer.zipInvalid')));
    zip.on('end', () => {
      clearTimeout(timer);
      resolve();
    });
    zip.on('entry', (entry: yauzl.Entry) => {
      const raw = entry.fileName as unknown as Buffer;
      // Bit 11: the name is UTF-8; older tools write code page 437, read here as Latin-1.
      const name = raw.toString(entry.generalPurposeBitFlag & 0x800 ? 'utf8' : 'latin1');
      let path: string;
      try {
        path = repoPath(name, 'file', { root: true });
      } catch {
        fail(badRequest('explorer.zipUnsafe', { path: name.slice(0, 200) }));
        return;
      }
      if (name.endsWith('/') || path === '') {
        zip.readEntry();
        return;
      }
      declared += entry.uncompressedSize;
      if (files.length >= limits.maxEntries || declared > limits.maxTotalBytes) {
        fail(tooLarge(limits));
        return;
      }
      zip.openReadStream(entry, (err, stream) => {
        if (err || !stream) {
          fail(badRequest('explorer.zipInvalid'));
          return;
        }
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => {
          inflated += c.length;
          if (stopped) {
            stream.destroy();
            return;
          }
          if (inflated > limits.maxTotalBytes) {
            stream.destroy();
            fail(tooLarge(limits));
            return;
          }
          chunks.push(c);
        });
        stream.on('error', () => fail(badRequest('explorer.zipInvalid')));
        stream.on('end', () => {
          if (stopped) return;
          files.push({ path, content: Buffer.concat(chunks) });
          zip.readEntry();
        });
      });
    });
    zip.readEntry();
  });
  return files;
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
