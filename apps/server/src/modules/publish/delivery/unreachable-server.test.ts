import { mkdir, writeFile } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../../test/delivery-server-kit';
import { type Caller, callerFor, createTestApp, type TestApp } from '../../../../test/harness';
import { ccmsConnection, ccmsDocumentOutput, ccmsPublication, ccmsPublishConfig } from '../../../db/schema';
import { allowLoopbackRemotes } from '../../content/content-test-kit';

/**
 * Issue 28, item 3: a delivery server that accepts TCP and never speaks SSH (or FTP) must not take
 * the server down (ssh2 emitted a second, unlistened `error` at its handshake timeout and Node
 * exited), and the connection check must not be a port scanner: a silent port, a closed port, a
 * talking non-server and a refusing server all get the same generic answer, naming no banner.
 */
let t: TestApp;
let admin: Caller;
let zh: Caller;
/** Errors that escaped every handler while this file ran: a crash of a real server. */
const escaped: unknown[] = [];
const onEscape = (err: unknown) => escaped.push(err);
const listeners: Server[] = [];
const sockets = new Set<Socket>();
const BANNER = 'corp-internal-7f3a';

/** A TCP server on 127.0.0.1 that runs `greet` on each connection; its port. */
async function listener(greet: (socket: Socket) => void = () => undefined): Promise<number> {
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
    greet(socket);
  });
  listeners.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

const ports = { silent: 0, closed: 0, sshBanner: 0, ftpRefuses: 0 };

beforeAll(async () => {
  process.on('uncaughtException', onEscape);
  process.on('unhandledRejection', onEscape);
  // One second to connect and sign in, one second before the first retry of a delivery.
  t = await createTestApp({ env: { CCMS_DELIVERY_TIMEOUT: '1', CCMS_DELIVERY_RETRY_SECONDS: '1' } });
  await allowLoopbackRemotes(t);
  admin = await t.login();
  zh = callerFor(t.app, admin.token, 'zh');
  ports.silent = await listener();
  ports.closed = await freePort();
  // Speaks the first line of SSH, naming itself, then nothing.
  ports.sshBanner = await listener((s) => s.write(`SSH-2.0-${BANNER}\r\n`));
  // An FTP server that greets with its name and refuses every sign-in, naming itself again.
  ports.ftpRefuses = await listener((s) => {
    s.write(`220 ${BANNER} FTP ready\r\n`);
    s.on('data', () => s.write(`530 ${BANNER} denies you\r\n`));
  });
});

afterAll(async () => {
  for (const s of sockets) s.destroy();
  await Promise.all(listeners.map((l) => new Promise((resolve) => l.close(resolve))));
  await t?.close();
  process.off('uncaughtException', onEscape);
  process.off('unhandledRejection', onEscape);
});

let seq = 0;
async function connection(type: 'sftp' | 'ftp', port: number): Promise<number> {
  const created = await admin.post('/prod-api/ccms/connection', {
    name: `c${++seq}`,
    type,
    host: '127.0.0.1',
    port,
    remotePath: '/in',
    credential: { type: 'password', name: 'x', username: 'deliver', password: 'secret-pw' },
  });
  expect(created.body.code, created.raw).toBe(200);
  return created.body.data.connectionId;
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('checking a connection to a server that does not answer as one', () => {
  it('answers one generic message for a silent port, a closed port, a banner and a refusal, within the timeout, and the server lives on', async () => {
    const cases: [string, 'sftp' | 'ftp', number][] = [
      ['sftp silent', 'sftp', ports.silent],
      ['sftp closed', 'sftp', ports.closed],
      ['sftp banner', 'sftp', ports.sshBanner],
      ['ftp silent', 'ftp', ports.silent],
      ['ftp closed', 'ftp', ports.closed],
      ['ftp refuses', 'ftp', ports.ftpRefuses],
    ];
    const answers = new Map<string, { en: string; zh: string }>();
    for (const [name, type, port] of cases) {
      const id = await connection(type, port);
      const started = Date.now();
      const en = await admin.post(`/prod-api/ccms/connection/${id}/validate`);
      expect(Date.now() - started, name).toBeLessThan(6000);
      expect(en.body.code, en.raw).toBe(200);
      expect(en.body.data.state, name).toBe('failure');
      const inZh = await zh.post(`/prod-api/ccms/connection/${id}/validate`);
      answers.set(name, { en: en.body.data.message, zh: inZh.body.data.message });
      for (const text of [en.raw, inZh.raw]) {
        expect(text, name).not.toContain(BANNER);
        expect(text, name).not.toMatch(/handshake|ECONNREFUSED|timed? ?out|530|socket/i);
      }
      // The stored check result says the same (in the language of the last check).
      expect((await admin.get(`/prod-api/ccms/connection/${id}`)).body.data).toMatchObject({ validated: '0', validateMessage: inZh.body.data.message });
    }
    expect(new Set([...answers.values()].map((a) => a.en))).toEqual(new Set(['Could not connect or sign in to the server']));
    expect(new Set([...answers.values()].map((a) => a.zh))).toEqual(new Set(['无法连接或登录到服务器']));
    // ssh2's late error (at the handshake timeout, and after close) comes just after the answer.
    await settle(1500);
    expect(escaped).toEqual([]);
    expect((await admin.get('/prod-api/ccms/connection/list')).body.code).toBe(200);
  }, 60_000);
});

describe('delivering to a validated server that went silent', () => {
  it('fails the receipt cleanly after its retries, and the server lives on', async () => {
    const db = t.database.db;
    const [pub] = await db.insert(ccmsPublication).values({ libraryId: 100, name: 'Guide', branch: 'main', ditaMap: 'g.ditamap', ditaVal: 'all' }).returning();
    const [cfg] = await db.insert(ccmsPublishConfig).values({ libraryId: 100, configName: 'web', format: 'html5', lang: 'en', publishPath: 'p' }).returning();
    const [out] = await db
      .insert(ccmsDocumentOutput)
      .values({
        libraryId: 100,
        branch: 'main',
        path: 'g.ditamap',
        format: 'html5',
        status: 'success',
        publicationId: pub?.publicationId,
        configId: cfg?.configId,
        entryFile: 'index.html',
        outputDir: 'publish/outputs/guide',
      })
      .returning();
    const dir = path.join(t.dataDir, 'publish', 'outputs', String(out?.outputId));
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, 'index.html'), '<h1>Guide</h1>');
    const connectionId = await connection('sftp', ports.silent);
    // It answered once (validated); now it accepts and says nothing.
    await db.update(ccmsConnection).set({ validated: '1' });
    const created = await admin.post('/prod-api/ccms/deliverable', {
      name: 'to-silence',
      publicationId: pub?.publicationId,
      configId: cfg?.configId,
      connectionId,
      filePath: 'guide',
      fileName: 'guide.zip',
    });
    expect(created.body.code, created.raw).toBe(200);
    const deliverableId = created.body.data.deliverableId;
    const queued = await admin.post(`/prod-api/ccms/deliverable/${deliverableId}/deliver`, { outputId: out?.outputId });
    expect(queued.body.code, queued.raw).toBe(200);
    const deadline = Date.now() + 40_000;
    let receipt: { status: string; attempts: number; error: string } | undefined;
    for (;;) {
      [receipt] = (await admin.get(`/prod-api/ccms/deliverable/${deliverableId}/receipts`)).body.rows;
      if (receipt?.status === 'fail' || Date.now() > deadline) break;
      await settle(100);
    }
    // Four tries (the first and three retries), each ended by the timeout, and the receipt says it failed.
    expect(receipt).toMatchObject({ status: 'fail', attempts: 4 });
    await settle(1500);
    expect(escaped).toEqual([]);
    expect((await admin.get('/prod-api/ccms/connection/list')).body.code).toBe(200);
  }, 60_000);
});
