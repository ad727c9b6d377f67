import { rm } from 'node:fs/promises';
import { timeGit } from '../metrics/metrics';
import { closeBatchReader } from './batch-reader';
import type { Change, HeldObject, Identity } from './commit-builder';
import { buildCommitOffLoop } from './commit-writer';
import type { GitAuth } from './git-env';
import { GitReader } from './git-reader';
import { ensureClone, fetchBranch, fetchRemote, listRemoteBranches, type PushOptions, pushCommit, pushOffer, remoteHead } from './git-transport';
import { forgetLastCommits } from './last-commits';
import type { RemotePin } from './remote-url';
import type { Advertisement } from './smart-http';

export { type Change, type HeldObject, type Identity, MergeConflictError, TreeError } from './commit-builder';
export { isValidBranchName } from './git-process';
export type { BranchInfo, CommitInfo, TreeEntry } from './git-reader';
export { RemoteError, RemoteMovedError } from './git-transport';

/**
 * The server's own clone of one library: a bare repository with remote-tracking branches,
 * read with plumbing (cat-file, ls-tree) at any commit (GitReader), written by building commits
 * without a working tree (commit-builder), so concurrent reads never see a half-done write, and
 * fetched and pushed through git-transport.
 */
export class GitRepo extends GitReader {
  /** The remote address the URL check approved: network commands connect there and nowhere else. */
  pin: RemotePin | null = null;

  /** Branch heads on the remote without cloning: the connection check. */
  static readonly listRemoteBranches = listRemoteBranches;

  /** Creates the bare clone if missing and points origin at `url` (which never carries a credential). */
  ensure(url: string): Promise<void> {
    return ensureClone(this, url);
  }

  /** Brings the remote-tracking branches up to date (deleted remote branches go too). */
  fetch(auth: GitAuth | null): Promise<void> {
    return timeGit('fetch', () => fetchRemote(this, auth));
  }

  /** Brings one remote-tracking branch to what `url` has now, leaving the others as they are; its head. */
  fetchBranch(url: string, branch: string, auth: GitAuth | null): Promise<string> {
    return timeGit('fetch', () => fetchBranch(this, url, branch, auth));
  }

  /** Where the remote's `branch` is now (null: no such branch, undefined: not told that way). */
  remoteHead(url: string, branch: string, auth: GitAuth | null): Promise<string | null | undefined> {
    return remoteHead(this, url, branch, auth);
  }

  /** Starts asking the remote for its refs, the first half of a push (pushCommit's `remote.offer`). */
  pushOffer(url: string, auth: GitAuth | null): Promise<Advertisement | null> {
    return pushOffer(this, url, auth);
  }

  /**
   * A commit applying `changes` on top of `parent` (null: the first commit of an empty repository),
   * built on the commit thread; `keep` is told the objects read and written for it.
   */
  buildCommit(parent: string | null, changes: Change[], message: string, author: Identity, keep?: (object: HeldObject) => void): Promise<string> {
    return buildCommitOffLoop(this.dir, parent, changes, message, author, keep);
  }

  /** Pushes `commit` (built on the branch head) to the branch, replaying it when the remote moved. */
  pushCommit(branch: string, commit: string, auth: GitAuth | null, who: string, opts: PushOptions = {}) {
    return timeGit('push', () => pushCommit(this, branch, commit, auth, who, opts));
  }

  async remove(): Promise<void> {
    closeBatchReader(this.dir);
    forgetLastCommits(this.dir);
    await rm(this.dir, { recursive: true, force: true });
  }
}
