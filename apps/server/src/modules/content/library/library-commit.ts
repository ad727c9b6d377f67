import { Code } from '@ccms/contracts/http';
import type { ccmsLibrary } from '../../../db/schema';
import type { AuthContext } from '../../../platform/auth/access';
import type { GitAuth } from '../../../platform/git/git-env';
import {
  type Change,
  type GitRepo,
  type HeldObject,
  type Identity,
  MergeConflictError,
  RemoteError,
  RemoteMovedError,
  TreeError,
} from '../../../platform/git/git-repo';
import type { LibraryLock } from '../../../platform/git/library-lock';
import { parseTree } from '../../../platform/git/loose-objects';
import { AppError, badRequest, conflict } from '../../../platform/http/errors';
import { countCommitsWaiting, observePushCommits } from '../../../platform/metrics/metrics';
import { saveTrace } from '../../../platform/phase-trace';

/**
 * Commits to a library's clone and pushes them, under the library's lock: the commits waiting for
 * the lock on one branch go out together (group commit). library-git.ts gives it its clone.
 */

type LibraryRow = typeof ccmsLibrary.$inferSelect;

/**
 * A frozen revision's branch: `frozen/<name>`, made by the flight-ops freeze at the commit its tag
 * `freeze/<name>` names. No commit lands on it (every writer commits through `commit` below, and
 * branch merges through mergeBranch): what its review approves is what its dispatch publishes.
 */
export const FROZEN_BRANCH_PREFIX = 'frozen/';
export const isFrozenBranch = (branch: string) => branch.startsWith(FROZEN_BRANCH_PREFIX);

/** Refuses a change to a frozen branch, naming it and its tag (400, nothing written). */
export function assertNotFrozen(branch: string): void {
  if (isFrozenBranch(branch)) throw badRequest('flightops.frozenReadOnly', { branch, tag: `freeze/${branch.slice(FROZEN_BRANCH_PREFIX.length)}` });
}

/** The most a commit's changes may hold to be pushed over HTTP from the server's process (its pack is built in memory). */
const HTTP_PUSH_MAX_BYTES = 16 * 1024 * 1024;

/** Pushes of changes worked out on the head (ChangesOn) that the remote may refuse because it moved before the commit answers RemoteMovedError. */
const REBUILD_ATTEMPTS = 5;

/**
 * Only changes held in memory, and small, go over HTTP from this process (its pack is built in
 * memory); files on disk (uploads), moves (a moved file would be sent again whole) and big changes are streamed by git push.
 */
function overHttp(changes: Change[]): boolean {
  const inMemory = changes.every((c) => c.op === 'delete' || (c.op === 'put' && 'content' in c));
  const bytes = changes.reduce((sum, c) => sum + (c.op === 'put' && 'content' in c ? c.content.length : 0), 0);
  return inMemory && bytes <= HTTP_PUSH_MAX_BYTES;
}

/** The changes of a commit, worked out under the library's lock on the head the commit is built on (see `commit`). */
export type ChangesOn = (repo: GitRepo, head: string) => Promise<Change[]>;

/** A commit this server built on `parent` from `changes` and pushed as is (not replayed). */
export interface MadeCommit {
  commit: string;
  parent: string;
  changes: readonly Change[];
}

/**
 * A commit made by `commit`: its id, the head it was built on and its changes, how many pushes it
 * took, and `batch`, what the push moved the branch by (this commit, or a group of saves with it).
 */
export interface Committed extends MadeCommit {
  branch: string;
  attempts: number;
  changes: Change[];
  batch: MadeCommit;
}

/** One commit waiting for the library's lock, and how to answer its caller. */
interface CommitJob {
  author: Identity;
  who: string;
  changes: Change[] | ChangesOn;
  message: string;
  checkHead?: (repo: GitRepo, head: string) => Promise<void>;
  onBuilt?: (commit: string, parent: string, changes: Change[]) => void;
  resolve: (done: Committed) => void;
  reject: (err: unknown) => void;
}

/** The most saves one push carries (group commit, see `commit`). */
const BATCH_MAX = 32;

/**
 * The changes of commits made one after the other, as one: the last change of a path wins.
 * Moves are kept as they are (the catalogue asks git what such a batch changed).
 */
function squashed(lists: Change[][]): Change[] {
  const all = lists.flat();
  if (lists.length === 1 || all.some((c) => c.op === 'move')) return all;
  const last = new Map<string, Change>();
  for (const c of all) {
    if (c.op === 'move') continue;
    last.delete(c.path);
    last.set(c.path, c);
  }
  return [...last.values()];
}

export interface CommitQueueDeps {
  lock: LibraryLock;
  identityOf(auth: AuthContext): Promise<Identity>;
  /** Under the lock: the library's clone, fetched if it never was and its URL checked, with the credential to push with. */
  clone(row: LibraryRow, branch: string): Promise<{ repo: GitRepo; credentials: GitAuth | null }>;
  /** Told after each push that went through: the branch is where the remote has it. */
  pushed(libraryId: number, branch: string): void;
}

/** The commits of a node's libraries, queued per library and branch for the library's lock (library-git's `commit`). */
export function commitQueue({ lock, identityOf, clone, pushed: onPushed }: CommitQueueDeps) {
  /** Per library and branch, the saves waiting for the lock that the next batch takes (see `commit`). */
  const waiting = new Map<string, CommitJob[]>();

  /**
   * Commits `changes` on a branch as the signed-in user and pushes at once; a real conflict answers
   * 409 with the paths and where the change was kept. Given as a list, the commit is replayed on a
   * remote that moved. Given as `ChangesOn`, they are worked out under the lock on the head the
   * commit is built on, and when the remote refuses the push because it moved, the branch is
   * fetched and they are worked out again on its new head, still under the lock (so the saves
   * waiting for it queue instead of racing); after REBUILD_ATTEMPTS such refusals RemoteMovedError.
   *
   * `ChangesOn` commits waiting for the lock on the same branch go together (group commit): when
   * the lock comes, each is worked out and built on the one before, as its own commit by its own
   * author, and one push sends them all, so a queue of saves costs one push and one index run, not
   * one each. A commit refused on the way (a conflict, nothing to commit) leaves the others as
   * they are. The result's `batch` is what the push moved the branch by, for the catalogue.
   */
  async function commit(
    row: LibraryRow,
    auth: AuthContext,
    branch: string,
    changes: Change[] | ChangesOn,
    message: string,
    /** Runs under the lock on the head the commit builds on: refuses a change made from a stale base. */
    checkHead?: (repo: GitRepo, head: string) => Promise<void>,
    /** onBuilt: told when a push's objects are on their way (each attempt's, with its batch's tip, the head it was built on and the batch's changes). */
    opts: { onBuilt?: (commit: string, parent: string, changes: Change[]) => void } = {},
  ): Promise<Committed> {
    assertNotFrozen(branch);
    const author = await identityOf(auth);
    return new Promise<Committed>((resolve, reject) => {
      const job: CommitJob = { author, who: auth.userName, changes, message, checkHead, onBuilt: opts.onBuilt, resolve, reject };
      const key = `${row.libraryId}\u0000${branch}`;
      const queue = typeof changes === 'function' ? waiting.get(key) : undefined;
      countCommitsWaiting(1);
      if (queue && queue.length < BATCH_MAX) {
        queue.push(job);
        return;
      }
      const jobs = [job];
      // A list is replayed on a remote that moved, which a batch cannot do: it goes alone.
      if (typeof changes === 'function') waiting.set(key, jobs);
      let started = false;
      const start = () => {
        if (started) return;
        started = true;
        if (waiting.get(key) === jobs) waiting.delete(key);
        countCommitsWaiting(-jobs.length);
      };
      lock(row.libraryId, () => {
        start();
        return commitBatch(row, branch, jobs);
      }).catch((err: unknown) => {
        start();
        for (const j of jobs) j.reject(err);
      });
    });
  }

  /** Under the lock: builds `jobs` one on the other on the branch head and pushes them at once (see `commit`); settles each job. */
  async function commitBatch(row: LibraryRow, branch: string, jobs: CommitJob[]): Promise<void> {
    const trace = saveTrace();
    trace.mark('commit-push/identity+lock');
    const { repo, credentials } = await clone(row, branch);
    const start = await repo.branchHead(branch);
    if (!start) throw new AppError(Code.NOT_FOUND, 'library.refMissing', { ref: branch });
    // Only a list given alone is replayed when the remote moved; worked-out changes are worked out again.
    const rebuild = jobs.some((j) => typeof j.changes === 'function');
    let head: string = start;
    let live = jobs;
    for (let attempt = 1; ; attempt++) {
      // The remote's refs, the push's first request, asked for now: answered while the commits are checked and built
      // (changes still to be worked out are held in memory as a rule, so they are asked for too).
      const lists = live.map((j) => j.changes);
      const offer = rebuild || lists.every((l) => typeof l !== 'function' && overHttp(l)) ? repo.pushOffer(row.url, credentials) : undefined;
      const built: { job: CommitJob; commit: string; parent: string; changes: Change[] }[] = [];
      // What the builds read and wrote: the push's pack is made from it, not read back from the clone.
      const held = new Map<string, HeldObject>();
      const keep = (o: HeldObject) => held.set(o.oid, o);
      // Each job checks its file at the commit the one before built: answered from what that build held where it can.
      const view = heldView(repo, held);
      let tip = head;
      for (const job of live) {
        let list: Change[];
        try {
          if (job.checkHead) await job.checkHead(view, tip);
          list = typeof job.changes === 'function' ? await job.changes(view, tip) : job.changes;
        } catch (err) {
          job.reject(err);
          continue;
        }
        trace.mark('commit-push/url+head+check');
        try {
          const made = await repo.buildCommit(tip, list, job.message, job.author, keep);
          built.push({ job, commit: made, parent: tip, changes: list });
          tip = made;
        } catch (err) {
          job.reject(presentGitError(err, branch));
        }
        trace.mark('commit-push/build');
      }
      live = built.map((b) => b.job);
      if (built.length === 0) return;
      const all = built.flatMap((b) => b.changes);
      try {
        const changed = squashed(built.map((b) => b.changes));
        // Work that can start on the commits before the remote has them (the catalogue's run), once the push's objects are on their way:
        // each job is told what the whole batch changes.
        const pushed = await repo.pushCommit(branch, tip, credentials, built[0]?.job.who ?? '', {
          replay: !rebuild,
          held,
          ...(overHttp(all) ? { remote: { url: row.url, offer } } : {}),
          onSend: () => {
            for (const b of built) b.job.onBuilt?.(tip, head, changed);
          },
        });
        trace.mark('commit-push/push');
        observePushCommits(built.length);
        onPushed(row.libraryId, branch);
        const batch: MadeCommit = { commit: pushed.commit, parent: head, changes: changed };
        for (const b of built) {
          // A list replayed on a moved remote (alone, attempt 1) is the pushed commit; parent: the head it was built on.
          const commitId = built.length === 1 ? pushed.commit : b.commit;
          b.job.resolve({ commit: commitId, branch, attempts: attempt - 1 + pushed.attempts, parent: b.parent, changes: b.changes, batch });
        }
        return;
      } catch (err) {
        if (!(err instanceof RemoteMovedError)) throw presentGitError(err, branch);
        if (attempt >= REBUILD_ATTEMPTS) throw err;
      }
      // Refused because the remote moved (another node, or a client pushing to the remote itself): its head, and again.
      const parent = head;
      head = await repo.fetchBranch(row.url, branch, credentials).catch((err: unknown) => {
        throw presentGitError(err, branch);
      });
      // Refused although the remote did not move (a hook, a protected branch): trying again cannot help.
      if (head === parent) throw remoteError('pushRefused', branch);
      trace.mark('commit-push/fetch');
    }
  }

  return { commit };
}

/** The id at `path` of a commit whose trees on the way `held` has; undefined when one of them is not held (null: no such path). */
function heldIdAt(held: ReadonlyMap<string, HeldObject>, commit: string, path: string): string | null | undefined {
  const made = held.get(commit);
  if (made?.type !== 'commit') return undefined;
  let oid = /^tree ([0-9a-f]{40})$/m.exec(made.body.toString('utf8'))?.[1];
  if (!oid) return undefined;
  for (const name of path === '' ? [] : path.split('/')) {
    const tree = held.get(oid);
    if (tree?.type !== 'tree') return undefined;
    const entry = parseTree(tree.body).get(name);
    if (!entry) return null;
    oid = entry.oid;
  }
  return oid;
}

/** The clone as a batch's jobs read it: a file's id at a commit the batch built answered from what its builds held. */
function heldView(repo: GitRepo, held: ReadonlyMap<string, HeldObject>): GitRepo {
  const objectIdAt = async (commit: string, path: string) => {
    const known = heldIdAt(held, commit, path);
    return known === undefined ? repo.objectIdAt(commit, path) : known;
  };
  return Object.create(repo, { objectIdAt: { value: objectIdAt } }) as GitRepo;
}

/** A remote failure as an error in words (500: the remote, not the request, is at fault). */
export function remoteError(reason: RemoteError['reason'], branch: string) {
  return new AppError(Code.ERROR, `scm.${reason}`, { branch });
}

/** Git-level failures of a write as envelope errors. */
export function presentGitError(err: unknown, branch: string): unknown {
  if (err instanceof MergeConflictError) return conflict('library.conflict', { paths: err.paths.join(', '), ref: err.savedRef });
  if (err instanceof TreeError) {
    if (err.reason === 'missing') return new AppError(Code.NOT_FOUND, 'explorer.notFound', { path: err.path });
    if (err.reason === 'exists') return badRequest('explorer.exists', { path: err.path });
    if (err.reason === 'noChange') return badRequest('explorer.noChange');
    return badRequest('explorer.pathConflict', { path: err.path });
  }
  if (err instanceof RemoteError) return remoteError(err.reason, branch);
  return err;
}
