import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { installErrorHandler } from './error-handler';
import { languageOf } from './i18n';
import { multipartUploads, readMultipart, readUploadedFile, type UploadedFile, type UploadLimits, uploadsInFlight } from './multipart';

const MB = 1024 * 1024;
const BOUNDARY = '----ccms-test-boundary';

/** A multipart body generated chunk by chunk, so the test itself holds no copy of the file. */
function body(parts: { field: string; filename?: string; size?: number; value?: string }[], gates: { afterBytes: number; wait: Promise<void> }[] = []) {
  async function* gen() {
    let sent = 0;
    for (const part of parts) {
      if (part.filename === undefined) {
        yield Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.field}"\r\n\r\n${part.value ?? ''}\r\n`);
        continue;
      }
      yield Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.field}"; filename="${part.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      );
      let left = part.size ?? 0;
      while (left > 0) {
        const n = Math.min(64 * 1024, left);
        left -= n;
        sent += n;
        yield Buffer.alloc(n, 0x61);
        const gate = gates[0];
        if (gate && sent >= gate.afterBytes) {
          await gate.wait;
          gates.shift();
        }
      }
      yield Buffer.from('\r\n');
    }
    yield Buffer.from(`--${BOUNDARY}--\r\n`);
  }
  return Readable.from(gen());
}

const headers = (lang = 'zh') => ({ 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'accept-language': lang });

let app: FastifyInstance | undefined;
let dataDir: string | undefined;
afterEach(async () => {
  await app?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  app = undefined;
  dataDir = undefined;
});

/** A server with the real plugin and reader; the route reports what it saw, while the temp files exist. */
async function server(limits: Partial<UploadLimits>) {
  dataDir = await mkdtemp(path.join(tmpdir(), 'ccms-upload-'));
  const instance = Fastify();
  instance.decorateRequest('lang', 'zh');
  instance.addHook('onRequest', async (req) => {
    req.lang = languageOf(req.headers);
  });
  installErrorHandler(instance, { apiBase: '/', httpStatus: async () => true });
  await instance.register(multipartUploads, { dataDir, limits });
  const seen: UploadedFile[] = [];
  instance.post('/upload', async (req) => {
    const form = await readMultipart(req);
    const modes: number[] = [];
    for (const file of form.files) {
      seen.push(file);
      modes.push((await stat(file.path)).mode & 0o777);
    }
    const small = form.files.find((f) => f.size <= 1024);
    return { fields: form.fields, sizes: form.files.map((f) => f.size), modes, small: small ? (await readUploadedFile(small, 1024)).toString() : null };
  });
  app = instance;
  return { app: instance, seen, tmp: path.join(dataDir, 'tmp', 'uploads') };
}

/** The temp files left once the request has ended (they are removed just after the response is sent). */
async function leftIn(dir: string) {
  let left = existsSync(dir) ? await readdir(dir) : [];
  for (let i = 0; i < 100 && left.length > 0; i++) {
    await new Promise((r) => setTimeout(r, 20));
    left = existsSync(dir) ? await readdir(dir) : [];
  }
  return left;
}

describe('the one multipart reader', () => {
  it('streams files to 0600 temp files, returns fields and sizes, and removes the files after the response', async () => {
    const { app, seen, tmp } = await server({});
    const res = await app.inject({
      method: 'POST',
      url: '/upload',
      headers: headers(),
      payload: body([
        { field: 'libraryId', value: '7' },
        { field: 'file', filename: 'a.bin', size: 3 * MB + 5 },
        { field: 'file', filename: 'b.txt', size: 10 },
      ]),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ fields: { libraryId: '7' }, sizes: [3 * MB + 5, 10], modes: [0o600, 0o600], small: 'aaaaaaaaaa' });
    expect(seen.map((f) => [f.fieldName, f.filename])).toEqual([
      ['file', 'a.bin'],
      ['file', 'b.txt'],
    ]);
    expect(await leftIn(tmp)).toEqual([]);
    for (const file of seen) expect(existsSync(file.path)).toBe(false);
    expect(uploadsInFlight(app, 'ip:127.0.0.1')).toBe(0);
  });

  it('refuses an upload over the per-request cap with 413 naming the limit, in zh and en, and leaves no temp file', async () => {
    const { app, tmp } = await server({ maxRequestBytes: 4 * MB });
    const zh = await app.inject({
      method: 'POST',
      url: '/upload',
      headers: headers('zh'),
      payload: body([
        { field: 'file', filename: 'a.bin', size: 3 * MB },
        { field: 'file', filename: 'b.bin', size: 3 * MB },
      ]),
    });
    expect(zh.statusCode).toBe(413);
    expect(zh.json().msg).toBe('一次上传的文件总大小不能超过4MB');
    expect(await leftIn(tmp)).toEqual([]);
    const en = await app.inject({
      method: 'POST',
      url: '/upload',
      headers: headers('en'),
      payload: body([{ field: 'file', filename: 'a.bin', size: 5 * MB }]),
    });
    expect(en.statusCode).toBe(413);
    expect(en.json().msg).toBe('The files of one upload cannot exceed 4 MB in total');
    expect(await leftIn(tmp)).toEqual([]);
    expect(uploadsInFlight(app, 'ip:127.0.0.1')).toBe(0);
  });

  it('refuses a second concurrent upload of the same user past the in-flight cap with 429, and the first still succeeds', async () => {
    const { app, tmp } = await server({ maxRequestBytes: 8 * MB, maxUserBytes: 6 * MB });
    let open = () => {};
    const wait = new Promise<void>((resolve) => {
      open = resolve;
    });
    const first = app.inject({
      method: 'POST',
      url: '/upload',
      headers: headers('en'),
      payload: body([{ field: 'file', filename: 'a.bin', size: 5 * MB }], [{ afterBytes: 4 * MB, wait }]),
    });
    // The first request has 4 MB in flight before the second starts.
    for (let i = 0; i < 200 && uploadsInFlight(app, 'ip:127.0.0.1') < 4 * MB; i++) await new Promise((r) => setTimeout(r, 10));
    expect(uploadsInFlight(app, 'ip:127.0.0.1')).toBeGreaterThanOrEqual(4 * MB);
    const second = await app.inject({
      method: 'POST',
      url: '/upload',
      headers: headers('en'),
      payload: body([{ field: 'file', filename: 'b.bin', size: 3 * MB }]),
    });
    expect(second.statusCode).toBe(429);
    expect(second.json().msg).toContain('6 MB');
    open();
    const done = await first;
    expect(done.statusCode).toBe(200);
    expect(done.json().sizes).toEqual([5 * MB]);
    expect(await leftIn(tmp)).toEqual([]);
    expect(uploadsInFlight(app, 'ip:127.0.0.1')).toBe(0);
  });

  it('removes the temp file of an upload the client aborts midway, and frees its bytes', async () => {
    const { app, tmp } = await server({});
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const req = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/upload', headers: headers() });
    req.on('error', () => undefined);
    req.write(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`);
    req.write(Buffer.alloc(2 * MB, 0x61));
    // The file is being written to its temp file when the client goes away.
    for (let i = 0; i < 500 && uploadsInFlight(app, 'ip:127.0.0.1') < 2 * MB; i++) await new Promise((r) => setTimeout(r, 10));
    expect(uploadsInFlight(app, 'ip:127.0.0.1')).toBe(2 * MB);
    expect(await readdir(tmp)).toHaveLength(1);
    req.destroy();
    expect(await leftIn(tmp)).toEqual([]);
    expect(uploadsInFlight(app, 'ip:127.0.0.1')).toBe(0);
  });
});
