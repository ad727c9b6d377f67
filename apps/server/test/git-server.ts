import { afterAll, beforeAll } from 'vitest';
import { type GitServer, startGitServer } from './git-http-server';

export { type GitServer, startGitServer };

/** A git server for the current test file: started before its tests, stopped after them. */
export function useGitServer(opts: { auth?: { username: string; password: string } } = {}): () => GitServer {
  let server: GitServer | null = null;
  beforeAll(async () => {
    server = await startGitServer(opts);
  });
  afterAll(async () => {
    await server?.close();
  });
  return () => {
    if (!server) throw new Error('git server not started yet: use it inside a test');
    return server;
  };
}
