import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createReadStream, existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { libraryBody } from '../src/modules/content/content-test-kit';
import { ADMIN_PASSWORD } from './constants';
import { git } from './git-http-server';
import { useGitServer } from './git-server';

/**
 * Issue 12, item 7: uploads do not exhaust memory. The server runs in a child process (so its
 * memory is its own, whatever else this test run does) and takes several ~99 MB files at once
 * through the explorer upload, which commits them to git and pushes. Its peak resident memory
 * may grow by far less than the bytes it received: a server that buffers uploads grows by all
 * of them. Always on PGlite: the database is not what is measured.
 */
const MB = 1024 * 1024;
const FILES = 4;
const FILE_BYTES = 99 * MB;
const remote = useGitServer();
let child: ChildProcess | undefined;
let work = '';
let base = '';
let token = '';

/** Resident memory of a process from /proc: now (VmRSS) and at its peak since the last reset (VmHWM), in bytes. */
async function memoryOf(pid: number) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

// biome-ignore lint/suspicious/noExplicitAny: the API envelope, read field by field in the test
async function api(method: string, url: string, body?: unknown): Promise<any> {
  const res = await fetch(`${base}/prod-api${url}`, {
    method,
    headers: { 'content-type': 'application/json', 'accept-language': 'en', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return res.json();
}

/** One explorer upload, the file streamed from disk into the request body (the test holds no copy of it). */
function upload(fields: Record<string, string | number>, filename: string, file: string): Promise<{ status: number; body: { code: number; msg: string } }> {
  const boundary = `----ccms-mem-${Math.random().toString(16).slice(2)}`;
  async function* body() {
    for (const [name, value] of Object.entries(fields))
      yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
    yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`);
    yield* createReadStream(file);
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  }
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}/prod-api/ccms/explorer/upload`, {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}`, 'accept-language': 'en' },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) }));
    });
    Readable.from(body()).pipe(req);
  });
}

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'ccms-upload-memory-'));
  await remote().createRepo('big', { files: { 'readme.txt': 'uploads land here\n' } });
  const proc = spawn(process.execPath, ['--import', 'tsx', '--max-old-space-size=256', path.join(import.meta.dirname, 'upload-memory-server.ts')], {
    env: { ...process.env, CCMS_PGLITE_IMAGE: inject('pgliteImage'), CCMS_DATA_DIR: path.join(work, 'data'), NODE_OPTIONS: '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  child = proc;
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: proc.stdout }).once('line', resolve);
    proc.once('exit', (code) => reject(new Error(`the server exited (${code}) before listening`)));
  });
  base = `http://127.0.0.1:${JSON.parse(line).port}`;
  const login = await api('POST', '/login', { username: 'admin', password: ADMIN_PASSWORD });
  token = login.token;
  // The same bytes in every file: git keeps one blob, so the push stays quick; the server still receives them all.
  const chunk = Buffer.alloc(MB, 'ccms upload memory test ');
  await writeFile(
    path.join(work, 'big.bin'),
    Readable.from(
      (function* () {
        for (let i = 0; i < FILE_BYTES / MB; i++) yield chunk;
      })(),
    ),
  );
}, 240_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    child.kill('SIGTERM');
    await once(child, 'exit');
  }
  if (work) await rm(work, { recursive: true, force: true });
});

describe('uploads in a separate server process', () => {
  it(`takes ${FILES} files of 99 MB at once with its peak memory growing by far less than the ${FILES * 99} MB received`, async () => {
    const pid = child?.pid;
    if (!pid) throw new Error('no server process');
    const library = await api('POST', '/ccms/library', libraryBody('big', remote().url('big')));
    expect(library.code).toBe(200);
    const libraryId = library.data.libraryId;
    // Warm up: the first upload and commit load their code and caches (the index thread's among them), and a
    // check of a DITA text loads the content threads: their code is not the uploads' memory.
    await writeFile(path.join(work, 'small.bin'), 'warm up\n');
    expect((await upload({ libraryId, path: 'warm', message: 'Warm up' }, 'small.bin', path.join(work, 'small.bin'))).body.code).toBe(200);
    const topic = '<concept id="warm"><title>Warm up</title><conbody><p>Loads the content threads.</p></conbody></concept>';
    expect((await api('POST', '/ccms/topic-editor/validate', { libraryId, path: 'warm/warm.dita', content: topic })).code).toBe(200);

    const before = await memoryOf(pid);
    // Writing 5 to clear_refs resets the peak (VmHWM) to the current resident size.
    await writeFile(`/proc/${pid}/clear_refs`, '5');
    let sampled = before.rss;
    const sampler = setInterval(() => {
      memoryOf(pid).then(
        (m) => {
          sampled = Math.max(sampled, m.rss);
        },
        () => undefined,
      );
    }, 25);
    let results: Awaited<ReturnType<typeof upload>>[];
    try {
      results = await Promise.all(
        Array.from({ length: FILES }, (_, i) => upload({ libraryId, path: `media/${i}`, message: `Big ${i}` }, `big-${i}.bin`, path.join(work, 'big.bin'))),
      );
    } finally {
      clearInterval(sampler);
    }
    for (const res of results) expect(res.body).toMatchObject({ code: 200 });
    const peak = Math.max(sampled, (await memoryOf(pid)).peak);
    const received = FILES * FILE_BYTES;
    const growth = peak - before.rss;
    expect(growth, `peak resident memory grew by ${Math.round(growth / MB)} MB`).toBeLessThan(received / 3);
    // Every file landed in git, whole.
    const bare = path.join(remote().root, 'big.git');
    const sizes = await Promise.all(Array.from({ length: FILES }, (_, i) => git(['--git-dir', bare, 'cat-file', '-s', `main:media/${i}/big-${i}.bin`])));
    expect(sizes.map((s) => Number(s.trim()))).toEqual(Array(FILES).fill(FILE_BYTES));
    // And nothing of them is left in the server's temp folder.
    const tmp = path.join(work, 'data', 'tmp', 'uploads');
    expect(existsSync(tmp) ? await readdir(tmp) : []).toEqual([]);
  }, 240_000);
});
