/**
 * Delivery connections and deliverables on a real database, against FTP and SFTP test servers.
 * Over 400 lines: connections and the deliverables that use them share one set of test servers and rows;
 * each server test file gets its own database (migrate and seed), so a split would cost suite time.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { type AddressInfo, createServer } from 'node:net';
import path from 'node:path';
import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useDeliveryServers, validateConnection } from '../../../../test/delivery-servers';
import { type Caller, callerFor, createTestApp, type TestApp } from '../../../../test/harness';
import { decoded, smtpServer, until } from '../../../../test/smtp-server';
import {
  ccmsConnection,
  ccmsDeliverable,
  ccmsDocumentOutput,
  ccmsPublication,
  ccmsPublishConfig,
  sysConfig,
  sysJob,
  sysJobLog,
  sysNotification,
  sysOperLog,
  sysUser,
} from '../../../db/schema';
import { allowLoopbackRemotes } from '../../content/content-test-kit';
import { sha256Of } from './deliver-file';

const servers = useDeliveryServers();
let t: TestApp;
let admin: Caller;
let zh: Caller;
/** Every body the API answered in this file: no secret may be in any of them. */
const answered: string[] = [];
const record = (c: Caller): Caller => {
  const wrap =
    <A extends unknown[]>(fn: (...a: A) => ReturnType<Caller['get']>) =>
    async (...a: A) => {
      const r = await fn(...a);
      answered.push(r.raw);
      return r;
    };
  return { ...c, get: wrap(c.get), post: wrap(c.post), put: wrap(c.put), delete: wrap(c.delete) };
};

let publicationId = 0;
let configId = 0;
let outputId = 0;
/** Whoever starts a delivery is told how it ended: by mail through this server (and in the app). */
let smtp: Awaited<ReturnType<typeof smtpServer>>;

beforeAll(async () => {
  smtp = await smtpServer();
  // A failed upload is tried again by the delivery queue after 1 s (30 s by default).
  t = await createTestApp({ env: { CCMS_DELIVERY_RETRY_SECONDS: '1' } });
  const base = await t.login();
  const mail: Record<string, string> = {
    'mail.smtp.host': '127.0.0.1',
    'mail.smtp.port': String(smtp.port),
    'mail.smtp.secure': 'none',
    'mail.smtp.from': 'CCMS <ccms@example.test>',
    'mail.smtp.user': 'mailer',
    'mail.smtp.password': 'mail-pass',
    'mail.site.url': 'https://ccms.example.test/',
  };
  for (const [key, value] of Object.entries(mail)) await t.database.db.update(sysConfig).set({ configValue: value }).where(eq(sysConfig.configKey, key));
  // The delivery and SMTP test servers listen on loopback, which only the administrator's allowance opens.
  await allowLoopbackRemotes(t);
  await t.database.db.update(sysUser).set({ email: 'admin@example.test' }).where(eq(sysUser.userName, 'admin'));
  admin = record(base);
  zh = record(callerFor(t.app, base.token, 'zh'));
  // A publication with one successful HTML5 output on disk, as a publish leaves it.
  const db = t.database.db;
  const [pub] = await db
    .insert(ccmsPublication)
    .values({ libraryId: 100, name: 'Guide', branch: 'main', ditaMap: 'guide.ditamap', ditaVal: 'all' })
    .returning();
  const [cfg] = await db
    .insert(ccmsPublishConfig)
    .values({ libraryId: 100, configName: 'web', format: 'html5', lang: 'en', publishPath: 'public' })
    .returning();
  publicationId = pub?.publicationId ?? 0;
  configId = cfg?.configId ?? 0;
  const [out] = await db
    .insert(ccmsDocumentOutput)
    .values({
      libraryId: 100,
      branch: 'main',
      path: 'guide.ditamap',
      format: 'html5',
      status: 'success',
      publicationId,
      configId,
      filter: 'all',
      entryFile: 'index.html',
    })
    .returning();
  outputId = out?.outputId ?? 0;
  const dir = path.join(t.dataDir, 'publish', 'outputs', String(outputId));
  await mkdir(path.join(dir, 'topics'), { recursive: true });
  await writeFile(path.join(dir, 'index.html'), '<h1>Guide</h1>');
  await writeFile(path.join(dir, 'topics', 'big.html'), randomBytes(2 * 1024 * 1024));
  await db.update(ccmsDocumentOutput).set({ outputDir: `publish/outputs/${outputId}` });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** The decoded mails to the admin (who starts every delivery here) whose subject contains the text. */
const mailsAbout = (text: string) =>
  smtp.received
    .filter((m) => m.to.includes('admin@example.test'))
    .map((m) => decoded(m.raw))
    .filter((m) => m.subject.includes(text));

const sftpBody = (over: Record<string, unknown> = {}) => {
  const s = servers().sftp;
  return {
    name: 'sftp-drop',
    type: 'sftp',
    host: '127.0.0.1',
    port: s.port,
    remotePath: '/incoming',
    credential: { type: 'password', name: 'drop', username: s.username, password: s.password },
    ...over,
  };
};
/** The receipts of a deliverable once none is queued or running any more (deliveries run in the background). */
async function settledReceipts(deliverableId: number) {
  for (;;) {
    const r = await admin.get(`/prod-api/ccms/deliverable/${deliverableId}/receipts`);
    if (!r.body.rows.some((x: { status: string }) => x.status === 'queued' || x.status === 'running')) return r.body;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const connections = async () => (await t.database.db.select({ n: count() }).from(ccmsConnection))[0]?.n;

describe('connections', () => {
  let sftpId = 0;

  it('refuses bad input with the message naming it, in zh and en, and writes nothing', async () => {
    await mkdir(path.join(servers().sftp.root, 'incoming'), { recursive: true });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ port: 70000 }, 'Invalid port number', '端口号无效'],
      [{ port: 'abc' }, 'Invalid port number', '端口号无效'],
      [{ port: 0 }, 'Invalid port number', '端口号无效'],
      [{ remotePath: 'incoming' }, 'Invalid path', '路径无效'],
      [{ remotePath: '/a/../etc' }, 'Invalid path', '路径无效'],
      [{ name: '' }, 'Name is required', '名称不能为空'],
      [{ host: '' }, 'Host is required', '主机不能为空'],
      [{ host: 'bad host!' }, 'Host is not in a valid format', '主机格式不正确'],
      [{ type: 'scp' }, 'Type must be one of: sftp, ftp, ftps', '类型取值不正确'],
      [{ credential: { type: 'password', name: 'x', username: '', password: 'p' } }, 'User name is required', '用户名不能为空'],
      [{ credential: { type: 'password', name: '', username: 'u', password: 'p' } }, 'Name is required', '名称不能为空'],
      [{ credential: { type: 'password', name: 'x', username: 'u', password: '' } }, 'Password is required', '密码不能为空'],
      [{ credential: { type: 'token', name: 'x', username: 'u', password: 'p' } }, 'Type must be one of', '类型取值不正确'],
      [
        { type: 'ftp', credential: { type: 'privateKey', name: 'k', username: 'u', password: 'key' } },
        'A private key can only be used with SFTP',
        '私钥只能用于 SFTP 连接',
      ],
    ];
    for (const [over, en, zhText] of cases) {
      const a = await admin.post('/prod-api/ccms/connection', sftpBody(over));
      expect(a.status, JSON.stringify(over)).toBe(400);
      expect(a.body.msg).toContain(en);
      expect((await zh.post('/prod-api/ccms/connection', sftpBody(over))).body.msg).toContain(zhText);
    }
    expect(await connections()).toBe(0);
  });

  it('stores the password sealed, never answers it, and validates by writing and deleting a probe file', async () => {
    const created = await admin.post('/prod-api/ccms/connection', sftpBody());
    expect(created.body.code).toBe(200);
    sftpId = created.body.data.connectionId;
    const [row] = await t.database.db.select().from(ccmsConnection);
    expect(row?.credentialSecret).toMatch(/^v1\./);
    expect(row?.credentialSecret).not.toContain(servers().sftp.password);
    const got = await admin.get(`/prod-api/ccms/connection/${sftpId}`);
    expect(got.body.data).toMatchObject({ validated: '0', credential: { type: 'password', username: 'deliver', password: '******' } });
    expect((await admin.post('/prod-api/ccms/connection', sftpBody())).body.msg).toBe('The connection "sftp-drop" already exists');

    // Met for the first time, the server only shows its host key: nothing is pinned and no credential has gone to it.
    const offered = servers().sftp.credentialsOffered();
    const first = await admin.post(`/prod-api/ccms/connection/${sftpId}/validate`);
    expect(first.body.data).toMatchObject({ state: 'confirm', hostKey: expect.stringMatching(/^SHA256:[A-Za-z0-9+/]{43}$/) });
    expect(first.body.data.message).toBe(
      `First connection: the server presents the host key ${first.body.data.hostKey}. Check it with the server's administrator; only once you confirm it is the credential sent and the key pinned`,
    );
    expect(servers().sftp.credentialsOffered()).toBe(offered);
    expect((await admin.get(`/prod-api/ccms/connection/${sftpId}`)).body.data).toMatchObject({ validated: '0', hostKey: '' });
    // In Chinese too.
    expect((await zh.post(`/prod-api/ccms/connection/${sftpId}/validate`)).body.data.message).toMatch(/^首次连接：服务器出示的主机密钥指纹为 SHA256:/);
    // A key other than the server's is refused, still before any credential.
    const wrongKey = `SHA256:${'A'.repeat(43)}`;
    const wrong = await admin.post(`/prod-api/ccms/connection/${sftpId}/validate`, { hostKey: wrongKey });
    expect(wrong.body.data).toMatchObject({ state: 'failure' });
    expect(wrong.body.data.message).toBe(
      `The server presents the host key ${first.body.data.hostKey}, not the one confirmed (${wrongKey}); connection refused and no credential sent: validate again and compare`,
    );
    expect(servers().sftp.credentialsOffered()).toBe(offered);
    expect((await admin.get(`/prod-api/ccms/connection/${sftpId}`)).body.data.hostKey).toBe('');
    // Confirmed, it signs in, probes and pins that key.
    const ok = await admin.post(`/prod-api/ccms/connection/${sftpId}/validate`, { hostKey: first.body.data.hostKey });
    expect(ok.body.data).toMatchObject({ state: 'success', message: 'Connected, listed the folder, wrote and deleted a probe file' });
    expect(ok.body.data.hostKey).toBe(first.body.data.hostKey);
    expect(servers().sftp.credentialsOffered()).toBeGreaterThan(offered);
    expect(await readdir(path.join(servers().sftp.root, 'incoming'))).toEqual([]);
    expect((await admin.get(`/prod-api/ccms/connection/${sftpId}`)).body.data).toMatchObject({ validated: '1', hostKey: ok.body.data.hostKey });

    // Renaming keeps it validated; a new password makes it unvalidated until validated again.
    await admin.put('/prod-api/ccms/connection', {
      ...sftpBody({ name: 'sftp-main' }),
      connectionId: sftpId,
      credential: { ...sftpBody().credential, password: '******' },
    });
    expect((await admin.get(`/prod-api/ccms/connection/${sftpId}`)).body.data).toMatchObject({ name: 'sftp-main', validated: '1' });
    await admin.put('/prod-api/ccms/connection', {
      ...sftpBody({ name: 'sftp-main' }),
      connectionId: sftpId,
      credential: { ...sftpBody().credential, password: 'wrong' },
    });
    expect((await admin.get(`/prod-api/ccms/connection/${sftpId}`)).body.data.validated).toBe('0');
    const bad = await admin.post(`/prod-api/ccms/connection/${sftpId}/validate`);
    expect(bad.body.data.state).toBe('failure');
    // A refused sign-in answers as generically as a server that is not there.
    expect(bad.body.data.message).toBe('Could not connect or sign in to the server');
    await admin.put('/prod-api/ccms/connection', { ...sftpBody({ name: 'sftp-main' }), connectionId: sftpId });
    // A kept password never follows the connection to another server.
    const moved = await admin.put('/prod-api/ccms/connection', {
      ...sftpBody({ name: 'sftp-main', port: 1 }),
      connectionId: sftpId,
      credential: { ...sftpBody().credential, password: '******' },
    });
    expect(moved.body.msg).toBe('Password: the server or credential type changed, so enter the password or private key again');
    expect((await admin.post(`/prod-api/ccms/connection/${sftpId}/validate`)).body.data.state).toBe('success');
  });

  it('validates FTP and an SFTP private key', async () => {
    const f = servers().ftp;
    await mkdir(path.join(f.root, 'in'), { recursive: true });
    const ftp = await admin.post('/prod-api/ccms/connection', {
      ...sftpBody({ name: 'ftp-drop', type: 'ftp', port: f.port, remotePath: '/in' }),
      credential: { type: 'password', name: 'ftp', username: f.username, password: f.password },
    });
    expect((await admin.post(`/prod-api/ccms/connection/${ftp.body.data.connectionId}/validate`)).body.data).toMatchObject({ state: 'success', hostKey: '' });
    const key = await admin.post('/prod-api/ccms/connection', {
      ...sftpBody({ name: 'sftp-key' }),
      credential: { type: 'privateKey', name: 'key', username: 'deliver', password: servers().sftp.clientPrivateKey },
    });
    expect((await validateConnection(admin, key.body.data.connectionId)).state).toBe('success');
  });

  it('refuses a host on this machine or a private network unless the administrator allows it, and checks again at each connection', async () => {
    const setAllowed = (value: string) =>
      t.database.db.update(sysConfig).set({ configValue: value }).where(eq(sysConfig.configKey, 'ccms.library.allowPrivateUrls'));
    // A plain TCP listener that counts who connects: a refused host is never reached.
    let reached = 0;
    const listener = createServer((socket) => {
      reached++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const port = (listener.address() as AddressInfo).port;
    const before = await connections();
    try {
      await setAllowed('');
      for (const host of ['127.0.0.1', 'localhost', '10.0.0.9', '169.254.169.254']) {
        const refused = await admin.post('/prod-api/ccms/connection', sftpBody({ name: `private-${host}`, host, port }));
        expect(refused.status, host).toBe(400);
        expect(refused.body.msg).toBe(
          'Host: the address is on this machine or a private network, which the administrator has not allowed (setting ccms.library.allowPrivateUrls)',
        );
      }
      expect((await zh.post('/prod-api/ccms/connection', sftpBody({ name: 'private-zh', port }))).body.msg).toBe(
        '主机（host）指向本机或内网地址，未获管理员允许（参数 ccms.library.allowPrivateUrls）',
      );
      expect(await connections()).toBe(before);

      // Allowed, it is saved; when the allowance is taken back, a check no longer connects.
      await setAllowed('127.0.0.1');
      const created = await admin.post('/prod-api/ccms/connection', sftpBody({ name: 'silent', port }));
      expect(created.body.code).toBe(200);
      await setAllowed('');
      const check = await admin.post(`/prod-api/ccms/connection/${created.body.data.connectionId}/validate`);
      expect(check.body.data).toMatchObject({ state: 'failure', message: expect.stringContaining('Host: the address is on this machine') });
      expect(reached).toBe(0);
      await admin.delete(`/prod-api/ccms/connection/${created.body.data.connectionId}`);
    } finally {
      await setAllowed('127.0.0.1');
      await new Promise<void>((resolve) => listener.close(() => resolve()));
    }
  });

  describe('deliverables', () => {
    let deliverableId = 0;
    const body = (over: Record<string, unknown> = {}) => ({
      name: 'guide-web',
      publicationId,
      configId,
      connectionId: sftpId,
      filePath: 'guide/web',
      fileName: 'guide.zip',
      ...over,
    });
    const deliverables = async () => (await t.database.db.select({ n: count() }).from(ccmsDeliverable))[0]?.n;

    it('checks names, paths, the connection and the target folder, writing nothing on a refusal', async () => {
      const cases: [Record<string, unknown>, string, string][] = [
        [{ fileName: '../x.zip' }, 'Invalid file name', '文件名无效'],
        [{ fileName: 'a b.zip' }, 'Invalid file name', '文件名无效'],
        [{ filePath: '../up' }, 'Invalid path', '路径无效'],
        [{ filePath: '/abs' }, 'Invalid path', '路径无效'],
        [{ name: '' }, 'Name is required', '名称不能为空'],
        [{ publicationId: undefined }, 'Publication is required', '出版物不能为空'],
        [{ configId: undefined }, 'Parameter ID is required', '参数主键不能为空'],
        [{ connectionId: undefined }, 'Delivery server is required', '交付服务器不能为空'],
        [{ scheduleJob: 'every day' }, 'Invalid cron expression', 'Cron 表达式无效'],
      ];
      for (const [over, en, zhText] of cases) {
        const a = await admin.post('/prod-api/ccms/deliverable', body(over));
        expect(a.status, JSON.stringify(over)).toBe(400);
        expect(a.body.msg).toContain(en);
        expect((await zh.post('/prod-api/ccms/deliverable', body(over))).body.msg).toContain(zhText);
      }
      await mkdir(path.join(servers().sftp.root, 'incoming/full'), { recursive: true });
      await writeFile(path.join(servers().sftp.root, 'incoming/full/other.txt'), 'someone else');
      expect((await admin.post('/prod-api/ccms/deliverable', body({ filePath: 'full' }))).body.msg).toBe('The target folder "/incoming/full" is not empty');
      const unvalidated = await admin.post('/prod-api/ccms/connection', sftpBody({ name: 'not-yet' }));
      const refused = await admin.post('/prod-api/ccms/deliverable', body({ connectionId: unvalidated.body.data.connectionId }));
      expect(refused.body.msg).toBe('The connection "not-yet" has not been validated yet; validate it first');
      expect(await deliverables()).toBe(0);
    });

    it('delivers now: the file lands byte-identical and the receipt says so', async () => {
      const created = await admin.post('/prod-api/ccms/deliverable', body({ scheduleJob: '0 0 3 * * ?' }));
      expect(created.body.code).toBe(200);
      deliverableId = created.body.data.deliverableId;
      // The schedule is a scheduled job (pg-boss fires it) running the delivery handler.
      const jobs = await t.database.db.select().from(sysJob);
      expect(jobs.find((j) => j.invokeTarget === 'deliverable.deliver')).toMatchObject({ cronExpression: '0 0 3 * * ?', invokeParams: { deliverableId } });

      const queued = await admin.post(`/prod-api/ccms/deliverable/${deliverableId}/deliver`, {});
      expect(queued.body.code).toBe(200);
      const receipts = await settledReceipts(deliverableId);
      expect(receipts.total).toBe(1);
      const [receipt] = receipts.rows;
      expect(receipt).toMatchObject({ status: 'success', outputId, trigger: 'now', remotePath: '/incoming/guide/web/guide.zip', attempts: 1, error: '' });
      const landed = path.join(servers().sftp.root, 'incoming/guide/web/guide.zip');
      expect(await sha256Of(landed)).toBe(receipt.sha256);
      expect(receipt.bytes).toBeGreaterThan(1000);
      expect((await admin.get(`/prod-api/ccms/deliverable/${deliverableId}`)).body.data).toMatchObject({
        lastStatus: 'success',
        connectionName: 'sftp-main',
        publicationName: 'Guide',
        configName: 'web',
      });
      // Whoever started it is told: in the app and by mail (in their language, zh by default), with the link to the deliverable.
      const link = `/content/deliverable?deliverableId=${deliverableId}`;
      await until(() => mailsAbout('guide-web').length > 0, 'the delivery mail');
      const [mail] = mailsAbout('guide-web');
      expect(mail?.subject).toBe('分发完成：guide-web');
      expect(mail?.text).toContain(`https://ccms.example.test${link}`);
      const notices = await t.database.db.select().from(sysNotification).where(eq(sysNotification.event, 'deliveryFinished'));
      expect(notices.map((n) => n.link)).toEqual([link]);
    });

    it("delivers now the newest output of the publication's map, config and filter, wherever it was published from", async () => {
      const db = t.database.db;
      const base = { libraryId: 100, branch: 'main', path: 'guide.ditamap', format: 'html5', status: 'success', configId, entryFile: 'index.html' };
      // Published from the document page (no publication) with the same filter, after the publication's own output; then one with another filter.
      const [fromPage] = await db
        .insert(ccmsDocumentOutput)
        .values({ ...base, publicationId: null, filter: 'all' })
        .returning();
      const [otherFilter] = await db
        .insert(ccmsDocumentOutput)
        .values({ ...base, publicationId: null, filter: 'experts' })
        .returning();
      const ids = [fromPage?.outputId ?? 0, otherFilter?.outputId ?? 0];
      for (const id of ids) {
        const dir = path.join(t.dataDir, 'publish', 'outputs', String(id));
        await mkdir(dir, { recursive: true });
        await writeFile(path.join(dir, 'index.html'), `<h1>Guide ${id}</h1>`);
        await db
          .update(ccmsDocumentOutput)
          .set({ outputDir: `publish/outputs/${id}` })
          .where(eq(ccmsDocumentOutput.outputId, id));
      }
      try {
        expect((await admin.post(`/prod-api/ccms/deliverable/${deliverableId}/deliver`, {})).body.code).toBe(200);
        const [receipt] = (await settledReceipts(deliverableId)).rows;
        expect(receipt).toMatchObject({ status: 'success', outputId: fromPage?.outputId });
      } finally {
        await db.delete(ccmsDocumentOutput).where(inArray(ccmsDocumentOutput.outputId, ids));
      }
      // The publication's own output is the newest again: delivered back, as the next tests expect it on the server.
      expect((await admin.post(`/prod-api/ccms/deliverable/${deliverableId}/deliver`, {})).body.code).toBe(200);
      expect((await settledReceipts(deliverableId)).rows[0]).toMatchObject({ status: 'success', outputId });
    });

    it('a connection killed mid-upload leaves no partial file under the final name; the retry completes', async () => {
      const dir = path.join(servers().sftp.root, 'incoming/guide/web');
      const before = await sha256Of(path.join(dir, 'guide.zip'));
      servers().sftp.killNextUploadAfter(64 * 1024);
      await admin.post(`/prod-api/ccms/deliverable/${deliverableId}/deliver`, {});
      const [receipt] = (await settledReceipts(deliverableId)).rows;
      expect(receipt).toMatchObject({ status: 'success', attempts: 2 });
      expect(await readdir(dir)).toEqual(['guide.zip']);
      expect(await sha256Of(path.join(dir, 'guide.zip'))).toBe(receipt.sha256);
      expect(receipt.sha256).toBe(before);
    });

    it('is a job of the delivery work queue: with pg-boss running, a killed upload is retried by the queue', async () => {
      await t.app.jobs.start();
      servers().sftp.killNextUploadAfter(64 * 1024);
      const queued = await admin.post(`/prod-api/ccms/deliverable/${deliverableId}/deliver`, {});
      const [receipt] = (await settledReceipts(deliverableId)).rows;
      expect(receipt).toMatchObject({ receiptId: queued.body.data.receiptId, status: 'success', attempts: 2, trigger: 'now' });
      // The job pg-boss kept: the queue's retry (not an in-process loop) made the second try.
      // pg-boss marks the job completed just after its handler (which wrote the receipt) returned.
      let rows: unknown[] = [];
      for (let i = 0; i < 200; i++) {
        rows = (await t.database.executeSql("SELECT state, retry_count, data FROM pgboss.job WHERE name = 'ccms-delivery'")).rows;
        if (!rows.some((r) => (r as { state: string }).state === 'active')) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(rows).toEqual([{ state: 'completed', retry_count: 1, data: { receiptId: receipt.receiptId } }]);
      expect(await sha256Of(path.join(servers().sftp.root, 'incoming/guide/web/guide.zip'))).toBe(receipt.sha256);
    });

    it('refuses a server whose host key changed, and the receipt records the failure', async () => {
      await servers().sftp.changeHostKey();
      // A delivery started now fails (no retry against a changed key), and whoever started it is told why.
      expect((await admin.post(`/prod-api/ccms/deliverable/${deliverableId}/deliver`, {})).body.code).toBe(200);
      const [failed] = (await settledReceipts(deliverableId)).rows;
      expect(failed).toMatchObject({ status: 'fail', error: expect.stringMatching(/host key changed/) });
      const link = `/content/deliverable?deliverableId=${deliverableId}`;
      await until(() => mailsAbout('分发失败').length > 0, 'the failure mail');
      const [mail] = mailsAbout('分发失败');
      expect(mail?.subject).toBe('分发失败：guide-web');
      expect(mail?.text).toMatch(/host key changed/);
      expect(mail?.text).toContain(`https://ccms.example.test${link}`);
      const [notice] = await t.database.db.select().from(sysNotification).where(eq(sysNotification.event, 'deliveryFailed'));
      expect(notice).toMatchObject({ link, params: { name: 'guide-web', reason: expect.stringMatching(/host key changed/) } });
      const check = await admin.post(`/prod-api/ccms/connection/${sftpId}/validate`);
      expect(check.body.data.state).toBe('failure');
      expect(check.body.data.message).toMatch(/^The server host key changed/);
      expect((await admin.get(`/prod-api/ccms/connection/${sftpId}`)).body.data.validated).toBe('0');
      expect((await admin.post(`/prod-api/ccms/deliverable/${deliverableId}/deliver`, {})).body.msg).toBe(
        'The connection "sftp-main" has not been validated yet; validate it first',
      );
    });

    it('deleting a used connection is refused; deleting the deliverable removes its schedule', async () => {
      expect((await admin.delete(`/prod-api/ccms/connection/${sftpId}`)).body.msg).toBe(
        'The connection "sftp-main" is used by a deliverable and cannot be deleted',
      );
      expect((await admin.delete(`/prod-api/ccms/deliverable/${deliverableId}`)).body.code).toBe(200);
      expect((await t.database.db.select().from(sysJob)).some((j) => j.invokeTarget === 'deliverable.deliver')).toBe(false);
      expect((await admin.delete(`/prod-api/ccms/connection/${sftpId}`)).body.code).toBe(200);
    });
  });

  it('never puts a password or key in a response, the operation log or the job log', async () => {
    const secrets = [servers().sftp.password, servers().ftp.password, servers().sftp.clientPrivateKey.split('\n')[1] ?? 'x', 'wrong'];
    const logs = [
      ...(await t.database.db.select().from(sysOperLog)).map((r) => `${r.operParam} ${r.jsonResult} ${r.errorMsg}`),
      ...(await t.database.db.select().from(sysJobLog)).map((r) => `${r.jobMessage} ${r.exceptionInfo}`),
    ];
    expect(logs.length).toBeGreaterThan(5);
    for (const secret of secrets) {
      for (const text of [...answered, ...logs]) expect(text.includes(secret), secret).toBe(false);
    }
  });
});
