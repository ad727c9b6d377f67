import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listZip, withUnpackedZip, writeZip, type ZipLimits } from './zip';

/** Packages as attackers send them, read from disk with the limits turned down so each one bites. */
let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ccms-zip-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const MB = 1024 * 1024;
const limits = (over: Partial<ZipLimits> = {}): ZipLimits => ({ maxEntries: 100, maxTotalBytes: 4 * MB, maxMs: 60_000, ...over });
const TOO_LARGE = 'explorer.zipTooLarge';

async function zipFile(name: string, files: { path: string; content: Buffer }[]) {
  const file = path.join(dir, name);
  await writeFile(file, await writeZip(files));
  return file;
}

/** What is left beside the zips: unpack folders must all be gone. */
const leftovers = async () => (await readdir(dir)).filter((n) => n.startsWith('.unzip-'));

describe('zip packages on disk', () => {
  it('unpacks each entry to a 0600 file in a private folder, and removes the folder after use', async () => {
    const file = await zipFile('ok.zip', [
      { path: 'a/one.dita', content: Buffer.from('<topic id="one"/>') },
      { path: 'two.bin', content: Buffer.alloc(MB, 7) },
    ]);
    expect(await listZip(file, limits())).toEqual(['a/one.dita', 'two.bin']);
    const seen = await withUnpackedZip(
      file,
      async (entries) => {
        expect(await leftovers()).toHaveLength(1);
        return Promise.all(entries.map(async (e) => [e.path, (await readFile(e.file)).length, (await stat(e.file)).mode & 0o777]));
      },
      limits(),
    );
    expect(seen).toEqual([
      ['a/one.dita', 17, 0o600],
      ['two.bin', MB, 0o600],
    ]);
    expect(await leftovers()).toEqual([]);
  });

  it('removes the unpack folder when the caller fails too', async () => {
    const file = await zipFile('fails.zip', [{ path: 'x.txt', content: Buffer.from('x') }]);
    let kept = '';
    await expect(
      withUnpackedZip(
        file,
        async (entries) => {
          kept = entries[0]?.file ?? '';
          throw new Error('commit failed');
        },
        limits(),
      ),
    ).rejects.toThrow('commit failed');
    expect(kept).not.toBe('');
    expect(existsSync(kept)).toBe(false);
    expect(await leftovers()).toEqual([]);
  });

  it('refuses more entries than allowed before inflating any', async () => {
    const file = await zipFile(
      'many.zip',
      Array.from({ length: 6 }, (_, i) => ({ path: `f${i}.txt`, content: Buffer.from('x') })),
    );
    await expect(listZip(file, limits({ maxEntries: 5 }))).rejects.toThrow(TOO_LARGE);
    await expect(withUnpackedZip(file, async () => 'used', limits({ maxEntries: 5 }))).rejects.toThrow(TOO_LARGE);
    expect(await leftovers()).toEqual([]);
  });

  it('refuses a package that unpacks past the size cap (a zip bomb), leaving nothing unpacked', async () => {
    // 6 MB of zeros deflate to a few KB.
    const file = await zipFile('bomb.zip', [
      { path: 'a.bin', content: Buffer.alloc(3 * MB) },
      { path: 'b.bin', content: Buffer.alloc(3 * MB) },
    ]);
    await expect(listZip(file, limits())).rejects.toThrow(TOO_LARGE);
    await expect(withUnpackedZip(file, async () => 'used', limits())).rejects.toThrow(TOO_LARGE);
    expect(await leftovers()).toEqual([]);
  });

  it('refuses an entry that inflates to more than its header declares', async () => {
    const honest = await writeZip([{ path: 'small.txt', content: Buffer.alloc(64 * 1024, 0x61) }]);
    // The central directory's uncompressed size (offset 24 of its record) now claims 10 bytes.
    const central = honest.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    const lying = Buffer.from(honest);
    lying.writeUInt32LE(10, central + 24);
    const file = path.join(dir, 'lying.zip');
    await writeFile(file, lying);
    await expect(withUnpackedZip(file, async () => 'used', limits())).rejects.toThrow('explorer.zipInvalid');
    expect(await leftovers()).toEqual([]);
  });

  it('gives up past its time budget', async () => {
    const file = await zipFile('slow.zip', [{ path: 'a.txt', content: Buffer.from('a') }]);
    await expect(listZip(file, limits({ maxMs: 0 }))).rejects.toThrow(TOO_LARGE);
    await expect(withUnpackedZip(file, async () => 'used', limits({ maxMs: 0 }))).rejects.toThrow(TOO_LARGE);
    expect(await leftovers()).toEqual([]);
  });

  it('refuses what is not a zip', async () => {
    const file = path.join(dir, 'not.zip');
    await writeFile(file, 'plain text');
    await expect(listZip(file, limits())).rejects.toThrow('explorer.zipInvalid');
  });
});
