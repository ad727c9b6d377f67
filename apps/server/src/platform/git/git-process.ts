import { gitEnv } from './git-env';
import { runProcess } from './process-spawner';

/** How git is run over a clone (every command started by the process helper, never forked from the server) and the names shared by the clone's parts. */

export interface RunResult {
  stdout: Buffer;
  stderr: string;
  code: number;
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

/**
 * A network command (fetch, push, ls-remote): started by the process helper like the others, with
 * exactly `env` (gitEnv: the credential in the environment only, no user config, no prompts),
 * killed after `timeoutMs`. Its stdout; rejects with git's own message (what classifyRemoteError
 * reads), or "timed out" when it was killed.
 */
export async function runNetworkGit(args: string[], opts: { dir?: string; env: Record<string, string>; timeoutMs: number }): Promise<string> {
  const result = await runProcess('git', opts.dir ? ['--git-dir', opts.dir, ...args] : args, { env: opts.env, timeoutMs: opts.timeoutMs });
  if (result.signal === 'SIGKILL') throw new Error(`git ${args[0]} timed out after ${Math.round(opts.timeoutMs / 1000)} s`);
  // A refused push says why on stdout (--porcelain) and stderr both.
  if (result.code !== 0)
    throw new Error([result.stderr.trim(), result.stdout.toString('utf8').trim()].filter(Boolean).join('\n') || `git ${args[0]} failed (${result.code})`);
  return result.stdout.toString('utf8');
}
