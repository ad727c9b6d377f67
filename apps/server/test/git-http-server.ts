/**
 * A git smart-HTTP server for tests and benchmarks, without any test runner: the vitest
 * wrapper lives in git-server.ts, and bench/git uses this module as is.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Git with no user or system config, so the machine's settings never change a test. */
const gitEnv = {
  ...process.env,
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_TERMINAL_PROMPT: '0',
  GIT_AUTHOR_NAME: 'Remote Person',
  GIT_AUTHOR_EMAIL: 'remote@example.test',
  GIT_COMMITTER_NAME: 'Remote Person',
  GIT_COMMITTER_EMAIL: 'remote@example.test',
};

export async function git(args: string[], cwd?: string, env: NodeJS.ProcessEnv = {}): Promise<string> {
  const { stdout } = await run('git', args, { cwd, env: { ...gitEnv, ...env }, maxBuffer: 256 * 1024 * 1024 });
  return stdout;
}

export interface GitServer {
  /** Directory holding the bare repositories (<name>.git). */
  root: string;
  /** Smart HTTP URL of a repository: http://127.0.0.1:<port>/<name>.git */
  url(name: string): string;
  /** A bare repository with one commit on `branch` holding `files` (path -> content), or the files of a folder. */
  createRepo(name: string, seed: { files?: Record<string, string | Buffer>; folder?: string; branch?: string }): Promise<void>;
  /** Someone else pushes: writes/deletes files on a branch of the remote directly (null content deletes). */
  commit(name: string, branch: string, files: Record<string, string | Buffer | null>, message: string): Promise<string>;
  /** A file at a branch of the remote, or null. */
  show(name: string, ref: string, filePath: string): Promise<string | null>;
  /** Commit subjects and authors on a branch, newest first. */
  log(name: string, ref: string): Promise<{ hash: string; subject: string; author: string; email: string }[]>;
  /** Requests served so far. */
  requests: number;
  /** Pushes (git-receive-pack POSTs) received so far. */
  pushes: number;
  /**
   * Holds every push (git-receive-pack POST) from now on until `release`: a remote that answers
   * slowly. `waiting` counts the pushes held.
   */
  holdPushes(): { release(): void; readonly waiting: number };
  /** As holdPushes, for fetches (git-upload-pack POSTs: a fetch that has something to bring). */
  holdFetches(): { release(): void; readonly waiting: number };
  close(): Promise<void>;
}

function cgiEnv(req: http.IncomingMessage, root: string, remoteUser: string): NodeJS.ProcessEnv {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    GIT_PROJECT_ROOT: root,
    GIT_HTTP_EXPORT_ALL: '1',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    REQUEST_METHOD: req.method ?? 'GET',
    PATH_INFO: decodeURIComponent(url.pathname),
    QUERY_STRING: url.search.slice(1),
    CONTENT_TYPE: req.headers['content-type'] ?? '',
    REMOTE_ADDR: '127.0.0.1',
    REMOTE_USER: remoteUser,
    SERVER_PROTOCOL: 'HTTP/1.1',
    GATEWAY_INTERFACE: 'CGI/1.1',
  };
  if (req.headers['content-length']) env.CONTENT_LENGTH = req.headers['content-length'];
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === 'string') env[`HTTP_${name.toUpperCase().replace(/-/g, '_')}`] = value;
  }
  return env;
}

/** Runs git http-backend for one request and relays its CGI answer. */
function serveCgi(req: http.IncomingMessage, res: http.ServerResponse, root: string, remoteUser: string) {
  const child = spawn('git', ['http-backend'], { env: cgiEnv(req, root, remoteUser) });
  req.pipe(child.stdin);
  let head = Buffer.alloc(0);
  let headerDone = false;
  child.stdout.on('data', (chunk: Buffer) => {
    if (headerDone) {
      res.write(chunk);
      return;
    }
    head = Buffer.concat([head, chunk]);
    let end = head.indexOf('\r\n\r\n');
    let sepLength = 4;
    if (end < 0) {
      end = head.indexOf('\n\n');
      sepLength = 2;
    }
    if (end < 0) return;
    headerDone = true;
    let status = 200;
    for (const line of head.subarray(0, end).toString('latin1').split(/\r?\n/)) {
      const colon = line.indexOf(':');
      if (colon < 0) continue;
      const name = line.slice(0, colon).trim();
      const value = line.slice(colon + 1).trim();
      if (name.toLowerCase() === 'status') status = Number.parseInt(value, 10);
      else res.setHeader(name, value);
    }
    res.statusCode = status;
    res.write(head.subarray(end + sepLength));
  });
  child.stdout.on('end', () => res.end());
  child.on('error', () => {
    res.statusCode = 500;
    res.end();
  });
  child.stderr.resume();
}

/**
 * Bare repositories under a temp folder served over smart HTTP by `git http-backend` on
 * 127.0.0.1 (random port), optionally behind HTTP basic authentication.
 */
export async function startGitServer(opts: { auth?: { username: string; password: string } } = {}): Promise<GitServer> {
  const root = await mkdtemp(path.join(tmpdir(), 'ccms-git-remote-'));
  const work = await mkdtemp(path.join(tmpdir(), 'ccms-git-work-'));
  let requests = 0;
  let pushes = 0;
  type Gate = { open: Promise<void>; waiting: number };
  const held: { push: Gate | null; fetch: Gate | null } = { push: null, fetch: null };
  const server = http.createServer((req, res) => {
    requests++;
    let user = 'anonymous';
    if (opts.auth) {
      const header = req.headers.authorization ?? '';
      const given = header.startsWith('Basic ') ? Buffer.from(header.slice(6), 'base64').toString('utf8') : '';
      if (given !== `${opts.auth.username}:${opts.auth.password}`) {
        res.writeHead(401, { 'WWW-Authenticate': 'Basic realm="git"' }).end();
        return;
      }
      user = opts.auth.username;
    }
    const push = req.method === 'POST' && (req.url ?? '').includes('git-receive-pack');
    if (push) pushes++;
    const gate = push ? held.push : req.method === 'POST' && (req.url ?? '').includes('git-upload-pack') ? held.fetch : null;
    if (gate) {
      gate.waiting++;
      void gate.open.then(() => serveCgi(req, res, root, user));
      return;
    }
    serveCgi(req, res, root, user);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.unref();
  const port = (server.address() as AddressInfo).port;
  const bare = (name: string) => path.join(root, `${name}.git`);
  let counter = 0;

  async function commitFiles(name: string, branch: string, files: Record<string, string | Buffer | null>, message: string, fresh: boolean) {
    const dir = path.join(work, `${name}-${++counter}`);
    if (fresh) {
      await git(['init', '-q', '-b', branch, dir]);
    } else {
      await git(['clone', '-q', '--branch', branch, '--single-branch', bare(name), dir]);
    }
    for (const [file, content] of Object.entries(files)) {
      const full = path.join(dir, file);
      if (content === null) await rm(full, { force: true });
      else {
        await mkdir(path.dirname(full), { recursive: true });
        await writeFile(full, content);
      }
    }
    await git(['add', '-A'], dir);
    await git(['commit', '-q', '--allow-empty', '-m', message], dir);
    await git(['push', '-q', bare(name), `HEAD:refs/heads/${branch}`], dir);
    const hash = (await git(['rev-parse', 'HEAD'], dir)).trim();
    await rm(dir, { recursive: true, force: true });
    return hash;
  }

  function hold(kind: keyof typeof held) {
    let release: () => void = () => undefined;
    const gate = { open: new Promise<void>((resolve) => (release = resolve)), waiting: 0 };
    held[kind] = gate;
    return {
      release() {
        if (held[kind] === gate) held[kind] = null;
        release();
      },
      get waiting() {
        return gate.waiting;
      },
    };
  }

  const handle: GitServer = {
    root,
    url: (name) => `http://127.0.0.1:${port}/${name}.git`,
    get requests() {
      return requests;
    },
    get pushes() {
      return pushes;
    },
    holdPushes: () => hold('push'),
    holdFetches: () => hold('fetch'),
    async createRepo(name, seed) {
      const branch = seed.branch ?? 'main';
      await git(['init', '-q', '--bare', '-b', branch, bare(name)]);
      await git(['config', 'http.receivepack', 'true'], bare(name));
      if (seed.folder) {
        // A big seed is committed straight from its folder, without copying it.
        const index = path.join(work, `${name}.index`);
        const env = { GIT_INDEX_FILE: index };
        await git(['--git-dir', bare(name), '--work-tree', seed.folder, 'add', '-A'], undefined, env);
        const tree = (await git(['--git-dir', bare(name), 'write-tree'], undefined, env)).trim();
        const commit = (await git(['--git-dir', bare(name), 'commit-tree', tree, '-m', 'Initial content'])).trim();
        await git(['--git-dir', bare(name), 'update-ref', `refs/heads/${branch}`, commit]);
        await rm(index, { force: true });
      } else {
        await commitFiles(name, branch, seed.files ?? { 'README.md': '# seed\n' }, 'Initial content', true);
      }
    },
    commit: (name, branch, files, message) => commitFiles(name, branch, files, message, false),
    async show(name, ref, filePath) {
      try {
        return await git(['--git-dir', bare(name), 'show', `${ref}:${filePath}`]);
      } catch {
        return null;
      }
    },
    async log(name, ref) {
      const out = await git(['--git-dir', bare(name), 'log', '--format=%H%x1f%s%x1f%an%x1f%ae', ref]);
      return out
        .split('\n')
        .filter(Boolean)
        .map((line) => {
          const [hash = '', subject = '', author = '', email = ''] = line.split('\x1f');
          return { hash, subject, author, email };
        });
    },
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
      await rm(root, { recursive: true, force: true });
      await rm(work, { recursive: true, force: true });
    },
  };
  return handle;
}
