import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { sysConfig } from '../src/db/schema';
import { libraryBody, libraryPrepared } from '../src/modules/content/content-test-kit';
import { outputFinished } from '../src/modules/publish/output/publish-test-kit';
import { startObjectStore, type TestObjectStore } from '../src/platform/storage/s3-test-kit';
import { useGitServer } from './git-server';
import { ADMIN_PASSWORD, type Caller, callerFor, testDbKind } from './harness';
import { TwoNodes } from './two-nodes-kit';

/**
 * Files follow the request, not the node (issue 33): two nodes on one PostgreSQL and one
 * S3-compatible store (s3rver on 127.0.0.1). An output node B publishes opens in node A's viewer
 * and zips on A; a download-center item asked on A is made by B's job runner and fetched on A;
 * an upload made through A is served by B. Nothing of it is in either node's data folder.
 */
const url = process.env.DATABASE_URL;
const remote = useGitServer();
const api = (p: string) => `/prod-api${p}`;
const MAP = '<?xml version="1.0" encoding="UTF-8"?>\n<map xml:lang="en-US"><title>Valve manual</title><topicref href="topics/open.dita"/></map>\n';
const TOPIC =
  '<?xml version="1.0" encoding="UTF-8"?>\n<topic id="open" xml:lang="en-US"><title>Opening the valve</title><body><p>Turn the wheel slowly.</p></body></topic>\n';

function zipEntries(buffer: Buffer): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const names: string[] = [];
      zip.on('entry', (e: { fileName: string }) => {
        names.push(e.fileName);
        zip.readEntry();
      });
      zip.on('end', () => resolve(names.sort()));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

async function filesIn(dir: string, sub: string): Promise<string[]> {
  return readdir(path.join(dir, sub), { recursive: true }).catch(() => []);
}

describe.runIf(testDbKind === 'postgres' && url)('two nodes on one PostgreSQL and one object store', () => {
  let store: TestObjectStore;
  let cluster: TwoNodes;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let onA: Caller;
  let onB: Caller;
  let documentId = 0;
  let configId = 0;

  beforeAll(async () => {
    store = await startObjectStore();
    cluster = new TwoNodes(url ?? '', { objectStore: store.config });
    await cluster.open();
    a = await cluster.node();
    b = await cluster.node();
    await cluster.databases[0]?.db.update(sysConfig).set({ configValue: '127.0.0.1' }).where(eq(sysConfig.configKey, 'ccms.library.allowPrivateUrls'));
    const login = await a.inject({ method: 'POST', url: api('/login'), payload: { username: 'admin', password: ADMIN_PASSWORD } });
    onA = callerFor(a, login.json().token);
    onB = callerFor(b, login.json().token);
    // Only B runs jobs: whatever a job makes, B makes it.
    await b.jobs.start();
    await remote().createRepo('valves', { files: { 'valve.ditamap': MAP, 'topics/open.dita': TOPIC } });
    const created = await onA.post(api('/ccms/library'), libraryBody('valves', remote().url('valves')));
    expect(created.body.code, created.raw).toBe(200);
    const libraryId = created.body.data.libraryId as number;
    await libraryPrepared(onA, libraryId);
    const docs = (await onA.get(api('/ccms/document/list'), { libraryId })).body.rows as { documentId: number; path: string }[];
    documentId = docs.find((d) => d.path === 'valve.ditamap')?.documentId ?? 0;
    expect(documentId).toBeGreaterThan(0);
    const cfg = await onA.post(api('/ccms/library/publishConfig'), { libraryId, configName: 'web', format: 'html5', lang: 'en', publishPath: 'preview' });
    expect(cfg.body.code, cfg.raw).toBe(200);
    const configs = (await onA.get(api('/ccms/library/publishConfig/list'), { libraryId })).body.data as { configId: number }[];
    configId = configs[0]?.configId ?? 0;
  }, 120_000);

  afterAll(async () => {
    await cluster?.close();
    await store?.stop();
  });

  it('an output B built is viewed and zipped on A, and kept in the store, not in a data folder', async () => {
    const started = await onB.post(api('/ccms/output/publish'), { documentId, configIds: [configId] });
    expect(started.body.code, started.raw).toBe(200);
    const outputId = started.body.data[0].outputId as number;
    const done = await outputFinished(onB, outputId);
    expect(done.status, JSON.stringify(done)).toBe('success');
    const view = await a.inject({ method: 'GET', url: (await onA.get(api(`/ccms/output/${outputId}`))).body.data.viewUrl });
    expect(view.statusCode).toBe(200);
    expect(view.body).toContain('Opening the valve');
    const zip = await a.inject({ method: 'GET', url: api(`/ccms/output/${outputId}/zip`), headers: { authorization: `Bearer ${onA.token}` } });
    expect(zip.statusCode, zip.body.slice(0, 200)).toBe(200);
    expect(await zipEntries(zip.rawPayload)).toContain('index.html');
    for (const app of [a, b]) expect(await filesIn(app.config.dataDir, 'publish/outputs')).toEqual([]);
    const keys: string[] = [];
    for await (const o of a.store.list(`publish/outputs/${outputId}`)) keys.push(o.key);
    expect(keys).toContain(`publish/outputs/${outputId}/index.html`);

    // "To downloads" asked on A: B's job runner makes it, A hands it out.
    const asked = await onA.post(api(`/ccms/output/${outputId}/toDownloads`), {});
    expect(asked.body.code, asked.raw).toBe(200);
    let item: { downloadId: number; status: string } | undefined;
    for (let i = 0; i < 600 && item?.status !== 'success'; i++) {
      item = ((await onA.get(api('/system/download/list'))).body.rows as { downloadId: number; status: string }[])[0];
      if (item?.status === 'fail') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(item?.status).toBe('success');
    const file = await a.inject({ method: 'GET', url: api(`/system/download/${item?.downloadId}/file`), headers: { authorization: `Bearer ${onA.token}` } });
    expect(file.statusCode).toBe(200);
    expect(await zipEntries(file.rawPayload)).toContain('index.html');
    for (const app of [a, b]) expect(await filesIn(app.config.dataDir, 'downloads')).toEqual([]);
  }, 120_000);

  it('an upload made through A is served by B', async () => {
    const boundary = 'ccmsboundary';
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="wiring.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4 wiring\r\n--${boundary}--\r\n`;
    const up = await a.inject({
      method: 'POST',
      url: api('/common/upload'),
      headers: { authorization: `Bearer ${onA.token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    expect(up.statusCode, up.body).toBe(200);
    const got = await onB.get(api('/common/download/resource'), { resource: up.json().fileName });
    expect(got.status).toBe(200);
    expect(got.raw).toBe('%PDF-1.4 wiring');
    for (const app of [a, b]) expect(await filesIn(app.config.dataDir, 'files')).toEqual([]);
  });
});
