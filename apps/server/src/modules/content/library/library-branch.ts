import { Code } from '@ccms/contracts/http';
import { gitEnv } from '../../../platform/git/git-env';
import { type GitRepo, type Identity, RemoteError } from '../../../platform/git/git-repo';
import { runProcess } from '../../../platform/git/process-spawner';
import { AppError } from '../../../platform/http/errors';
import { assertNotFrozen, type LibraryGit, type LibraryRow, remoteError } from './library-git';

/** Local plumbing on a library clone (no network): exit code and output. */
async function plumbing(repo: GitRepo, args: string[], env: Record<string, string> = {}, input = ''): Promise<{ code: number; out: string; err: string }> {
  const result = await runProcess('git', ['--git-dir', repo.dir, ...args], { env: gitEnv(null, env), input });
  return { code: result.code, out: result.stdout.toString('utf8'), err: result.stderr };
}

/**
 * Creates `branch` on the library's remote at the head of `from` (a project branch made from
 * its source branch). An existing branch is left as it is.
 */
export async function createBranch(git: LibraryGit, row: LibraryRow, from: string, branch: string, who: string): Promise<'created' | 'exists'> {
  const { repo } = await git.ready(row);
  if (await repo.resolve(branch)) return 'exists';
  const source = await repo.resolve(from);
  if (!source) throw new AppError(Code.BAD_REQUEST, 'library.refMissing', { ref: from });
  try {
    await git.withLock(row.libraryId, () => repo.pushCommit(branch, source, git.authOf(row), who));
  } catch (err) {
    throw err instanceof RemoteError ? remoteError(err.reason, branch) : err;
  }
  return 'created';
}

export type MergeOutcome =
  | { state: 'upToDate' }
  | { state: 'merged'; commit: string; fastForward: boolean }
  | { state: 'conflict'; paths: string[] }
  | { state: 'failed'; reason: string };

/**
 * Fetches and merges `source` into `target` on the library's remote: a fast-forward when
 * possible, else a merge commit by `author`. A conflict pushes nothing and names the paths; a
 * frozen target is refused (assertNotFrozen).
 */
export async function mergeBranch(git: LibraryGit, row: LibraryRow, source: string, target: string, author: Identity, who: string): Promise<MergeOutcome> {
  assertNotFrozen(target);
  const fetched = await git.fetchNow(row);
  if (!fetched.ok) return { state: 'failed', reason: fetched.reason };
  const repo = git.repoOf(row.libraryId);
  return git.withLock(row.libraryId, async () => {
    const theirs = await repo.resolve(source);
    const ours = await repo.resolve(target);
    if (!theirs) return { state: 'failed', reason: `branchMissing: ${source}` };
    if (!ours) return { state: 'failed', reason: `branchMissing: ${target}` };
    if ((await plumbing(repo, ['merge-base', '--is-ancestor', theirs, ours])).code === 0) return { state: 'upToDate' };
    let commit = theirs;
    const fastForward = (await plumbing(repo, ['merge-base', '--is-ancestor', ours, theirs])).code === 0;
    if (!fastForward) {
      const merged = await plumbing(repo, ['merge-tree', '--write-tree', '--name-only', '--no-messages', ours, theirs]);
      const lines = merged.out.split('\n');
      if (merged.code === 1) return { state: 'conflict', paths: [...new Set(lines.slice(1).filter(Boolean))] };
      if (merged.code !== 0) return { state: 'failed', reason: merged.err.slice(0, 300) };
      const tree = lines[0]?.trim() ?? '';
      const env = { GIT_AUTHOR_NAME: author.name, GIT_AUTHOR_EMAIL: author.email, GIT_COMMITTER_NAME: author.name, GIT_COMMITTER_EMAIL: author.email };
      const made = await plumbing(repo, ['commit-tree', tree, '-p', ours, '-p', theirs, '-F', '-'], env, `Merge branch '${source}' into ${target}`);
      if (made.code !== 0) return { state: 'failed', reason: made.err.slice(0, 300) };
      commit = made.out.trim();
    }
    try {
      const pushed = await repo.pushCommit(target, commit, git.authOf(row), who);
      return { state: 'merged', commit: pushed.commit, fastForward };
    } catch (err) {
      if (err instanceof RemoteError) return { state: 'failed', reason: err.reason };
      throw err;
    }
  });
}
