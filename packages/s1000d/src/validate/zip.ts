import { inflateRawSync } from 'node:zlib';

export interface ZipLimits {
  maxEntries: number;
  maxTotalBytes: number;
}

export const ZIP_LIMITS: ZipLimits = { maxEntries: 5_000, maxTotalBytes: 100 * 1024 * 1024 };

export class ZipError extends Error {}

/**
 * The files of a zip held in memory whose names pass `want` (stored or deflated entries). The
 * sizes the zip declares are summed before anything is inflated and each inflation is capped at
 * its declared size, so a zip bomb stops at the limits.
 */
export function readZip(buffer: Uint8Array, want: (name: string) => boolean, limits: ZipLimits = ZIP_LIMITS): Map<string, Uint8Array> {
  const buf = Buffer.from(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 65_557); i--)
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  if (eocd < 0) throw new ZipError('not a zip file (no end of central directory)');
  const count = buf.readUInt16LE(eocd + 10);
  let at = buf.readUInt32LE(eocd + 16);
  if (count > limits.maxEntries) throw new ZipError(`too many entries (${count} > ${limits.maxEntries})`);
  const entries: { name: string; method: number; size: number; compressed: number; local: number }[] = [];
  let total = 0;
  for (let i = 0; i < count; i++) {
    if (at + 46 > buf.length || buf.readUInt32LE(at) !== 0x02014b50) throw new ZipError('damaged central directory');
    const method = buf.readUInt16LE(at + 10);
    const compressed = buf.readUInt32LE(at + 20);
    const size = buf.readUInt32LE(at + 24);
    const nameLen = buf.readUInt16LE(at + 28);
    const extraLen = buf.readUInt16LE(at + 30);
    const commentLen = buf.readUInt16LE(at + 32);
    const local = buf.readUInt32LE(at + 42);
    const name = buf.subarray(at + 46, at + 46 + nameLen).toString('utf8');
    at += 46 + nameLen + extraLen + commentLen;
    if (name.endsWith('/') || !want(name)) continue;
    total += size;
    if (total > limits.maxTotalBytes) throw new ZipError(`content too large (over ${limits.maxTotalBytes} bytes)`);
    entries.push({ name, method, size, compressed, local });
  }
  const out = new Map<string, Uint8Array>();
  for (const e of entries) {
    if (e.local + 30 > buf.length || buf.readUInt32LE(e.local) !== 0x04034b50) throw new ZipError(`damaged entry ${e.name}`);
    const start = e.local + 30 + buf.readUInt16LE(e.local + 26) + buf.readUInt16LE(e.local + 28);
    const data = buf.subarray(start, start + e.compressed);
    if (e.method === 0) out.set(e.name, new Uint8Array(data));
    else if (e.method === 8) {
      try {
        out.set(e.name, new Uint8Array(inflateRawSync(data, { maxOutputLength: Math.max(1, e.size) })));
      } catch {
        throw new ZipError(`entry ${e.name} does not inflate to its declared size`);
      }
    } else throw new ZipError(`entry ${e.name} uses compression method ${e.method}`);
  }
  return out;
}
