import { Code } from '@ccms/contracts/http';
import type { GitAuth } from '../../../platform/git/git-env';
import type { GitRepo, Identity } from '../../../platform/git/git-repo';
import { AppError, badRequest } from '../../../platform/http/errors';
import { run } from '../catalog/catalog-git';
import { FROZEN_BRANCH_PREFIX, type LibraryGit, type LibraryRow, remoteError } from '../library/library-git';

/**
 * The freeze of a flight-ops revision on git: an annotated tag `freeze/<name>` (who froze it, when
 * and from which branch travel with it to the remote; a lightweight tag would hold only the commit)
 * and the branch `frozen/<name>` at the same commit, pushed together atomically. The branch is what
 * the catalogue indexes, reviews and publishes (the clones fetch branches, not tags); the tag is what
 * the revision is: a dispatch publishes the branch only while it is still at its tag.
 */
export const freezeTagOf = (frozenBranch: string) => `freeze/${frozenBranch.slice(FROZEN_BRANCH_PREFIX.length)}`;

/** The commit the remote's tag names (an annotated tag peeled), null when the remote has no such tag. */
export async function remoteTagCommit(repo: GitRepo, auth: GitAuth | null, tag: string, branch: string): Promise<string | null> {
  const ref = `refs/tags/${tag}`;
  const listed = await run(repo, ['ls-remote', 'origin', ref, `${ref}^{}`], { auth, allowFail: true, timeoutMs: 60_000 });
  if (listed.code !== 0) throw remoteError('unknown', branch);
  const refs = new Map<string, string>();
  for (const line of listed.stdout.toString('utf8').split('\n')) {
    const [oid, name] = line.trim().split('\t');
    if (oid && name) refs.set(name, oid);
  }
  return refs.get(`${ref}^{}`) ?? refs.get(ref) ?? null;
}

/**
 * Makes the annotated tag in the clone and pushes it with the new branch in one atomic push: both
 * land on the remote or neither does (the local tag is removed again then). A tag or branch the remote
 * has already is refused, naming it.
 */
export async function pushFreeze(
  git: LibraryGit,
  row: LibraryRow,
  p: { from: string; frozenBranch: string; tag: string; commit: string; tagger: Identity },
): Promise<void> {
  const repo = git.repoOf(row.libraryId);
  const auth = git.authOf(row);
  const ref = `refs/tags/${p.tag}`;
  await git.withLock(row.libraryId, async () => {
    await run(repo, ['tag', '-d', p.tag], { allowFail: true });
    const message = `Freeze ${p.tag} of ${p.from} for validation (branch ${p.frozenBranch})`;
    const who = ['-c', `user.name=${p.tagger.name}`, '-c', `user.email=${p.tagger.email}`];
    await run(repo, [...who, 'tag', '-a', '-m', message, p.tag, p.commit]);
    // The branch must be new on the remote (an empty lease), not fast-forwarded from where someone left it.
    const branchRef = `refs/heads/${p.frozenBranch}`;
    const args = ['push', '--atomic', '--porcelain', `--force-with-lease=${branchRef}:`, 'origin', `${p.commit}:${branchRef}`, `${ref}:${ref}`];
    const pushed = await run(repo, args, { auth, allowFail: true, timeoutMs: 120_000 });
    if (pushed.code === 0) return;
    await run(repo, ['tag', '-d', p.tag], { allowFail: true });
    const text = `${pushed.stderr}\n${pushed.stdout.toString('utf8')}`;
    // Porcelain: "!<TAB>from:to<TAB>[rejected] (reason)" per refused ref; the other one of the atomic push says "atomic push failed".
    const refused = (target: string) => text.split('\n').some((l) => l.startsWith('!') && l.includes(`:${target}\t`) && !/atomic/i.test(l));
    if (refused(branchRef)) throw badRequest('flightops.frozenExists', { field: 'name', branch: p.frozenBranch });
    if (refused(ref) || /already exists/i.test(text)) throw badRequest('flightops.tagExists', { field: 'name', tag: p.tag });
    throw new AppError(Code.ERROR, 'flightops.tagFailed', { tag: p.tag, branch: p.frozenBranch, detail: text.trim().slice(0, 300) });
  });
}

/**
 * A dispatch of a frozen branch publishes exactly its tagged commit: the remote has the tag, and the
 * branch (as the remote has it now) is still where the tag points; otherwise refused, naming both.
 * Answers that commit.
 */
export async function checkFrozenDispatch(git: LibraryGit, row: LibraryRow, frozenBranch: string): Promise<string> {
  const { repo, head } = await git.readyBranch(row, frozenBranch);
  return frozenAtTag(repo, git.authOf(row), frozenBranch, head);
}

/** checkFrozenDispatch on a branch head already read (the publish run's): the tagged commit, or refused. */
export async function frozenAtTag(repo: GitRepo, auth: GitAuth | null, frozenBranch: string, head: string | null): Promise<string> {
  const tag = freezeTagOf(frozenBranch);
  const tagged = await remoteTagCommit(repo, auth, tag, frozenBranch);
  if (!tagged) throw badRequest('flightops.tagMissing', { tag, branch: frozenBranch });
  if (head !== tagged)
    throw badRequest('flightops.frozenMoved', { branch: frozenBranch, head: (head ?? '').slice(0, 12) || '-', tag, commit: tagged.slice(0, 12) });
  return tagged;
}
