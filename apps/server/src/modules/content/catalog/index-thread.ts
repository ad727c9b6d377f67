import { serveTasks } from '../../../platform/worker/thread-tasks';
import type { StoredRows } from './dita-full-run';
import type { IndexQuestion } from './dita-runner';
import { type DitaRunInput, type DitaRunTarget, ditaRuns } from './dita-runs';
import type { SetRowsTaskInput, SetTarget } from './set-rows';

/*
 * The index thread (threadRunner, threadSetRunner): the DITA catalogue's runs parse, resolve and
 * make rows here, with the snapshots they remember, and the other standards' runs read, check and
 * make rows of their sets, not on the server's request loop. The server writes the rows.
 */
const runs = ditaRuns();
/** The other standards' engines (S1000D, ATA, flight operations, XML profiles), loaded at their first run: a DITA-only server never loads them. */
const sets = () => import('./set-rows');

serveTasks({
  run: (input: DitaRunInput, ask) => runs.run(input, async () => (await ask({ kind: 'stored' } satisfies IndexQuestion)) as StoredRows),
  settle: async (input: { libraryId: number; branch: string; commit: string; written: boolean }) => runs.settle(input),
  prepare: async (input: { target: DitaRunTarget; stored: string }) => runs.prepare(input),
  forget: async (input: { libraryId: number; branch?: string }) => runs.forget(input),
  setRows: async (input: SetRowsTaskInput) => (await sets()).setRowsTask(input),
  setDescribe: async (input: SetTarget) => (await sets()).describeSetAt(input),
});
