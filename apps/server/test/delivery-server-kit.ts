import { constants, type Stats } from 'node:fs';
import { mkdir, mkdtemp, open, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import FtpSrv from 'ftp-srv';
import ssh2, { type Connection, type SFTPWrapper } from 'ssh2';

/**
 * In-process SFTP (ssh2 Server over a temporary folder) and FTP (ftp-srv) servers on 127.0.0.1,
 * for the API and browser tests of delivery. Imports no test runner.
 */
// ssh2 is CommonJS: its members come off the default export (Playwright loads this file as ESM).
const { Server, utils } = ssh2;
const { STATUS_CODE, OPEN_MODE } = utils.sftp;

/** A delivery server for tests: files land under `root`, on 127.0.0.1 only. */
export interface DeliveryServer {
  port: number;
  root: string;
  username: string;
  password: string;
  close(): Promise<void>;
}

export interface SftpTestServer extends DeliveryServer {
  /** The public key a client may sign in with instead of the password (OpenSSH format private key for the client). */
  clientPrivateKey: string;
  /** Drops the connection once this many bytes of one upload arrived, once. */
  killNextUploadAfter(bytes: number): void;
  /**
   * From now on, once this many bytes of an upload arrived, leaves its further writes unanswered
   * (a server that hangs mid-upload, the connection kept open); null serves normally again.
   */
  stallUploadsAfter(bytes: number | null): void;
  /** Serves with a fresh host key from now on (as a replaced or spoofed server would). */
  changeHostKey(): Promise<void>;
  /** How many times a client offered a password or key so far: none before it trusted the host key. */
  credentialsOffered(): number;
}

/** A port nothing listens on now (bound once, then closed). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

function attrsOf(s: Stats) {
  return { mode: s.mode, uid: s.uid, gid: s.gid, size: s.size, atime: Math.floor(s.atimeMs / 1000), mtime: Math.floor(s.mtimeMs / 1000) };
}

/**
 * A plain SFTP server (no posix-rename extension) over a temporary folder, answering the requests a
 * delivery makes. `onWrite` sees each written chunk; `holds` says whether to leave a write unanswered.
 */
function serveSftp(sftp: SFTPWrapper, root: string, onWrite: (bytes: number) => void, holds: () => boolean = () => false) {
  const local = (p: string) => join(root, posix.normalize(`/${p}`));
  const handles = new Map<number, { kind: 'file'; fd: Awaited<ReturnType<typeof open>> } | { kind: 'dir'; names: string[] | null; path: string }>();
  let next = 1;
  const handleOf = (buf: Buffer) => handles.get(buf.readUInt32BE(0));
  const newHandle = (value: Parameters<typeof handles.set>[1]) => {
    const id = next++;
    handles.set(id, value);
    const buf = Buffer.alloc(4);
    buf.writeUInt32BE(id);
    return buf;
  };
  // A dropped client leaves its files open: close them as a real server would.
  sftp.on('close', () => {
    for (const h of handles.values()) if (h.kind === 'file') void h.fd.close().catch(() => undefined);
    handles.clear();
  });
  const guard = (reqid: number, fn: () => Promise<void>) => fn().catch(() => sftp.status(reqid, STATUS_CODE.FAILURE));

  sftp.on('OPEN', (reqid, filename, flags) =>
    guard(reqid, async () => {
      const mode = flags & OPEN_MODE.WRITE ? (flags & OPEN_MODE.APPEND ? 'a' : 'w') : 'r';
      const fd = await open(local(filename), mode);
      sftp.handle(reqid, newHandle({ kind: 'file', fd }));
    }),
  );
  sftp.on('WRITE', (reqid, handle, offset, data) =>
    guard(reqid, async () => {
      if (holds()) return;
      const h = handleOf(handle);
      if (h?.kind !== 'file') return void sftp.status(reqid, STATUS_CODE.FAILURE);
      await h.fd.write(data, 0, data.length, offset);
      sftp.status(reqid, STATUS_CODE.OK);
      onWrite(data.length);
    }),
  );
  sftp.on('CLOSE', (reqid, handle) =>
    guard(reqid, async () => {
      const h = handleOf(handle);
      handles.delete(handle.readUInt32BE(0));
      if (h?.kind === 'file') await h.fd.close();
      sftp.status(reqid, STATUS_CODE.OK);
    }),
  );
  sftp.on('OPENDIR', (reqid, path) =>
    guard(reqid, async () => {
      if (!(await stat(local(path))).isDirectory()) throw new Error('not a folder');
      sftp.handle(reqid, newHandle({ kind: 'dir', names: null, path }));
    }),
  );
  sftp.on('READDIR', (reqid, handle) =>
    guard(reqid, async () => {
      const h = handleOf(handle);
      if (h?.kind !== 'dir') return void sftp.status(reqid, STATUS_CODE.FAILURE);
      if (h.names) return void sftp.status(reqid, STATUS_CODE.EOF);
      h.names = await readdir(local(h.path));
      const entries = await Promise.all(
        h.names.map(async (filename) => ({ filename, longname: filename, attrs: attrsOf(await stat(join(local(h.path), filename))) })),
      );
      sftp.name(reqid, entries);
    }),
  );
  const statReq = (reqid: number, path: string) =>
    stat(local(path)).then(
      (s) => sftp.attrs(reqid, attrsOf(s)),
      () => sftp.status(reqid, STATUS_CODE.NO_SUCH_FILE),
    );
  sftp.on('STAT', statReq);
  sftp.on('LSTAT', statReq);
  sftp.on('REALPATH', (reqid, path) => {
    const p = posix.normalize(`/${path}`);
    sftp.name(reqid, [{ filename: p, longname: p, attrs: { mode: constants.S_IFDIR | 0o755, uid: 0, gid: 0, size: 0, atime: 0, mtime: 0 } }]);
  });
  const done = (reqid: number, fn: () => Promise<unknown>) =>
    guard(reqid, async () => {
      await fn();
      sftp.status(reqid, STATUS_CODE.OK);
    });
  sftp.on('MKDIR', (reqid, path) => done(reqid, () => mkdir(local(path))));
  sftp.on('REMOVE', (reqid, path) => done(reqid, () => unlink(local(path))));
  // Plain SFTP: a rename onto an existing file fails, as on many servers.
  sftp.on('RENAME', (reqid, from, to) =>
    guard(reqid, async () => {
      const taken = await stat(local(to)).then(
        () => true,
        () => false,
      );
      if (taken) return void sftp.status(reqid, STATUS_CODE.FAILURE);
      await rename(local(from), local(to));
      sftp.status(reqid, STATUS_CODE.OK);
    }),
  );
}

/**
 * An ed25519 key pair ssh2 reads back. Its generator drops leading zero bytes of the public key,
 * so about one pair in 256 fails to parse ("Malformed OpenSSH private key", mscdex/ssh2#1390):
 * such a pair is thrown away.
 */
function ed25519Pair() {
  for (;;) {
    const pair = utils.generateKeyPairSync('ed25519');
    if (!(utils.parseKey(pair.private) instanceof Error) && !(utils.parseKey(pair.public) instanceof Error)) return pair;
  }
}

export async function startSftpServer(): Promise<SftpTestServer> {
  const root = await mkdtemp(join(tmpdir(), 'ccms-sftp-'));
  const username = 'deliver';
  const password = `pw-${Math.random().toString(36).slice(2)}`;
  const clientKey = ed25519Pair();
  const clientPublic = utils.parseKey(clientKey.public);
  if (clientPublic instanceof Error) throw clientPublic;
  const port = await freePort();
  let killAfter: number | null = null;
  let stallAfter: number | null = null;
  let offered = 0;
  const clients = new Set<Connection>();

  const listen = async () => {
    const server = new Server({ hostKeys: [ed25519Pair().private] }, (client) => {
      clients.add(client);
      client.on('close', () => clients.delete(client));
      client.on('error', () => undefined);
      client.on('authentication', (ctx) => {
        if (ctx.method === 'password' || ctx.method === 'publickey') offered++;
        if (ctx.username !== username) return ctx.reject(['password', 'publickey']);
        if (ctx.method === 'password' && ctx.password === password) return ctx.accept();
        if (ctx.method === 'publickey' && ctx.key.algo === clientPublic.type && ctx.key.data.equals(clientPublic.getPublicSSH())) {
          if (!ctx.signature || !ctx.blob) return ctx.accept();
          if (clientPublic.verify(ctx.blob, ctx.signature, ctx.hashAlgo) === true) return ctx.accept();
        }
        ctx.reject(['password', 'publickey']);
      });
      client.on('ready', () => {
        client.on('session', (accept) => {
          accept().on('sftp', (acceptSftp) => {
            let written = 0;
            serveSftp(
              acceptSftp(),
              root,
              (bytes) => {
                written += bytes;
                if (killAfter !== null && written >= killAfter) {
                  killAfter = null;
                  client.end();
                }
              },
              () => stallAfter !== null && written >= stallAfter,
            );
          });
        });
      });
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    return server;
  };

  let server = await listen();
  const stop = async () => {
    for (const c of clients) c.end();
    await new Promise((resolve) => server.close(resolve));
  };
  return {
    port,
    root,
    username,
    password,
    clientPrivateKey: clientKey.private,
    killNextUploadAfter: (bytes) => {
      killAfter = bytes;
    },
    stallUploadsAfter: (bytes) => {
      stallAfter = bytes;
    },
    async changeHostKey() {
      await stop();
      server = await listen();
    },
    credentialsOffered: () => offered,
    async close() {
      await stop();
      await rm(root, { recursive: true, force: true });
    },
  };
}

/** ftp-srv logs through bunyan's interface; the tests keep it quiet. */
const noop = () => undefined;
const silentLog: Record<string, unknown> = { trace: noop, debug: noop, info: noop, warn: noop, error: noop, fatal: noop };
silentLog.child = () => silentLog;

export async function startFtpServer(): Promise<DeliveryServer> {
  const root = await mkdtemp(join(tmpdir(), 'ccms-ftp-'));
  const username = 'deliver';
  const password = `pw-${Math.random().toString(36).slice(2)}`;
  const port = await freePort();
  const server = new FtpSrv({
    url: `ftp://127.0.0.1:${port}`,
    pasv_url: '127.0.0.1',
    pasv_min: 40000,
    pasv_max: 49999,
    anonymous: false,
    log: silentLog,
  });
  server.on('login', ({ username: u, password: p }, resolve, reject) =>
    u === username && p === password ? resolve({ root }) : reject(new Error('bad login')),
  );
  await server.listen();
  return {
    port,
    root,
    username,
    password,
    async close() {
      await server.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}
