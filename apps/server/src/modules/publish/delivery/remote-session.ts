import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { posix } from 'node:path';
import { Client as FtpClient } from 'basic-ftp';
import { type SFTPWrapper, Client as SshClient } from 'ssh2';

/** Where and as whom to connect; the secret is already unsealed, and lives only for this session. */
export interface RemoteTarget {
  type: 'sftp' | 'ftp' | 'ftps';
  host: string;
  port: number;
  username: string;
  credentialType: 'password' | 'privateKey';
  secret: string;
  /** The pinned SFTP host key fingerprint; empty before the first validate. */
  hostKey: string;
}

/** One open connection to a delivery server: the few operations a delivery needs. */
export interface RemoteSession {
  /** SFTP: the fingerprint of the key the server presented (SHA256:base64); empty for FTP. */
  readonly hostKey: string;
  list(dir: string): Promise<string[]>;
  /** Creates the folder and its parents when missing. */
  mkdirp(dir: string): Promise<void>;
  upload(localFile: string, remoteFile: string): Promise<void>;
  /** Moves a file onto its final name, replacing what is there. */
  replace(from: string, to: string): Promise<void>;
  remove(file: string): Promise<void>;
  close(): void;
}

/** Refused because the server's host key is not the pinned one (never retried). */
export class HostKeyChangedError extends Error {
  constructor(
    readonly pinned: string,
    readonly got: string,
  ) {
    super('host key changed');
    this.name = 'HostKeyChangedError';
  }
}

const CONNECT_TIMEOUT_MS = 15_000;

export const fingerprintOf = (key: Buffer) => `SHA256:${createHash('sha256').update(key).digest('base64').replace(/=+$/, '')}`;

const callback = <T>(fn: (cb: (err: Error | null | undefined, value?: T) => void) => void) =>
  new Promise<T>((resolve, reject) => fn((err, value) => (err ? reject(err) : resolve(value as T))));

async function openSftp(target: RemoteTarget, timeoutMs: number): Promise<RemoteSession> {
  const conn = new SshClient();
  let seen = '';
  let refused: HostKeyChangedError | null = null;
  // ssh2 may emit several errors for one failure (at the handshake timeout, then again as the socket
  // closes) and more after close: this listener, there before connecting and never removed, takes them
  // all, so none is ever an unhandled 'error' that ends the process. The first one fails the connect.
  let failConnect: (err: Error) => void = () => undefined;
  let closed = false;
  conn.on('error', (err) => failConnect(refused ?? err));
  conn.on('close', () => {
    closed = true;
    failConnect(new Error('connection closed'));
  });
  const sftp = await new Promise<SFTPWrapper>((resolve, reject) => {
    // ssh2's readyTimeout ends at sign-in; this one also covers opening the SFTP channel.
    const timer = setTimeout(() => failConnect(new Error('timed out opening the SFTP session')), timeoutMs + 1000);
    failConnect = (err) => {
      failConnect = () => undefined;
      clearTimeout(timer);
      conn.end();
      reject(err);
    };
    conn.once('ready', () =>
      conn.sftp((err, s) => {
        if (err) return failConnect(err);
        failConnect = () => undefined;
        clearTimeout(timer);
        resolve(s);
      }),
    );
    conn.connect({
      host: target.host,
      port: target.port,
      username: target.username,
      ...(target.credentialType === 'privateKey' ? { privateKey: target.secret } : { password: target.secret }),
      readyTimeout: timeoutMs,
      // A connection that went dead mid-upload ends (and fails the upload) instead of hanging.
      keepaliveInterval: 10_000,
      keepaliveCountMax: 3,
      // Trust on first use: the first validate pins the key, any later different key is refused.
      hostVerifier: (key: Buffer) => {
        seen = fingerprintOf(key);
        if (target.hostKey && target.hostKey !== seen) {
          refused = new HostKeyChangedError(target.hostKey, seen);
          return false;
        }
        return true;
      },
    });
  });
  // An error after ready (a dropped connection) fails the operation in flight, never the process;
  // once closed, every further call fails at once instead of waiting for an answer that cannot come.
  sftp.on('error', () => undefined);
  const call = <T>(fn: (cb: (err: Error | null | undefined, value?: T) => void) => void) =>
    closed ? Promise.reject(new Error('connection closed')) : callback(fn);
  const exists = (path: string) =>
    call<unknown>((cb) => sftp.stat(path, cb)).then(
      () => true,
      () => false,
    );
  return {
    hostKey: seen,
    list: async (dir) => (await call<{ filename: string }[]>((cb) => sftp.readdir(dir, cb))).map((f) => f.filename),
    async mkdirp(dir) {
      let current = '';
      for (const part of dir.split('/').filter(Boolean)) {
        current = `${current}/${part}`;
        if (!(await exists(current))) await call<void>((cb) => sftp.mkdir(current, cb));
      }
    },
    upload: (localFile, remoteFile) =>
      new Promise<void>((resolve, reject) => {
        const out = sftp.createWriteStream(remoteFile);
        const input = createReadStream(localFile);
        const fail = (err: Error) => {
          input.destroy();
          reject(err);
        };
        input.on('error', fail);
        out.on('error', fail);
        if (closed) return fail(new Error('connection closed'));
        conn.once('close', () => fail(new Error('connection closed during upload')));
        out.once('close', () => resolve());
        input.pipe(out);
      }),
    async replace(from, to) {
      // OpenSSH's posix-rename replaces atomically; plain SFTP rename refuses an existing target.
      if (sftp.ext_openssh_rename) {
        try {
          await call<void>((cb) => sftp.ext_openssh_rename(from, to, cb));
          return;
        } catch {
          // the server lacks the extension: the plain rename below
        }
      }
      if (await exists(to)) await call<void>((cb) => sftp.unlink(to, cb));
      await call<void>((cb) => sftp.rename(from, to, cb));
    },
    remove: (file) => call<void>((cb) => sftp.unlink(file, cb)),
    close: () => conn.end(),
  };
}

async function openFtp(target: RemoteTarget, timeoutMs: number): Promise<RemoteSession> {
  const client = new FtpClient(timeoutMs);
  try {
    await client.access({
      host: target.host,
      port: target.port,
      user: target.username,
      password: target.secret,
      secure: target.type === 'ftps',
    });
  } catch (err) {
    // A refused sign-in leaves the control connection open: close it, its sockets' errors handled by the client.
    client.close();
    throw err;
  }
  const inRoot = async <T>(fn: () => Promise<T>) => {
    await client.cd('/');
    return fn();
  };
  return {
    hostKey: '',
    list: async (dir) => (await client.list(dir)).map((f) => f.name),
    mkdirp: (dir) => inRoot(() => client.ensureDir(dir)),
    upload: async (localFile, remoteFile) => {
      await client.uploadFrom(localFile, remoteFile);
    },
    async replace(from, to) {
      const dir = posix.dirname(to);
      const names = (await client.list(dir)).map((f) => f.name);
      if (names.includes(posix.basename(to))) await client.remove(to);
      await client.rename(from, to);
    },
    remove: async (file) => {
      await client.remove(file);
    },
    close: () => client.close(),
  };
}

/** Connects and signs in; SFTP checks the host key against the pinned one. */
export function openSession(target: RemoteTarget, timeoutMs = CONNECT_TIMEOUT_MS): Promise<RemoteSession> {
  return target.type === 'sftp' ? openSftp(target, timeoutMs) : openFtp(target, timeoutMs);
}
