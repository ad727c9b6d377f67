import { mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { streamCache, trimCache } from './stream-cache';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ccms-stream-cache-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const files = async () => (await readdir(dir, { recursive: true })).filter((f) => f.includes('/') || f.includes(path.sep)).sort();
const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);

async function put(group: string, name: string, bytes: number, minutesAgo: number) {
  await mkdir(path.join(dir, group), { recursive: true });
  const file = path.join(dir, group, name);
  await writeFile(file, Buffer.alloc(bytes));
  await utimes(file, at(minutesAgo), at(minutesAgo));
}

describe('video stream cache', () => {
  it('trims to the bound, the files used longest ago first, and clears crash leftovers', async () => {
    await put('1', 'old', 400, 30);
    await put('1', 'mid', 400, 20);
    await put('2', 'new', 400, 10);
    await put('2', 'new.1.2.part', 50, 120);
    await put('2', 'busy.1.3.part', 50, 1);
    expect(await trimCache(dir, 900)).toBe(450);
    expect(await files()).toEqual(['1/mid', '2/busy.1.3.part', '2/new'].map((f) => f.split('/').join(path.sep)));
  });

  it('never removes the file about to be served, even past the bound', async () => {
    await put('1', 'big', 2000, 5);
    await put('1', 'small', 100, 1);
    await trimCache(dir, 1000, { keep: path.join(dir, '1', 'big') });
    expect(await files()).toEqual([path.join('1', 'big')]);
  });

  it('reads a blob once, marks each use, and keeps what was watched recently', async () => {
    const cache = streamCache(dir, 1000);
    let loads = 0;
    const load = (bytes: number) => async () => {
      loads++;
      return Buffer.alloc(bytes, 1);
    };
    const a = await cache.get('7', 'aaa', load(400));
    expect(await cache.get('7', 'aaa', load(400))).toBe(a);
    expect(loads).toBe(1);
    expect((await readFile(a)).length).toBe(400);
    await cache.get('7', 'bbb', load(400));
    await utimes(path.join(dir, '7', 'bbb'), at(10), at(10));
    // Watching aaa again makes bbb the one used longest ago.
    await cache.get('7', 'aaa', load(400));
    await cache.get('8', 'ccc', load(400));
    expect(await files()).toEqual([path.join('7', 'aaa'), path.join('8', 'ccc')]);
    expect(loads).toBe(3);
  });
});
