/**
 * The child side of `git-remote-process.ts`: a smart-HTTP test remote in a process of its own,
 * answering the parent's calls (createRepo, commit, show, log, requests, close) over IPC.
 */
import { type GitServer, startGitServer } from '../../apps/server/test/git-http-server';

type Call = { id: number; method: 'createRepo' | 'commit' | 'show' | 'log' | 'requests' | 'close'; args: unknown[] };

const server: GitServer = await startGitServer({});
const send = (message: unknown) => process.send?.(message);

process.on('message', async ({ id, method, args }: Call) => {
  try {
    let result: unknown;
    if (method === 'requests') result = server.requests;
    else if (method === 'close') result = await server.close();
    else result = await (server[method] as (...a: unknown[]) => Promise<unknown>)(...args);
    send({ id, result });
    if (method === 'close') process.disconnect();
  } catch (err) {
    send({ id, error: err instanceof Error ? err.message : String(err) });
  }
});
send({ ready: new URL(server.url('x')).port });
