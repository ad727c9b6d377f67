/**
 * The benchmarks' git remote in a process of its own, as a real remote is (BENCH_REMOTE=process).
 * In the app's process, every request of the remote starts `git http-backend` from a process of a
 * gigabyte or more (50-140 ms a start on these machines) and relays its bytes on the app's event
 * loop, so the remote's work is counted as the app's; here it is not, though it still shares the
 * machine's cores.
 */
import { fork } from 'node:child_process';
import path from 'node:path';
import { type GitServer, startGitServer } from '../../apps/server/test/git-http-server';

/** What the benchmarks use of a test remote. */
export interface BenchRemote {
  url(name: string): string;
  createRepo: GitServer['createRepo'];
  commit: GitServer['commit'];
  requests(): Promise<number>;
  close(): Promise<void>;
  /** Where it runs, for the report. */
  where: 'in the app process' | 'in its own process';
}

/** The remote as BENCH_REMOTE says: `process` for its own process, else in this process. */
export async function startBenchRemote(): Promise<BenchRemote> {
  if (process.env.BENCH_REMOTE !== 'process') {
    const server = await startGitServer({});
    return {
      url: (name) => server.url(name),
      createRepo: (name, seed) => server.createRepo(name, seed),
      commit: (...args) => server.commit(...args),
      requests: async () => server.requests,
      close: () => server.close(),
      where: 'in the app process',
    };
  }
  const child = fork(path.join(import.meta.dirname, 'git-remote-child.ts'), [], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let next = 0;
  const port = await new Promise<string>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`git remote process exited (${code})`)));
    child.on('message', (m: { ready?: string; id?: number; result?: unknown; error?: string }) => {
      if (m.ready !== undefined) return resolve(m.ready);
      const call = pending.get(m.id ?? -1);
      if (!call) return;
      pending.delete(m.id ?? -1);
      if (m.error !== undefined) call.reject(new Error(m.error));
      else call.resolve(m.result);
    });
  });
  const call = <T>(method: string, ...args: unknown[]) =>
    new Promise<T>((resolve, reject) => {
      const id = next++;
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      child.send({ id, method, args });
    });
  return {
    url: (name) => `http://127.0.0.1:${port}/${name}.git`,
    createRepo: (name, seed) => call('createRepo', name, seed),
    commit: (...args) => call('commit', ...args),
    requests: () => call<number>('requests'),
    close: async () => {
      await call('close');
      child.kill();
    },
    where: 'in its own process',
  };
}
