import { simpleGit } from 'simple-git';
import { gitEnv } from './git-env';
import { runProcess } from './process-spawner';

/** How git is run over a clone (plumbing through spawn, network commands through simple-git) and the names shared by the clone's parts. */

export interface RunResult {
  stdout: Buffer;
  stderr: string;
  code: number;
}

/**
 * simple-git refuses environment that can point git at other programs or config; ours is fixed
 * in code (gitEnv), with askpass set to /bin/false and config read from /dev/null only.
 */
const UNSAFE_OK = {
  allowUnsafeConfigEnvCount: true,
  allowUnsafeAskPass: true,
  allowUnsafeConfigPaths: true,
  allowUnsafeProtocolOverride: true,
  allowUnsafeHooksPath: true,
  allowUnsafeCredentialHelper: true,
};

/** simple-git with exactly this environment (its guard strips any GIT_* key not named). */
export function simpleGitWith(env: Record<string, string>, opts: { baseDir?: string; timeoutMs?: number } = {}) {
  return simpleGit({
    ...(opts.baseDir ? { baseDir: opts.baseDir } : {}),
    ...(opts.timeoutMs ? { timeout: { block: opts.timeoutMs } } : {}),
    unsafe: UNSAFE_OK,
    allowEnvironment: Object.keys(env),
  }).env(env);
}

export const NETWORK_TIMEOUT_MS = 120_000;
export const REMOTE = 'origin';
export const trackingRef = (branch: string) => `refs/remotes/${REMOTE}/${branch}`;
export const OBJECT_ID = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/;

/** Branch names git accepts, minus anything that could read as an option or a range. */
export function isValidBranchName(name: string): boolean {
  return (
    /^[\w./-]{1,200}$/.test(name) &&
    !name.startsWith('-') &&
    !name.startsWith('/') &&
    !name.endsWith('/') &&
    !name.endsWith('.') &&
    !name.endsWith('.lock') &&
    !name.includes('..') &&
    !name.includes('//') &&
    !name.includes('@{')
  );
}

/** A git command on the clone at `dir`; rejects on a non-zero exit unless `allowFail`. Started by the process helper (process-spawner.ts). */
export async function runGit(
  dir: string,
  args: string[],
  opts: { input?: Buffer | string; env?: Record<string, string>; allowFail?: boolean } = {},
): Promise<RunResult> {
  const result = await runProcess('git', ['--git-dir', dir, ...args], { env: gitEnv(null, opts.env), input: opts.input });
  if (result.code !== 0 && !opts.allowFail) throw new Error(`git ${args[0]} failed (${result.code}): ${result.stderr.slice(0, 500)}`);
  return result;
}

/** A git command's output as text. */
export async function gitText(dir: string, args: string[], opts: { env?: Record<string, string>; input?: string } = {}): Promise<string> {
  return (await runGit(dir, args, opts)).stdout.toString('utf8');
}
