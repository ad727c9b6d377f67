import type { ReindexResult } from '@ccms/contracts/content/catalog';
import { GitRepo } from '../../../platform/git/git-repo';
import { keepNewest } from '../../../platform/lru';
import type { IndexWrite } from './catalog-store';
import { ditaFullRun, type StoredRows } from './dita-full-run';
import { ditaIncrementalRun } from './dita-incremental-run';
import type { KnownChange, RunOutcome, Snapshot } from './index-run';

/** A DITA branch to index, as it crosses to the index thread: the clone by its folder. */
export interface DitaRunTarget {
  libraryId: number;
  libraryType?: string;
  branch: string;
  dir: string;
  commit: string;
  known?: { from: string; changes: readonly KnownChange[] };
}

export interface DitaRunInput {
  target: DitaRunTarget;
  /** The commit the index holds now (null: none). */
  stored: string | null;
  full: boolean;
  /** The caller prepared this run (prepare) while its commit was pushed: use it if it still applies. */
  prepared: boolean;
}

/** A run's answer: its result and the rows to write (the snapshot stays where the run ran, until `settle`). */
export interface DitaRunOutcome {
  result: ReindexResult;
  write: IndexWrite;
}

export const branchKey = (libraryId: number, branch: string) => `${libraryId}\u0000${branch}`;

/** A Buffer again: contents that crossed threads arrive as plain Uint8Arrays. */
const asBuffer = (b: Uint8Array) => (Buffer.isBuffer(b) ? b : Buffer.from(b.buffer, b.byteOffset, b.byteLength));

/**
 * The DITA index runs with what they remember of each branch (parsed maps, topic hashes, link
 * signatures), so the next run reads only what changed. They run on the index thread
 * (index-thread.ts): a full run of a large library parses for seconds, and an incremental one
 * re-resolves keys, conrefs and links. A run's snapshot is remembered only once its rows are
 * written (`settle`), and forgotten when the write failed.
 */
export function ditaRuns(options: { maxSnapshots?: number } = {}) {
  const maxSnapshots = options.maxSnapshots ?? 8;
  const snapshots = new Map<string, Snapshot>();
  /** The last run's snapshot per branch, waiting for its write. */
  const unsettled = new Map<string, { commit: string; snap: Snapshot }>();
  /** Runs worked out ahead, per branch: from which snapshot, to which commit. */
  const ahead = new Map<string, { commit: string; base: string; prev: Snapshot; run: Promise<RunOutcome | null> }>();
  /** One reader per clone folder. */
  const repos = new Map<string, GitRepo>();

  function targetOf(t: DitaRunTarget) {
    let repo = repos.get(t.dir);
    if (!repo) {
      repo = new GitRepo(t.dir);
      keepNewest(repos, t.dir, repo, 64);
    }
    const known = t.known && {
      from: t.known.from,
      changes: t.known.changes.map((c) => (c.op === 'put' && 'content' in c ? { ...c, content: asBuffer(c.content) } : c)),
    };
    return { libraryId: t.libraryId, libraryType: t.libraryType, branch: t.branch, repo, commit: t.commit, known };
  }

  return {
    /**
     * Brings a branch to `target.commit`: incremental from the remembered snapshot when it is at the
     * stored commit (or the run prepared for it), a full read otherwise or when `full` is asked.
     */
    async run(input: DitaRunInput, storedRows: () => Promise<StoredRows>): Promise<DitaRunOutcome> {
      const started = performance.now();
      const { stored, full } = input;
      const target = targetOf(input.target);
      const key = branchKey(target.libraryId, target.branch);
      const prev = snapshots.get(key);
      const prepared = ahead.get(key);
      ahead.delete(key);
      const early =
        input.prepared && prepared && !full && prepared.commit === target.commit && prepared.base === stored && prepared.prev === prev
          ? await prepared.run
          : null;
      const canIncrement = !full && prev !== undefined && stored !== null && prev.commit === stored;
      // The remembered commit may be gone (a clone made again, a forced push): then everything is read.
      const run =
        early ??
        (canIncrement && prev ? await ditaIncrementalRun(target, prev, started).catch(() => null) : null) ??
        (await ditaFullRun(storedRows, target, stored, started));
      unsettled.set(key, { commit: target.commit, snap: run.snap });
      return { result: run.result, write: run.write };
    },

    /** After the write of a run to `commit`: its snapshot remembered when written, the branch's forgotten when not. */
    settle(input: { libraryId: number; branch: string; commit: string; written: boolean }): void {
      const key = branchKey(input.libraryId, input.branch);
      const done = unsettled.get(key);
      unsettled.delete(key);
      if (!input.written) snapshots.delete(key);
      else if (done?.commit === input.commit) keepNewest(snapshots, key, done.snap, maxSnapshots);
    },

    /** Starts the incremental run from the stored commit to `target.commit` (being pushed); false when there is nothing to start from. */
    prepare(input: { target: DitaRunTarget; stored: string }): boolean {
      const target = targetOf(input.target);
      const key = branchKey(target.libraryId, target.branch);
      const prev = snapshots.get(key);
      if (!prev || prev.commit !== input.stored || input.stored === target.commit) return false;
      ahead.set(key, { commit: target.commit, base: input.stored, prev, run: ditaIncrementalRun(target, prev, performance.now()).catch(() => null) });
      return true;
    },

    /** Forgets what is remembered of a library's branches (or one branch): the next run reads everything. */
    forget(input: { libraryId: number; branch?: string }): void {
      for (const map of [snapshots, unsettled, ahead])
        for (const key of [...map.keys()])
          if (key.startsWith(`${input.libraryId}\u0000`) && (input.branch === undefined || key === branchKey(input.libraryId, input.branch))) map.delete(key);
    },
  };
}
