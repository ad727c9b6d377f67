import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localStorage } from './local-storage';
import { s3Storage } from './s3-storage';
import { startObjectStore, type TestObjectStore } from './s3-test-kit';
import { normalizeKey, putTree, type Storage, StoredObjectMissing, UnsafePathError } from './storage';

let s3: TestObjectStore;
let dir: string;
beforeAll(async () => {
  s3 = await startObjectStore();
  dir = await mkdtemp(path.join(tmpdir(), 'ccms-storage-'));
});
afterAll(async () => {
  await s3?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const keys = async (store: Storage, prefix: string) => {
  const out: string[] = [];
  for await (const o of store.list(prefix)) out.push(`${o.key}:${o.size}`);
  return out.sort();
};

describe('normalizeKey', () => {
  it('keeps keys inside their store', () => {
    expect(normalizeKey('/a//b/./c/')).toBe('a/b/c');
    expect(normalizeKey('a/../b')).toBe('b');
    expect(normalizeKey('')).toBe('');
    expect(() => normalizeKey('../x')).toThrow(UnsafePathError);
    expect(() => normalizeKey('a/../../x')).toThrow(UnsafePathError);
    expect(() => normalizeKey('a\0b')).toThrow(UnsafePathError);
    expect(() => normalizeKey('..\\x')).toThrow(UnsafePathError);
  });
});

describe.each([
  ['the data folder', () => localStorage(path.join(dir, 'local'))],
  ['an S3 object store', () => s3Storage(s3.config)],
])('%s', (_name, make) => {
  it('puts, reads (whole and a range), sizes, lists and removes objects', async () => {
    const store = make();
    await store.probe();
    await store.put('a/one.txt', Buffer.from('hello world'));
    await store.put('a/b/two.txt', Readable.from([Buffer.from('streamed '), Buffer.from('bytes')]));
    await store.put('c.txt', Buffer.from('c'));
    expect(await text(await store.read('a/one.txt'))).toBe('hello world');
    expect(await text(await store.read('a/one.txt', { start: 6, end: 10 }))).toBe('world');
    expect(await text(await store.read('a/b/two.txt'))).toBe('streamed bytes');
    expect(await store.size('a/b/two.txt')).toBe(14);
    const opened = await store.open('a/b/two.txt');
    expect([opened.size, await text(opened.stream)]).toEqual([14, 'streamed bytes']);
    await expect(store.open('a/none.txt')).rejects.toBeInstanceOf(StoredObjectMissing);
    expect(await store.size('a/none.txt')).toBeNull();
    await expect(store.read('a/none.txt')).rejects.toBeInstanceOf(StoredObjectMissing);
    expect(await keys(store, 'a')).toEqual(['a/b/two.txt:14', 'a/one.txt:11']);
    expect(await keys(store, '')).toEqual(['a/b/two.txt:14', 'a/one.txt:11', 'c.txt:1']);
    await store.remove('c.txt');
    expect(await store.size('c.txt')).toBeNull();
    await store.removeAll('a');
    expect(await keys(store, '')).toEqual([]);
  });

  it('moves a file of this disk in, leaving nothing behind', async () => {
    const store = make();
    const file = path.join(dir, `made-${Math.random().toString(36).slice(2)}.zip`);
    await writeFile(file, 'zip bytes');
    expect(await store.moveIn('made/one.zip', file)).toBe(9);
    expect(existsSync(file)).toBe(false);
    expect(await text(await store.read('made/one.zip'))).toBe('zip bytes');
    await store.removeAll('made');
  });

  it('a scope sees only its own keys, and none can leave it', async () => {
    const store = make();
    const outputs = store.scoped('publish/outputs');
    await outputs.put('7/index.html', Buffer.from('<p>seven</p>'));
    await store.put('secret.txt', Buffer.from('not yours'));
    expect(await keys(store, 'publish')).toEqual(['publish/outputs/7/index.html:12']);
    expect(await keys(outputs, '7')).toEqual(['7/index.html:12']);
    const seven = outputs.scoped('7');
    expect(await text(await seven.read('index.html'))).toBe('<p>seven</p>');
    await expect(seven.read('../../../secret.txt')).rejects.toBeInstanceOf(UnsafePathError);
    await expect(outputs.size('../secret.txt')).rejects.toBeInstanceOf(UnsafePathError);
    await expect(store.removeAll('')).rejects.toBeInstanceOf(UnsafePathError);
    await outputs.removeAll('7');
    await store.remove('secret.txt');
    expect(await keys(store, '')).toEqual([]);
  });

  it('copies a folder in, every file readable back', async () => {
    const store = make();
    const src = path.join(dir, `tree-${Math.random().toString(36).slice(2)}`);
    await mkdir(path.join(src, 'x', 'y'), { recursive: true });
    await writeFile(path.join(src, 'index.html'), 'index');
    await writeFile(path.join(src, 'x', 'y', 'deep.css'), 'body{}');
    expect(await putTree(store, 'out/1', src)).toBe(11);
    // 11 bytes back, in the same places.
    expect(await keys(store, 'out/1')).toEqual(['out/1/index.html:5', 'out/1/x/y/deep.css:6']);
    expect(await text(await store.read('out/1/x/y/deep.css'))).toBe('body{}');
    await store.removeAll('out');
  });
});

describe('the data folder', () => {
  it('refuses a link out of the store', async () => {
    const root = path.join(dir, 'linked');
    await mkdir(root, { recursive: true });
    await writeFile(path.join(dir, 'outside.txt'), 'outside');
    await symlink(path.join(dir, 'outside.txt'), path.join(root, 'link.txt'));
    const store = localStorage(root);
    await expect(store.size('link.txt')).rejects.toBeInstanceOf(UnsafePathError);
    await expect(store.read('link.txt')).rejects.toBeInstanceOf(UnsafePathError);
  });
});

describe('an S3 object store', () => {
  it('takes a stream larger than one part (a multipart upload) whole', async () => {
    const store = s3Storage(s3.config);
    const chunk = Buffer.alloc(1024 * 1024, 7);
    const chunks = Array.from({ length: 20 }, (_, i) => (i === 19 ? Buffer.concat([chunk, Buffer.from('end')]) : chunk));
    await store.put('big.bin', Readable.from(chunks));
    expect(await store.size('big.bin')).toBe(20 * 1024 * 1024 + 3);
    expect(await text(await store.read('big.bin', { start: 20 * 1024 * 1024, end: 20 * 1024 * 1024 + 2 }))).toBe('end');
    await store.remove('big.bin');
  });

  // s3rver checks the access key of a V4-signed request, not the signature itself.
  it('refuses an unknown access key, and says where without the credentials', async () => {
    const wrong = s3Storage({ ...s3.config, accessKeyId: 'nobody' });
    await expect(wrong.put('x.txt', Buffer.from('x'))).rejects.toThrow();
    expect(wrong.where).toContain('s3://ccms');
    expect(wrong.where).not.toContain('nobody');
    expect(wrong.where).not.toContain(s3.config.secretAccessKey);
  });
});
