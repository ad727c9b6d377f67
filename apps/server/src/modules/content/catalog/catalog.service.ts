import type { BrokenQuery, CatalogState, KeyQuery, ProblemQuery, ReindexResult, ResourceQuery } from '@ccms/contracts/content/catalog';
import type { LibraryLevel } from '@ccms/contracts/content/library';
import { Code } from '@ccms/contracts/http';
import type { Db } from '../../../db/client';
import type { AuthContext } from '../../../platform/auth/access';
import { type GitRepo, isValidBranchName } from '../../../platform/git/git-repo';
import { AppError, badRequest, forbidden } from '../../../platform/http/errors';
import type { LibraryService } from '../library/library.service';
import { allows, type LibraryNeed } from '../library/library-access';
import { type LibraryGit, type LibraryRow, type MadeCommit, remoteError } from '../library/library-git';
import { brokenLinks, claimFullReindex, findIndex, holdFullReindex, type IndexRow, listKeys, listProblems, listResources } from './catalog.queries';
import { IndexRaceError } from './catalog-store';
import type { CatalogIndexer, PreparedRun } from './indexer';
import type { ReviewHooks } from './review-hooks';

export type { MadeCommit } from '../library/library-git';

/** An opened catalogue: the library (access checked), the branch and its index. */
export interface CatalogScopeOpen {
  row: LibraryRow;
  branch: string;
  index: IndexRow;
  level: LibraryLevel | null;
  canWrite: boolean;
}

/**
 * A full re-index re-reads every file of the branch: one per library at a time, held at most this
 * long (a server that dies during one frees it then), and none until this long after one ended.
 */
const FULL_REINDEX_LEASE_SECONDS = 15 * 60;
const FULL_REINDEX_PAUSE_SECONDS = 60;

export const indexedAt = (index: IndexRow) => ({ libraryId: index.libraryId, branch: index.branch, commit: index.commit, indexedAt: index.indexedAt });

/**
 * Access to a library branch's catalogue, kept in step with git: lists bring the index to the
 * branch head first (lazily, only the changed files), details read what is indexed. One run per
 * branch at a time; callers arriving meanwhile wait for it.
 */
export function catalogService(db: Db, git: LibraryGit, libraries: LibraryService, indexer: CatalogIndexer) {
  const running = new Map<string, Promise<unknown>>();
  const branchKey = (libraryId: number, branch: string) => `${libraryId}\u0000${branch}`;
  /** Index runs being worked out ahead, by library, branch and commit (prepareCommit). */
  const preparing = new Map<string, Promise<PreparedRun | null>>();
  /** Per branch, the last commit a save asked afterCommit to index, and that run (shared by the saves of its batch). */
  const committed = new Map<string, { commit: string; run: Promise<ReindexResult> }>();

  function branchOf(row: LibraryRow, branch: string | undefined): string {
    const name = branch?.trim() || row.defaultBranch;
    if (!isValidBranchName(name)) throw badRequest('field.invalidFormat', { field: 'branch' });
    return name;
  }

  /**
   * The branch head in the clone (fetched first with `fetch`, read as is with `clone`, else
   * fetched when older than the freshness window); a 404 naming the branch when it does not exist.
   */
  async function headOf(row: LibraryRow, branch: string, from: 'fetch' | 'fresh' | 'clone'): Promise<{ repo: GitRepo; head: string }> {
    let repo: GitRepo;
    if (from === 'fetch') {
      const outcome = await git.fetchNow(row);
      repo = git.repoOf(row.libraryId);
      if (!outcome.ok && !(await repo.hasFetched())) throw remoteError(outcome.reason, branch);
    } else if (from === 'clone') {
      repo = git.repoOf(row.libraryId);
    } else {
      repo = (await git.ready(row)).repo;
    }
    const head = await repo.branchHead(branch);
    if (!head) throw new AppError(Code.NOT_FOUND, 'library.refMissing', { ref: branch });
    return { repo, head };
  }

  /** Runs `fn` after any run on the same branch (one writer per branch in this process). */
  function serial<T>(libraryId: number, branch: string, fn: () => Promise<T>): Promise<T> {
    const key = branchKey(libraryId, branch);
    const previous = running.get(key) ?? Promise.resolve();
    const next = previous.then(fn, fn);
    const tail = next.catch(() => undefined);
    running.set(key, tail);
    void tail.then(() => {
      if (running.get(key) === tail) running.delete(key);
    });
    return next;
  }

  /** Brings the index of a branch to its head; another node indexing meanwhile makes it start over from what is stored. */
  async function refresh(
    row: LibraryRow,
    branch: string,
    opts: { fetch?: boolean; full?: boolean; committed?: boolean; made?: MadeCommit; prepared?: PreparedRun | null } = {},
  ): Promise<{ index: IndexRow; result: ReindexResult }> {
    return serial(row.libraryId, branch, async () => {
      const made = opts.made;
      const branchHead = () => headOf(row, branch, opts.fetch === true ? 'fetch' : opts.committed === true ? 'clone' : 'fresh');
      // The commit this server just pushed on the indexed one: indexed from its known changes (no ref or diff read).
      // The first attempt's index row serves both that decision and the attempt; a retry reads it again.
      let stored = await findIndex(db, row.libraryId, branch);
      let direct = made !== undefined && stored?.commit === made.parent;
      let { repo, head } = made && direct ? { repo: git.repoOf(row.libraryId), head: made.commit } : await branchHead();
      for (let attempt = 0; ; attempt++) {
        if (attempt > 0) stored = await findIndex(db, row.libraryId, branch);
        // Another node indexed meanwhile: never step back from what it indexed, go to the branch head.
        if (direct && stored?.commit !== made?.parent) {
          direct = false;
          ({ repo, head } = await branchHead());
        }
        try {
          const known = made && direct ? { from: made.parent, changes: made.changes } : undefined;
          const result = await indexer.index(
            { libraryId: row.libraryId, libraryType: row.libraryType, branch, repo, commit: head, known },
            stored?.commit ?? null,
            { full: opts.full },
            opts.prepared,
          );
          // Nothing to index: the row read for the decision is the answer (no second read).
          const index = result.mode === 'unchanged' && stored?.commit === result.commit ? stored : await findIndex(db, row.libraryId, branch);
          if (!index) throw new Error('index row missing after indexing');
          return { index, result };
        } catch (err) {
          if (!(err instanceof IndexRaceError) || attempt >= 2) throw err;
        }
      }
    });
  }

  /** The caller's level, after checking it meets `need` ("No relevant permissions" otherwise). */
  async function access(auth: AuthContext, libraryId: number, need: LibraryNeed) {
    const { row, level } = await libraries.forCallWithLevel(auth, libraryId, need);
    return { row, level, canWrite: allows(level, 'write') && row.status === '0' };
  }

  /**
   * The index of a branch for a read: brought to the branch head first, except while this node
   * indexes the branch (a save's commit, being written): then the read answers from what is indexed
   * now instead of waiting for that transaction. The save itself answers once its commit is indexed.
   */
  async function forReading(row: LibraryRow, branch: string): Promise<IndexRow> {
    if (running.has(branchKey(row.libraryId, branch))) {
      const stored = await findIndex(db, row.libraryId, branch);
      if (stored) return stored;
    }
    return (await refresh(row, branch)).index;
  }

  async function open(auth: AuthContext, libraryId: number, branchName: string | undefined, need: LibraryNeed = 'read'): Promise<CatalogScopeOpen> {
    const { row, level, canWrite } = await access(auth, libraryId, need);
    const branch = branchOf(row, branchName);
    const index = await forReading(row, branch);
    return { row, branch, index, level, canWrite };
  }

  /**
   * The index of an object's branch for a detail page: like the lists, the branch head is checked
   * (the clone fetched when older than the freshness window) and what changed is indexed first,
   * so a detail never shows an older commit or a shorter history than the branch has.
   */
  async function openStored(auth: AuthContext, libraryId: number, branch: string, need: LibraryNeed = 'read'): Promise<CatalogScopeOpen> {
    const { row, level, canWrite } = await access(auth, libraryId, need);
    const index = await forReading(row, branch);
    return { row, branch, index, level, canWrite };
  }

  return {
    branchOf,
    access,
    open,
    openStored,
    refresh,

    /**
     * Index right after the server itself committed and pushed (import, fast create, status files, editors): the clone is read as is, no fetch.
     * With `made` (the pushed commit, the head it was built on and its changes) and the index at that head, exactly that commit is indexed
     * from the changes as given; otherwise the clone's branch head.
     */
    async afterCommit(row: LibraryRow, branch: string, made?: MadeCommit, prepared?: PreparedRun | null): Promise<ReindexResult> {
      if (!made) return (await refresh(row, branch, { committed: true })).result;
      // The saves of one batch (one push) all ask to index the same commit: one run answers them all.
      const key = branchKey(row.libraryId, branch);
      const last = committed.get(key);
      if (last?.commit === made.commit) return last.run;
      const run = refresh(row, branch, { committed: true, made, prepared }).then((r) => r.result);
      const entry = { commit: made.commit, run };
      committed.set(key, entry);
      run.catch(() => {
        if (committed.get(key) === entry) committed.delete(key);
      });
      return run;
    },

    /**
     * While `made` is pushed: the index run from its parent starts (worked out, not written), for
     * afterCommit to write once the push went through as built. Null when the index is elsewhere.
     */
    async prepareCommit(row: LibraryRow, branch: string, made: MadeCommit): Promise<PreparedRun | null> {
      // The saves of one batch all ask for the same run: they share it.
      const key = `${branchKey(row.libraryId, branch)}\u0000${made.commit}`;
      const shared = preparing.get(key);
      if (shared) return shared;
      const started = (async () => {
        const stored = await findIndex(db, row.libraryId, branch);
        if (stored?.commit !== made.parent) return null;
        return indexer.prepare(
          {
            libraryId: row.libraryId,
            libraryType: row.libraryType,
            branch,
            repo: git.repoOf(row.libraryId),
            commit: made.commit,
            known: { from: made.parent, changes: made.changes },
          },
          stored.commit,
        );
      })();
      preparing.set(key, started);
      void started.then(
        () => preparing.delete(key),
        () => preparing.delete(key),
      );
      return started;
    },

    async state(auth: AuthContext, q: { libraryId: number; branch?: string }): Promise<CatalogState> {
      const { row, branch, index, level } = await open(auth, q.libraryId, q.branch);
      const head = (await git.repoOf(row.libraryId).resolve(branch)) ?? index.commit;
      return {
        ...indexedAt(index),
        headCommit: head,
        upToDate: head === index.commit,
        documents: index.documents,
        topics: index.topics,
        images: index.images,
        videos: index.videos,
        keys: index.keys,
        links: index.links,
        brokenLinks: index.brokenLinks,
        lastMode: index.lastMode as CatalogState['lastMode'],
        lastDurationMs: index.lastDurationMs,
        lastFilesRead: index.lastFilesRead,
        myLevel: level,
      };
    },

    /**
     * On demand: fetch, then index what changed; or everything with `full`, which needs write
     * access and runs once at a time per library, with a pause after each (429 meanwhile).
     */
    async reindex(auth: AuthContext, q: { libraryId: number; branch?: string; full?: 'true' | 'false' }): Promise<ReindexResult> {
      const full = q.full === 'true';
      const { row, level } = await access(auth, q.libraryId, 'read');
      if (full && !allows(level, 'write')) throw forbidden('catalog.fullNeedsWrite', { level: 'write', object: 'library' });
      const branch = branchOf(row, q.branch);
      if (!full) return (await refresh(row, branch, { fetch: true })).result;
      if (!(await claimFullReindex(db, row.libraryId, FULL_REINDEX_LEASE_SECONDS))) {
        throw new AppError(Code.TOO_MANY_REQUESTS, 'catalog.fullBusy', { seconds: FULL_REINDEX_PAUSE_SECONDS });
      }
      try {
        return (await refresh(row, branch, { fetch: true, full: true })).result;
      } finally {
        await holdFullReindex(db, row.libraryId, FULL_REINDEX_PAUSE_SECONDS);
      }
    },

    async broken(auth: AuthContext, q: BrokenQuery) {
      const { index } = await open(auth, q.libraryId, q.branch);
      return { ...(await brokenLinks(db, index.libraryId, index.branch, q)), ...indexedAt(index) };
    },

    async keys(auth: AuthContext, q: KeyQuery) {
      const { index } = await open(auth, q.libraryId, q.branch);
      return { ...(await listKeys(db, index.libraryId, index.branch, q)), ...indexedAt(index) };
    },

    /** The problems indexing found in the branch, in the caller's language. */
    async problems(auth: AuthContext, q: ProblemQuery, lang: string) {
      const { index } = await open(auth, q.libraryId, q.branch);
      return { ...(await listProblems(db, index.libraryId, index.branch, q, lang)), ...indexedAt(index) };
    },

    async resources(auth: AuthContext, q: ResourceQuery) {
      const { index } = await open(auth, q.libraryId, q.branch);
      return { ...(await listResources(db, index.libraryId, index.branch, q)), ...indexedAt(index) };
    },
  };
}

export type CatalogService = ReturnType<typeof catalogService>;

/** The catalogue with its indexer: built once by the content area, shared by its routes and the reindex job. */
export interface CatalogRuntime {
  indexer: CatalogIndexer;
  catalog: CatalogService;
  /** Review questions the work area answers (status by hand, comments after a save); absent in tools. */
  review?: ReviewHooks;
}
