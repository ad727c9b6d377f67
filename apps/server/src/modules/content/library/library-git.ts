import path from 'node:path';
import { Code } from '@ccms/contracts/http';
import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { ccmsLibrary, sysUser } from '../../../db/schema';
import type { AuthContext } from '../../../platform/auth/access';
import { openSecret } from '../../../platform/crypto/secret-box';
import type { GitAuth, RemoteFailure } from '../../../platform/git/git-env';
import { GitRepo, type Identity, RemoteError } from '../../../platform/git/git-repo';
import { libraryLock } from '../../../platform/git/library-lock';
import { checkRemoteUrl, type RemotePin, type Resolver } from '../../../platform/git/remote-url';
import { AppError } from '../../../platform/http/errors';
import { allowedPrivateHosts } from '../../system/config/config.queries';
import { commitQueue, remoteError } from './library-commit';

/** Branch fetch failures after which the full fetch could still succeed: the branch, not the remote, was the trouble (or git did not say). */
const FETCH_AGAIN: ReadonlySet<RemoteFailure> = new Set(['branchMissing', 'unknown']);

export type LibraryRow = typeof ccmsLibrary.$inferSelect;

export {
  assertNotFrozen,
  type ChangesOn,
  type Committed,
  FROZEN_BRANCH_PREFIX,
  isFrozenBranch,
  type MadeCommit,
  presentGitError,
  remoteError,
} from './library-commit';

export interface LibraryGitDeps {
  database: Pick<Database, 'db' | 'kind'>;
  dataDir: string;
  secretKey: string;
  /** A clone fetched less than this long ago is read as is. */
  freshnessMs?: number;
  /** Host name resolution for the URL check (tests pass their own instead of real DNS). */
  resolver?: Resolver;
}

export type FetchOutcome = { ok: true } | { ok: false; reason: RemoteError['reason'] };

/** The server's clones of libraries: fetch on demand under a per-library lock, read, commit and push. */
export function libraryGit({ database, dataDir, secretKey, freshnessMs = 60_000, resolver }: LibraryGitDeps) {
  const db = database.db;
  const lock = libraryLock(database);
  const fetchedAt = new Map<number, number>();
  /** Per library and branch, when this node last pushed it or found it equal to the remote's (the remote had exactly that head then). */
  const syncedAt = new Map<string, number>();
  const branchKey = (libraryId: number, branch: string) => `${libraryId}\u0000${branch}`;
  const inflight = new Map<number, Promise<FetchOutcome>>();
  /** Per library and branch, the ref advertisement on its way (branchState). */
  const askingHeads = new Map<string, Promise<string | null | undefined>>();
  /** Told after each successful fetch, outside the library's lock (e.g. deliveries on a new commit). */
  const fetchListeners: ((libraryId: number) => Promise<void>)[] = [];

  /** Per library, the address its URL was last approved at: git connects there (no second DNS answer). */
  const pins = new Map<number, RemotePin | null>();

  const repoOf = (libraryId: number) => {
    const repo = new GitRepo(path.join(dataDir, 'git', String(libraryId)));
    repo.pin = pins.get(libraryId) ?? null;
    return repo;
  };

  /** The stored credential, decrypted for one command; null when the library has none. */
  function authOf(row: Pick<LibraryRow, 'credentialUsername' | 'credentialSecret'>): GitAuth | null {
    if (!row.credentialUsername && !row.credentialSecret) return null;
    return { username: row.credentialUsername, password: row.credentialSecret ? openSecret(secretKey, row.credentialSecret) : '' };
  }

  /** Checks the URL now and pins the approved address on `repo` (and for the library's later commands). */
  async function assertUrlAllowed(url: string, pinTo?: { libraryId: number; repo: GitRepo }) {
    const check = await checkRemoteUrl(url, await allowedPrivateHosts(db), resolver);
    if (!check.ok) throw new RemoteError(check.reason === 'invalid' ? 'unknown' : 'urlRefused', url);
    if (pinTo) {
      pins.set(pinTo.libraryId, check.pin);
      pinTo.repo.pin = check.pin;
    }
  }

  async function fetchUnlocked(row: LibraryRow): Promise<FetchOutcome> {
    const repo = repoOf(row.libraryId);
    try {
      await assertUrlAllowed(row.url, { libraryId: row.libraryId, repo });
      await repo.ensure(row.url);
      await repo.fetch(authOf(row));
      fetchedAt.set(row.libraryId, Date.now());
      await db.update(ccmsLibrary).set({ lastFetchTime: new Date(), lastFetchError: '' }).where(eq(ccmsLibrary.libraryId, row.libraryId));
      return { ok: true };
    } catch (err) {
      if (!(err instanceof RemoteError)) throw err;
      await db.update(ccmsLibrary).set({ lastFetchError: err.reason }).where(eq(ccmsLibrary.libraryId, row.libraryId));
      return { ok: false, reason: err.reason };
    }
  }

  /** Fetches now (one fetch per library at a time; callers arriving meanwhile share it). */
  function fetchNow(row: LibraryRow): Promise<FetchOutcome> {
    const running = inflight.get(row.libraryId);
    if (running) return running;
    const started = lock(row.libraryId, () => fetchUnlocked(row)).finally(() => inflight.delete(row.libraryId));
    inflight.set(row.libraryId, started);
    void started.then(
      (outcome) => {
        if (outcome.ok) for (const listener of fetchListeners) void listener(row.libraryId).catch(() => undefined);
      },
      () => undefined,
    );
    return started;
  }

  /**
   * A clone to read: fetched when missing or older than the freshness window, unless this node's
   * writers are on the library then (read as it is, fetched behind them). When the remote cannot
   * be reached, the last fetch is read and `stale` says so; with no earlier copy it fails.
   */
  async function ready(row: LibraryRow): Promise<{ repo: GitRepo; stale: boolean }> {
    const repo = repoOf(row.libraryId);
    const last = fetchedAt.get(row.libraryId);
    if (last !== undefined && Date.now() - last < freshnessMs && (await repo.exists())) return { repo, stale: false };
    if (last !== undefined && lock.busy(row.libraryId) && (await repo.exists())) {
      // Writers of this node are on the library (saves, which move the clone themselves): a read
      // answers from the clone as it is, and the fetch runs behind them instead of making it wait.
      void fetchNow(row).catch(() => undefined);
      return { repo, stale: false };
    }
    const outcome = await fetchNow(row);
    if (outcome.ok) return { repo, stale: false };
    if (await repo.hasFetched()) return { repo, stale: true };
    throw remoteError(outcome.reason, row.defaultBranch);
  }

  /**
   * A clone whose `branch` is what the remote has now, for work that must not read a stale head (a
   * publish), with that branch's head: an unchanged branch costs one ref advertisement from this
   * process (`branchCurrent`), and a moved one (a push from outside) a fetch of that branch alone,
   * from the library's URL, with no bookkeeping write to wait for. Without a clone, or when that
   * fails, this is `ready`'s full fetch (and its stale read when the remote is down).
   */
  async function readyBranch(row: LibraryRow, branch: string): Promise<{ repo: GitRepo; stale: boolean; head: string | null }> {
    const repo = repoOf(row.libraryId);
    if (await repo.exists()) {
      try {
        if (await branchCurrent(row, branch)) {
          const current = await repo.branchHead(branch);
          if (current) return { repo, stale: false, head: current };
        }
        const head = await lock(row.libraryId, async () => {
          await assertUrlAllowed(row.url, { libraryId: row.libraryId, repo });
          return repo.fetchBranch(row.url, branch, authOf(row));
        });
        syncedAt.set(branchKey(row.libraryId, branch), Date.now());
        // As after a fetch: whoever watches for new commits (deliveries) compares heads now.
        for (const listener of fetchListeners) void listener(row.libraryId).catch(() => undefined);
        return { repo, stale: false, head };
      } catch (err) {
        if (!(err instanceof RemoteError)) throw err;
        // A remote that is down, refuses us or is gone would fail the full fetch the same way: read
        // the last fetch now instead of waiting twice. Only a branch the remote did not give (new to
        // the clone, or gone) goes on to the full fetch, which says which.
        if (!FETCH_AGAIN.has(err.reason)) {
          await db.update(ccmsLibrary).set({ lastFetchError: err.reason }).where(eq(ccmsLibrary.libraryId, row.libraryId));
          if (await repo.hasFetched()) return { repo, stale: true, head: await repo.resolve(branch) };
          throw remoteError(err.reason, branch);
        }
      }
    }
    const outcome = await fetchNow(row);
    if (outcome.ok) return { repo, stale: false, head: await repo.resolve(branch) };
    if (await repo.hasFetched()) return { repo, stale: true, head: await repo.resolve(branch) };
    throw remoteError(outcome.reason, branch);
  }

  /**
   * Whether the clone's `branch` is where the remote's is now, asked with one ref advertisement
   * from this process instead of a fetch (an open reads the clone at once when nothing moved; a
   * fetch of every branch is a chain of git processes). False when it is not, or cannot be told
   * that way: the caller fetches, and the fetch says what is wrong. True marks the branch in step.
   * Throws RemoteError 'hostUnreachable' when the remote cannot be reached: a fetch now would only
   * wait as long again to fail the same way.
   */
  async function branchCurrent(row: LibraryRow, branch: string): Promise<boolean> {
    return (await branchState(row, branch)).current;
  }

  /**
   * As branchCurrent, with the remote's head when the clone is behind it but already holds that
   * commit (`held`): a commit this node pushed moments ago, before its tracking ref moved. A
   * reader can read it as it is, without the fetch that would wait for the library's lock behind
   * the saves queued there.
   */
  async function branchState(row: LibraryRow, branch: string): Promise<{ current: boolean; held: string | null }> {
    const repo = repoOf(row.libraryId);
    if (!(await repo.exists())) return { current: false, held: null };
    try {
      await assertUrlAllowed(row.url, { libraryId: row.libraryId, repo });
    } catch {
      return { current: false, held: null };
    }
    const [remote, local] = await Promise.all([remoteHeadOf(row, repo, branch), repo.branchHead(branch)]);
    if (!remote) return { current: false, held: null };
    if (remote !== local) return { current: false, held: (await repo.hasCommit(remote)) ? remote : null };
    syncedAt.set(branchKey(row.libraryId, branch), Date.now());
    return { current: true, held: null };
  }

  /**
   * Where the remote's branch is now, asked with one ref advertisement; readers asking while one is
   * on its way share its answer: the remote's head as of at most one round trip before they asked.
   */
  function remoteHeadOf(row: LibraryRow, repo: GitRepo, branch: string): Promise<string | null | undefined> {
    const key = branchKey(row.libraryId, branch);
    const asking = askingHeads.get(key);
    if (asking) return asking;
    const asked = repo
      .remoteHead(row.url, branch, authOf(row))
      .catch(async (err: unknown) => {
        // As a failed fetch: the library's page shows why.
        if (err instanceof RemoteError) await db.update(ccmsLibrary).set({ lastFetchError: err.reason }).where(eq(ccmsLibrary.libraryId, row.libraryId));
        throw err;
      })
      .finally(() => askingHeads.delete(key));
    askingHeads.set(key, asked);
    return asked;
  }

  /** A commit id for a branch name or commit id (default branch when absent), or a 404 naming it. */
  async function resolveRef(repo: GitRepo, row: LibraryRow, ref: string | undefined): Promise<{ commit: string; branch: string | null }> {
    const wanted = ref?.trim() || row.defaultBranch;
    const commit = await repo.resolve(wanted);
    if (!commit) throw new AppError(Code.NOT_FOUND, 'library.refMissing', { ref: wanted });
    const isBranch = (await repo.branchHead(wanted)) !== null;
    return { commit, branch: isBranch ? wanted : null };
  }

  async function identityOf(auth: AuthContext): Promise<Identity> {
    const [user] = await db.select({ nickName: sysUser.nickName, email: sysUser.email }).from(sysUser).where(eq(sysUser.userId, auth.userId));
    const name = user?.nickName || auth.nickName || auth.userName;
    const email = user?.email || `${auth.userName}@users.noreply.ccms`;
    return { name, email };
  }

  const { commit } = commitQueue({
    lock,
    identityOf,
    async clone(row, branch) {
      const repo = repoOf(row.libraryId);
      if (!(await repo.exists()) || !fetchedAt.has(row.libraryId)) {
        const outcome = await fetchUnlocked(row);
        if (!outcome.ok) throw remoteError(outcome.reason, branch);
      }
      await assertUrlAllowed(row.url, { libraryId: row.libraryId, repo }).catch((err: unknown) => {
        throw err instanceof RemoteError ? remoteError(err.reason, branch) : err;
      });
      return { repo, credentials: authOf(row) };
    },
    pushed: (libraryId, branch) => syncedAt.set(branchKey(libraryId, branch), Date.now()),
  });

  /** Runs `fn` holding the library's write lock (branch operations of other modules); do not fetch through `ready` inside it. */
  const withLock = <T>(libraryId: number, fn: () => Promise<T>) => lock(libraryId, fn);

  return {
    repoOf,
    authOf,
    fetchNow,
    ready,
    readyBranch,
    branchCurrent,
    branchState,
    resolveRef,
    identityOf,
    commit,
    assertUrlAllowed,
    withLock,
    forget: (libraryId: number) => {
      fetchedAt.delete(libraryId);
      for (const key of [...syncedAt.keys()]) if (key.startsWith(branchKey(libraryId, ''))) syncedAt.delete(key);
    },
    /** Whether the clone agreed with the remote on a branch less than `ms` ago (a fetch, this node's push of it, or a check of its head). */
    syncedWithin(libraryId: number, branch: string, ms: number): boolean {
      const last = Math.max(fetchedAt.get(libraryId) ?? 0, syncedAt.get(branchKey(libraryId, branch)) ?? 0);
      return Date.now() - last < ms;
    },
    /** Calls `listener` after every successful fetch of a library (not awaited; it handles its own errors). */
    onFetched: (listener: (libraryId: number) => Promise<void>) => {
      fetchListeners.push(listener);
    },
  };
}

export type LibraryGit = ReturnType<typeof libraryGit>;
