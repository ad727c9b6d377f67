import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { libraryBody } from '../src/modules/content/content-test-kit';
import { startObjectStore, type TestObjectStore } from '../src/platform/storage/s3-test-kit';
import { type Cluster, startCluster } from './cluster-kit';
import { useGitServer } from './git-server';
import { ADMIN_PASSWORD, testDbKind } from './harness';

/**
 * Three nodes for real (issue 33): three server processes (main.ts, as `npm start` runs it) on one
 * PostgreSQL and one object store, behind a round-robin proxy. The main paths go through the
 * proxy, so each request lands on whichever node is next: every answer is the same. Then the
 * node running a publish is killed (SIGKILL): the publish ends on its own (finished, or failed as
 * interrupted by a live node's sweep), the other nodes go on answering, and nothing acknowledged
 * (a saved topic) is lost.
 */
const url = process.env.DATABASE_URL;
const remote = useGitServer();
const TOPICS = 600;
const topic = (id: string, title: string, text: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<topic id="${id}" xml:lang="en-US"><title>${title}</title><body><p>${text}</p></body></topic>\n`;

interface Reply {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: test replies are read field by field
  body: any;
  bytes: Buffer;
}

describe.runIf(testDbKind === 'postgres' && url)('three nodes behind a proxy', () => {
  let store: TestObjectStore;
  let cluster: Cluster;
  let root = '';
  let dbName = '';
  let databaseUrl = '';
  let token = '';
  let libraryId = 0;
  let documentId = 0;
  let bigDocumentId = 0;
  let configId = 0;

  async function call(method: string, p: string, body?: unknown, headers: Record<string, string> = {}): Promise<Reply> {
    const res = await fetch(`${cluster.url}/prod-api${p}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body && !Buffer.isBuffer(body) ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : Buffer.isBuffer(body) ? new Uint8Array(body) : JSON.stringify(body),
    });
    const bytes = Buffer.from(await res.arrayBuffer());
    let json: unknown = null;
    try {
      json = JSON.parse(bytes.toString('utf8'));
    } catch {
      json = null;
    }
    return { status: res.status, body: json, bytes };
  }
  const get = (p: string, q: Record<string, string | number> = {}) =>
    call('GET', `${p}${Object.keys(q).length ? `?${new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)]))}` : ''}`);

  async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 90_000): Promise<T> {
    const end = Date.now() + ms;
    while (Date.now() < end) {
      const v = await probe();
      if (v !== undefined) return v;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`${what}: not within ${ms / 1000} s`);
  }

  const sql = async (text: string, values: unknown[] = []) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return (await client.query(text, values)).rows;
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    dbName = `ccms_3n_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName} TEMPLATE ${inject('pgTemplate')}`);
    await admin.end();
    const target = new URL(url ?? '');
    target.pathname = `/${dbName}`;
    databaseUrl = target.toString();
    await sql(`UPDATE sys_config SET config_value = '127.0.0.1' WHERE config_key = 'ccms.library.allowPrivateUrls'`);
    store = await startObjectStore();
    root = await mkdtemp(path.join(tmpdir(), 'ccms-3n-'));
    cluster = await startCluster({
      nodes: 3,
      databaseUrl,
      objectStore: store.config,
      secrets: { jwtSecret: randomBytes(32).toString('hex'), secretKey: randomBytes(32).toString('hex') },
      adminPassword: ADMIN_PASSWORD,
      root,
    });
    const files: Record<string, string> = {
      'valve.ditamap': '<?xml version="1.0" encoding="UTF-8"?>\n<map xml:lang="en-US"><title>Valve manual</title><topicref href="topics/open.dita"/></map>\n',
      'topics/open.dita': topic('open', 'Opening the valve', 'Turn the wheel slowly.'),
      'big.ditamap': `<?xml version="1.0" encoding="UTF-8"?>\n<map xml:lang="en-US"><title>Big manual</title>${Array.from({ length: TOPICS }, (_, i) => `<topicref href="big/t${i}.dita"/>`).join('')}</map>\n`,
    };
    for (let i = 0; i < TOPICS; i++) files[`big/t${i}.dita`] = topic(`t${i}`, `Step ${i}`, `Check item ${i} against the card. `.repeat(20));
    await remote().createRepo('valves', { files });
  }, 180_000);

  afterAll(async () => {
    await cluster?.stop();
    await store?.stop();
    if (root) await rm(root, { recursive: true, force: true });
    if (dbName) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
    }
  });

  it('signs in, and every node answers the same', async () => {
    const login = await call('POST', '/login', { username: 'admin', password: ADMIN_PASSWORD });
    expect(login.body.code, JSON.stringify(login.body)).toBe(200);
    token = login.body.token;
    const before = cluster.answeredBy.length;
    const infos = await Promise.all(Array.from({ length: 6 }, () => get('/getInfo')));
    expect(new Set(infos.map((r) => JSON.stringify([r.body.user.userName, r.body.roles, r.body.permissions.length]))).size).toBe(1);
    expect(new Set(cluster.answeredBy.slice(before))).toEqual(new Set([0, 1, 2]));
  });

  it('makes a library, edits and saves a topic, publishes, opens, zips and hands the output to downloads', async () => {
    const created = await call('POST', '/ccms/library', libraryBody('valves', remote().url('valves')));
    expect(created.body.code, JSON.stringify(created.body)).toBe(200);
    libraryId = created.body.data.libraryId;
    await until('library prepared', async () => {
      const phase = (await get(`/ccms/library/${libraryId}/progress`)).body?.data?.phase;
      return phase === 'clone' || phase === 'index' ? undefined : true;
    });
    const docs = (await get('/ccms/document/list', { libraryId, pageSize: 50 })).body.rows as { documentId: number; path: string }[];
    documentId = docs.find((d) => d.path === 'valve.ditamap')?.documentId ?? 0;
    bigDocumentId = docs.find((d) => d.path === 'big.ditamap')?.documentId ?? 0;
    expect(documentId * bigDocumentId).toBeGreaterThan(0);

    // Open on one node, save on the next: the save lands on the remote whichever node takes it.
    const opened = await get('/ccms/topic-editor/open', { libraryId, path: 'topics/open.dita' });
    expect(opened.body.code, JSON.stringify(opened.body)).toBe(200);
    const doc = opened.body.data;
    const content = doc.content.replace('Turn the wheel slowly.', 'Turn the wheel slowly, a quarter at a time.');
    const saved = await call('PUT', '/ccms/topic-editor/save', { libraryId, path: doc.path, content, baseCommit: doc.baseCommit, baseBlob: doc.baseBlob });
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(200);
    expect(await remote().show('valves', 'main', 'topics/open.dita')).toBe(content);
    for (let i = 0; i < 3; i++) expect((await get('/ccms/topic-editor/open', { libraryId, path: 'topics/open.dita' })).body.data.content).toBe(content);

    const cfg = await call('POST', '/ccms/library/publishConfig', { libraryId, configName: 'web', format: 'html5', lang: 'en', publishPath: 'preview' });
    expect(cfg.body.code, JSON.stringify(cfg.body)).toBe(200);
    configId = ((await get('/ccms/library/publishConfig/list', { libraryId })).body.data as { configId: number }[])[0]?.configId ?? 0;
    const started = await call('POST', '/ccms/output/publish', { documentId, configIds: [configId] });
    expect(started.body.code, JSON.stringify(started.body)).toBe(200);
    const outputId = started.body.data[0].outputId as number;
    const done = await until('publish', async () => {
      const o = (await get(`/ccms/output/${outputId}`)).body.data;
      return ['success', 'fail', 'canceled'].includes(o?.status) ? o : undefined;
    });
    expect(done.status, JSON.stringify(done)).toBe('success');
    // The output's page and its zip, three times each: every node serves them.
    for (let i = 0; i < 3; i++) {
      const page = await fetch(`${cluster.url}${done.viewUrl.replace(/index\.html$/, 'topics/open.html')}`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('a quarter at a time');
      const zip = await get(`/ccms/output/${outputId}/zip`);
      expect(zip.status).toBe(200);
      expect(zip.bytes.subarray(0, 2).toString()).toBe('PK');
    }
    const asked = await call('POST', `/ccms/output/${outputId}/toDownloads`, {});
    expect(asked.body.code, JSON.stringify(asked.body)).toBe(200);
    const item = await until('download item', async () => {
      const row = ((await get('/system/download/list')).body.rows as { downloadId: number; status: string }[])[0];
      return row?.status === 'success' || row?.status === 'fail' ? row : undefined;
    });
    expect(item.status).toBe('success');
    for (let i = 0; i < 3; i++) expect((await get(`/system/download/${item.downloadId}/file`)).bytes.subarray(0, 2).toString()).toBe('PK');
  }, 240_000);

  it('an uploaded graphic is served by every node', async () => {
    const boundary = `b${randomBytes(6).toString('hex')}`;
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), randomBytes(2048)]);
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="valve.png"\r\nContent-Type: image/png\r\n\r\n`),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const up = await call('POST', '/common/upload', body, { 'content-type': `multipart/form-data; boundary=${boundary}` });
    expect(up.body.code, JSON.stringify(up.body)).toBe(200);
    for (let i = 0; i < 3; i++) expect((await get('/common/download/resource', { resource: up.body.fileName })).bytes.equals(png)).toBe(true);
  });

  it('a node killed mid-publish: the publish ends cleanly, the others go on, nothing saved is lost', async () => {
    const started = await call('POST', '/ccms/output/publish', { documentId: bigDocumentId, configIds: [configId] });
    expect(started.body.code, JSON.stringify(started.body)).toBe(200);
    const outputId = started.body.data[0].outputId as number;
    // The node whose job runs it: its claim names its node, whose home is the node-id file of its data folder.
    const home = await until('publish claimed', async () => {
      const rows = await sql(
        `SELECT n.home FROM sys_job_claim c JOIN sys_job_node n ON n.node_id = c.node_id WHERE c.queue = 'ccms-publish' AND (c.data->>'outputId')::int = $1`,
        [outputId],
      );
      return (rows[0] as { home: string } | undefined)?.home;
    });
    const homes = await Promise.all(cluster.nodes.map(async (n) => (await readFile(path.join(n.dataDir, 'node-id'), 'utf8')).trim()));
    const victim = cluster.nodes[homes.indexOf(home)];
    expect(victim).toBeDefined();
    const before = (await get(`/ccms/output/${outputId}`)).body.data.status;
    await victim?.kill();
    // Standing in for the minute a dead node takes to be noticed: its heartbeat is made a minute old.
    await sql(`UPDATE sys_job_node SET seen_time = now() - interval '2 minutes' WHERE home = $1`, [home]);
    const ended = await until('publish ended', async () => {
      const o = (await get(`/ccms/output/${outputId}`)).body.data;
      return ['success', 'fail', 'canceled'].includes(o?.status) ? o : undefined;
    });
    if (ended.status === 'fail') expect(ended.message, `was ${before} when killed`).toMatch(/interrupted|中断/i);
    else expect(ended.status).toBe('success');
    // The live nodes answer everything, and the topic saved before is still the remote's.
    for (let i = 0; i < 4; i++) expect((await get('/getInfo')).status).toBe(200);
    expect(await remote().show('valves', 'main', 'topics/open.dita')).toContain('a quarter at a time');
  }, 180_000);
});
