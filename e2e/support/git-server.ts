import path from 'node:path';
import { git, startGitServer as startRemote } from '../../apps/server/test/git-http-server';

export interface E2eGitServer {
  /** Smart HTTP URL of a repository: http://127.0.0.1:<port>/<name>.git */
  url(name: string): string;
  /** Commit subjects on a branch of a bare repository, newest first. */
  subjects(name: string, branch: string): Promise<string[]>;
  /** Commits on a branch, newest first, with their author. */
  log(name: string, branch: string): Promise<{ hash: string; subject: string; author: string; email: string }[]>;
  /** A file at a ref (null when it is not there). */
  show(name: string, ref: string, path: string): Promise<string | null>;
  /** Commits a change straight to the remote (another writer's push). */
  commit(name: string, branch: string, files: Record<string, string | null>, message: string): Promise<string>;
  /** Makes a branch at another's head (another writer's push of a new branch). */
  branch(name: string, branch: string, from: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * Bare repositories served over smart HTTP by `git http-backend` on 127.0.0.1, behind HTTP basic
 * authentication with one user: the API tests' git server (apps/server/test/git-http-server.ts,
 * which imports no test runner), each repository seeded with one commit of `repos[name]`.
 */
export async function startGitServer(opts: {
  repos: Record<string, Record<string, string | Buffer>>;
  user: string;
  password: string;
  branch?: string;
}): Promise<E2eGitServer> {
  const remote = await startRemote({ auth: { username: opts.user, password: opts.password } });
  for (const [name, files] of Object.entries(opts.repos)) await remote.createRepo(name, { files, branch: opts.branch ?? 'main' });
  return {
    url: (name) => remote.url(name),
    subjects: async (name, branch) => (await remote.log(name, branch)).map((c) => c.subject),
    log: (name, branch) => remote.log(name, branch),
    show: (name, ref, path) => remote.show(name, ref, path),
    commit: (name, branch, files, message) => remote.commit(name, branch, files, message),
    branch: async (name, branch, from) => {
      await git(['--git-dir', path.join(remote.root, `${name}.git`), 'branch', branch, from]);
    },
    close: () => remote.close(),
  };
}
