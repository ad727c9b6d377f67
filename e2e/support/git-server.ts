import { execFile, spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Git without the machine's config, so nothing outside the test changes what it does. */
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

const git = async (args: string[], cwd?: string) => (await run('git', args, { cwd, env: gitEnv })).stdout;

export interface E2eGitServer {
  url(name: string): string;
  /** Commit subjects on a branch of a bare repository, newest first. */
  subjects(name: string, branch: string): Promise<string[]>;
  close(): Promise<void>;
}

/**
 * Bare repositories served over smart HTTP by `git http-backend` on 127.0.0.1, behind HTTP basic
 * authentication with one user (e2e/library.spec.ts; the server's own test helper imports vitest).
 */
export async function startGitServer(opts: {
  repos: Record<string, Record<string, string | Buffer>>;
  user: string;
  password: string;
  branch?: string;
}): Promise<E2eGitServer> {
  const root = await mkdtemp(path.join(tmpdir(), 'ccms-e2e-git-'));
  const branch = opts.branch ?? 'main';
  for (const [name, files] of Object.entries(opts.repos)) {
    const work = path.join(root, `${name}-work`);
    await mkdir(work, { recursive: true });
    await git(['init', '-q', '-b', branch], work);
    for (const [file, content] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(work, file)), { recursive: true });
      await writeFile(path.join(work, file), content);
    }
    await git(['add', '-A'], work);
    await git(['commit', '-q', '-m', 'Initial content'], work);
    await git(['clone', '-q', '--bare', work, path.join(root, `${name}.git`)]);
    await git(['config', 'http.receivepack', 'true'], path.join(root, `${name}.git`));
    await rm(work, { recursive: true, force: true });
  }
  const expected = `Basic ${Buffer.from(`${opts.user}:${opts.password}`).toString('base64')}`;

  const server = http.createServer((req, res) => {
    if (req.headers.authorization !== expected) {
      res.writeHead(401, { 'WWW-Authenticate': 'Basic realm="git"' }).end();
      return;
    }
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
      REMOTE_USER: opts.user,
      GATEWAY_INTERFACE: 'CGI/1.1',
      SERVER_PROTOCOL: 'HTTP/1.1',
      ...(req.headers['content-encoding'] ? { HTTP_CONTENT_ENCODING: req.headers['content-encoding'] } : {}),
      ...(req.headers['git-protocol'] ? { GIT_PROTOCOL: String(req.headers['git-protocol']) } : {}),
    };
    if (req.headers['content-length']) env.CONTENT_LENGTH = req.headers['content-length'];
    const child = spawn('git', ['http-backend'], { env });
    req.pipe(child.stdin);
    let head = Buffer.alloc(0);
    let sent = false;
    child.stdout.on('data', (chunk: Buffer) => {
      if (sent) {
        res.write(chunk);
        return;
      }
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf('\r\n\r\n');
      if (end < 0) return;
      let status = 200;
      const headers: Record<string, string> = {};
      for (const line of head.subarray(0, end).toString('latin1').split('\r\n')) {
        const at = line.indexOf(':');
        if (at < 0) continue;
        const name = line.slice(0, at).trim();
        const value = line.slice(at + 1).trim();
        if (name.toLowerCase() === 'status') status = Number.parseInt(value, 10);
        else headers[name] = value;
      }
      res.writeHead(status, headers);
      res.write(head.subarray(end + 4));
      sent = true;
    });
    child.on('close', () => {
      if (!sent) res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: (name) => `http://127.0.0.1:${port}/${name}.git`,
    subjects: async (name, ref) => (await git(['log', '--format=%s', ref], path.join(root, `${name}.git`))).split('\n').filter(Boolean),
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(root, { recursive: true, force: true });
    },
  };
}
