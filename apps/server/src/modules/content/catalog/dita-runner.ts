import type { Db } from '../../../db/client';
import type { ThreadPool } from '../../../platform/worker/thread-pool';
import { storedHashes, storedResourcePaths } from './catalog-store';
import type { StoredRows } from './dita-full-run';
import { type DitaRunInput, type DitaRunOutcome, type DitaRunTarget, ditaRuns } from './dita-runs';

/** What the index thread asks the server during a run. */
export type IndexQuestion = { kind: 'stored' };

/** Where the DITA index runs run and keep their snapshots: the index thread (the server), or this process (a tool indexing alone). */
export interface DitaRunner {
  run(input: DitaRunInput, storedRows: () => Promise<StoredRows>): Promise<DitaRunOutcome>;
  /** Told after each run's write; not awaited (the runner takes its messages in order). */
  settle(input: { libraryId: number; branch: string; commit: string; written: boolean }): void;
  prepare(input: { target: DitaRunTarget; stored: string }): Promise<boolean>;
  forget(input: { libraryId: number; branch?: string }): void;
}

/** The rows of a branch the index holds now (a full run writes only what differs). */
export async function storedRowsOf(db: Db, libraryId: number, branch: string): Promise<StoredRows> {
  const [topics, documents, resources] = await Promise.all([
    storedHashes(db, 'topic', libraryId, branch),
    storedHashes(db, 'document', libraryId, branch),
    storedResourcePaths(db, libraryId, branch),
  ]);
  return { topics, documents, resources };
}

/** The runs in this process, on its request loop: for tools and benchmarks that index without a server. */
export function inProcessRunner(options: { maxSnapshots?: number } = {}): DitaRunner {
  const runs = ditaRuns(options);
  return {
    run: (input, storedRows) => runs.run(input, storedRows),
    settle: (input) => runs.settle(input),
    prepare: async (input) => runs.prepare(input),
    forget: (input) => runs.forget(input),
  };
}

/**
 * The runs on the index thread (index-thread.ts, a pool of one: the snapshots live there). The
 * thread reads the clone itself; the server answers the stored rows. A thread that ended (out of
 * memory) fails its run; the next one starts a new thread with no snapshot, so it reads everything.
 */
export function threadRunner(threads: ThreadPool): DitaRunner {
  const quietly = (p: Promise<unknown>) => void p.catch(() => undefined);
  return {
    run: (input, storedRows) =>
      threads.run<DitaRunOutcome>('run', input, async (q) => {
        if ((q as IndexQuestion).kind === 'stored') return storedRows();
        throw new Error('unknown question');
      }),
    settle: (input) => quietly(threads.run('settle', input)),
    prepare: (input) => threads.run<boolean>('prepare', input).catch(() => false),
    forget: (input) => quietly(threads.run('forget', input)),
  };
}
