import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { libraryBody } from '../src/modules/content/content-test-kit';
import { sha256Of } from '../src/modules/publish/delivery/deliver-file';
import { ADMIN_PASSWORD } from './constants';
import { useDeliveryServers } from './delivery-servers';
import { useGitServer } from './git-server';

/**
 * Issue 28, item 6: work a crash cut stayed "running" for ever. A real server process (on PGlite
 * in its data directory, pg-boss running) publishes a PDF and delivers over SFTP to a server that
 * hangs mid-upload; the process is killed with SIGKILL (its whole process group: the publish
 * engine and Chromium too) while both run, and started again on the same data directory. Within a
 * minute of the restart the publish has failed, saying it was interrupted (in zh and en), and the
 * delivery has run again from the start and landed, with no part file left on the SFTP server.
 */
const remote = useGitServer();
const servers = useDeliveryServers();
const TOPICS = 80;
const MINUTE = 60_000;
let work = '';
let dataDir = '';

/** One run of the server process: its port, and every line it printed (shown when a check fails). */
class ServerProcess {
  readonly lines: string[] = [];
  private child: ChildProcess | null = null;
  private base = '';
  private token = '';

  async start(): Promise<void> {
    // Its own process group, so a kill takes the publish engine and Chromium with it, as a crash of the machine would.
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'restart-server.ts')], {
      env: {
        ...process.env,
        NODE_OPTIONS: '',
        CCMS_PGLITE_IMAGE: inject('pgliteImage'),
        CCMS_DATA_DIR: dataDir,
        CCMS_DELIVERY_RETRY_SECONDS: '1',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    this.child = child;
    const stdout = child.stdout;
    const stderr = child.stderr;
    if (!stdout || !stderr) throw new Error('no output of the server process');
    createInterface({ input: stderr }).on('line', (line) => this.lines.push(line));
    const port = await new Promise<number>((resolve, reject) => {
      createInterface({ input: stdout }).on('line', (line) => {
        this.lines.push(line);
        if (line.startsWith('{"port":')) resolve(JSON.parse(line).port);
      });
      child.once('exit', (code) => reject(new Error(`the server exited (${code}) before listening:\n${this.lines.join('\n')}`)));
    });
    this.base = `http://127.0.0.1:${port}/prod-api`;
    const login = await this.api('POST', '/login', { username: 'admin', password: ADMIN_PASSWORD });
    if (!login.token) throw new Error(`login failed: ${JSON.stringify(login)}`);
    this.token = login.token;
  }

  // biome-ignore lint/suspicious/noExplicitAny: the API envelope, read field by field in the test
  async api(method: string, url: string, body?: unknown, lang = 'en'): Promise<any> {
    const res = await fetch(`${this.base}${url}`, {
      method,
      headers: {
        'accept-language': lang,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return res.json();
  }

  /** SIGKILL to the server and everything it started. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    process.kill(-child.pid, 'SIGKILL');
    await exited;
  }
}

const processes: ServerProcess[] = [];

/** Polls `read` until `done` holds of its value, or fails with the last value after `ms`. */
async function until<T>(what: string, ms: number, read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms; last seen ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'ccms-crash-'));
  dataDir = path.join(work, 'data');
  // A map big enough that printing it takes Chromium a while; the text is random so its zip is big too.
  const files: Record<string, string> = { 'all.ditaval': '<val/>\n' };
  const refs: string[] = [];
  for (let i = 0; i < TOPICS; i++) {
    const paragraphs = Array.from({ length: 8 }, () => `<p>${randomBytes(200).toString('hex')}</p>`).join('');
    files[`topics/t${i}.dita`] =
      `<?xml version="1.0" encoding="UTF-8"?>\n<topic id="t${i}" xml:lang="en-US"><title>Topic ${i}</title><body>${paragraphs}</body></topic>\n`;
    refs.push(`<topicref href="topics/t${i}.dita"/>`);
  }
  files['book.ditamap'] = `<?xml version="1.0" encoding="UTF-8"?>\n<map xml:lang="en-US"><title>Book</title>${refs.join('')}</map>\n`;
  await remote().createRepo('book', { files });
}, MINUTE);

afterAll(async () => {
  for (const p of processes) await p.kill();
  if (work) await rm(work, { recursive: true, force: true });
});

describe('a server killed while it publishes and delivers', () => {
  it(
    'fails the cut publish and delivers again within a minute of the restart, no part left',
    async () => {
      const first = new ServerProcess();
      processes.push(first);
      await first.start();
      const api = first.api.bind(first);
      const check = (reply: { code: number }, what: string) => expect(reply.code, `${what}: ${JSON.stringify(reply)}`).toBe(200);

      const library = await api('POST', '/ccms/library', libraryBody('book', remote().url('book')));
      check(library, 'library');
      const libraryId = library.data.libraryId;
      const publication = await api('POST', '/ccms/publication', { libraryId, name: 'Book', branch: 'main', ditaMap: 'book.ditamap', ditaVal: 'all.ditaval' });
      check(publication, 'publication');
      const publicationId = publication.data.publicationId;
      for (const [configName, format] of [
        ['web', 'html5'],
        ['print', 'pdf'],
      ] as const) {
        check(await api('POST', '/ccms/library/publishConfig', { libraryId, configName, format, lang: 'en', publishPath: 'public' }), configName);
      }
      const configs: { configId: number; configName: string }[] = (await api('GET', `/ccms/library/publishConfig/list?libraryId=${libraryId}`)).data;
      const configId = (name: string) => configs.find((c) => c.configName === name)?.configId ?? 0;
      const output = (id: number, lang = 'en') => api('GET', `/ccms/output/${id}`, undefined, lang).then((r) => r.data);

      // An HTML5 output to deliver.
      const web = await api('POST', '/ccms/output/publish', { publicationId, configIds: [configId('web')] });
      check(web, 'publish web');
      const webId = web.data[0].outputId;
      await until(
        'the web output',
        2 * MINUTE,
        () => output(webId),
        (o) => o.status !== 'notStarted' && o.status !== 'running',
      );
      expect((await output(webId)).status).toBe('success');

      // An SFTP server that takes the first 32 KB of an upload and then hangs.
      const sftp = servers().sftp;
      await mkdir(path.join(sftp.root, 'drop'), { recursive: true });
      const connection = await api('POST', '/ccms/connection', {
        name: 'drop',
        type: 'sftp',
        host: '127.0.0.1',
        port: sftp.port,
        remotePath: '/drop',
        credential: { type: 'password', name: 'drop', username: sftp.username, password: sftp.password },
      });
      check(connection, 'connection');
      // Met for the first time, the server shows its host key; validating again with it trusts it.
      const met = await api('POST', `/ccms/connection/${connection.data.connectionId}/validate`);
      expect(met.data.state).toBe('confirm');
      expect((await api('POST', `/ccms/connection/${connection.data.connectionId}/validate`, { hostKey: met.data.hostKey })).data.state).toBe('success');
      const deliverable = await api('POST', '/ccms/deliverable', {
        name: 'book-web',
        publicationId,
        configId: configId('web'),
        connectionId: connection.data.connectionId,
        filePath: 'book',
        fileName: 'book.zip',
      });
      check(deliverable, 'deliverable');
      const deliverableId = deliverable.data.deliverableId;
      const receipt = async () => (await api('GET', `/ccms/deliverable/${deliverableId}/receipts`)).rows[0];
      sftp.stallUploadsAfter(32 * 1024);
      const delivery = await api('POST', `/ccms/deliverable/${deliverableId}/deliver`, {});
      check(delivery, 'deliver');
      const folder = path.join(sftp.root, 'drop', 'book');
      const part = path.join(folder, `.book.zip.r${delivery.data.receiptId}.part`);
      await until(
        'the part file of the hanging upload',
        MINUTE,
        () =>
          stat(part).then(
            (s) => s.size,
            () => 0,
          ),
        (size) => size >= 32 * 1024,
      );

      // A PDF publish, killed as soon as it runs.
      const print = await api('POST', '/ccms/output/publish', { publicationId, configIds: [configId('print')] });
      check(print, 'publish print');
      const printId = print.data[0].outputId;
      await until(
        'the PDF publish to run',
        MINUTE,
        () => output(printId),
        (o) => o.status === 'running',
      );
      expect((await receipt()).status).toBe('running');
      await first.kill();

      // The SFTP server answers again; the server starts again on the same data directory.
      sftp.stallUploadsAfter(null);
      const second = new ServerProcess();
      processes.push(second);
      await second.start();
      const restarted = Date.now();
      const again = second.api.bind(second);
      const outputAgain = (id: number, lang = 'en') => again('GET', `/ccms/output/${id}`, undefined, lang).then((r) => r.data);
      const receiptAgain = async () => (await again('GET', `/ccms/deliverable/${deliverableId}/receipts`)).rows[0];
      const left = () => MINUTE - (Date.now() - restarted);
      const logs = () => second.lines.join('\n');

      const failed = await until(
        'the cut publish to end',
        left(),
        () => outputAgain(printId),
        (o) => o.status !== 'running' && o.status !== 'notStarted',
      ).catch((err: Error) => Promise.reject(new Error(`${err.message}\n${logs()}`)));
      expect(failed).toMatchObject({ status: 'fail', message: 'The publish was interrupted: the server running it stopped or restarted' });
      expect((await outputAgain(printId, 'zh')).message).toBe('发布已中断：运行它的服务器停止或重启了');
      const delivered = await until('the delivery to land', left(), receiptAgain, (r) => r.status !== 'queued' && r.status !== 'running').catch((err: Error) =>
        Promise.reject(new Error(`${err.message}\n${logs()}`)),
      );
      expect(delivered).toMatchObject({ status: 'success', remotePath: '/drop/book/book.zip' });
      expect(delivered.attempts).toBeGreaterThanOrEqual(2);
      expect(Date.now() - restarted).toBeLessThan(MINUTE);
      // The whole file under its name, and no part file beside it.
      expect(await readdir(folder)).toEqual(['book.zip']);
      expect(await sha256Of(path.join(folder, 'book.zip'))).toBe(delivered.sha256);
      // The earlier output is untouched.
      expect((await outputAgain(webId)).status).toBe('success');
    },
    5 * MINUTE,
  );
});
