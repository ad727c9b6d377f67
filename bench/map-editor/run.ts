/**
 * Map editor benchmark on the generated 5,000-topic corpus (shared/tools/ditaot-reference/gen.py,
 * the catalogue and engine benchmarks' corpus) in a local smart-HTTP remote, the app in-process
 * (buildApp + inject, PGlite): open the map in the map editor (server: read, every href resolved
 * with title, status and broken mark; client model: parse and build the tree), then a drag-and-drop
 * move of a chapter and its save (one commit by the caller, push, the catalogue reindexed before
 * the answer; a reader then sees the saved commit at once). Prints p50/p95/max;
 * asserts nothing.
 *   node --import tsx bench/map-editor/run.ts
 * BENCH_MAP_TOPICS (default 5000) and BENCH_MAP_SAVES (default 10) change the sizes. Each save's
 * phases (validate, fetch, three-way, commit-push, status, reindex, review-draft) are printed
 * from the server's CCMS_SAVE_TRACE measures, with the machine's load average. BENCH_REMOTE=process
 * runs the remote in a process of its own instead of the app's (bench/lib/git-remote-process.ts).
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { MapModel } from '../../apps/web/src/features/content/map-editor/model/map-model';
import type { MapTreeNode } from '../../apps/web/src/features/content/map-editor/model/map-tree';
import type { MapDocument, MapSaveResult } from '../../packages/contracts/src/content/map-editor';
import { startApp } from '../lib/app';
import { startBenchRemote } from '../lib/git-remote-process';

const sizeOf = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer`);
  return value;
};
const TOPICS = sizeOf('BENCH_MAP_TOPICS', 5_000);
const SAVES = sizeOf('BENCH_MAP_SAVES', 10);
const ADMIN_PASSWORD = 'bench12345';
const GEN = path.resolve(import.meta.dirname, '../../../shared/tools/ditaot-reference/gen.py');
const MAP = 'map.ditamap';

function report(label: string, times: number[], target?: number) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  const verdict = target === undefined ? '' : `  target < ${target} ms: ${at(0.5) < target ? 'meets' : 'MISSES'}`;
  console.log(
    `${label.padEnd(58)} p50 ${at(0.5).toFixed(0).padStart(6)} ms  p95 ${at(0.95).toFixed(0).padStart(6)} ms  max ${(sorted.at(-1) ?? 0).toFixed(0).padStart(6)} ms  (n=${sorted.length})${verdict}`,
  );
}

const count = (nodes: readonly MapTreeNode[]): number => nodes.reduce((n, c) => n + 1 + count(c.children), 0);

/** Per phase of the save, the times of each save (the server's `ccms.save.<phase>` measures). */
function takePhases(into: Map<string, number[]>) {
  const seen = new Map<string, number>();
  for (const m of performance.getEntriesByType('measure')) {
    if (!m.name.startsWith('ccms.save.')) continue;
    const phase = m.name.slice('ccms.save.'.length);
    seen.set(phase, (seen.get(phase) ?? 0) + m.duration);
  }
  performance.clearMeasures();
  for (const [phase, ms] of seen) into.set(phase, [...(into.get(phase) ?? []), ms]);
}

async function main() {
  process.env.CCMS_SAVE_TRACE = '1';
  console.log(
    `load average at start: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}`,
  );
  const work = await mkdtemp(path.join(tmpdir(), 'ccms-bench-map-'));
  const corpus = path.join(work, 'corpus');
  execFileSync('python3', [GEN, String(TOPICS), corpus], { stdio: 'ignore' });
  const server = await startBenchRemote();
  console.log(`git remote: ${server.where} (BENCH_REMOTE=process puts it in its own)`);
  await server.createRepo('docs', { folder: corpus });
  const app = await startApp(path.join(work, 'app'), ADMIN_PASSWORD);
  try {
    const { call } = app;
    const created = await call<{ data: { libraryId: number } }>('POST', '/ccms/library', {
      body: { name: 'bench', libraryType: 'DITA', url: server.url('docs'), defaultBranch: 'main' },
    });
    const libraryId = created.data.libraryId;
    const indexStart = performance.now();
    await call('POST', '/ccms/catalog/reindex', { query: { libraryId } });
    console.log(`catalogue index of ${TOPICS} topics (outside the figures)`.padEnd(58), `${(performance.now() - indexStart).toFixed(0).padStart(10)} ms`);

    const open = () => call<{ data: MapDocument }>('GET', '/ccms/map-editor/open', { query: { libraryId, path: MAP } }).then((r) => r.data);
    let doc = await open();
    const nodes = count(MapModel.parse(doc.content).tree());
    console.log(
      `map of ${doc.content.split('\n').length} lines, ${(doc.content.length / 1024).toFixed(0)} KiB, ${nodes} tree nodes, ${doc.refs.length} hrefs resolved`,
    );

    const serverOpens: number[] = [];
    const modelOpens: number[] = [];
    const totals: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      doc = await open();
      const t1 = performance.now();
      const model = MapModel.parse(doc.content);
      model.tree();
      model.relTables();
      const t2 = performance.now();
      serverOpens.push(t1 - t0);
      modelOpens.push(t2 - t1);
      totals.push(t2 - t0);
    }
    report('open: server (fetch, read, resolve every href)', serverOpens);
    report('open: client model (parse, tree, reltables)', modelOpens);
    report('open: total until the tree is built', totals, 2000);

    const moves: number[] = [];
    const saves: number[] = [];
    const rounds: number[] = [];
    const phases = new Map<string, number[]>();
    const caughtUp: number[] = [];
    performance.clearMeasures();
    for (let i = 0; i < SAVES; i++) {
      const t0 = performance.now();
      const model = MapModel.parse(doc.content);
      const top = model.tree();
      const last = top.at(-1 - (i % 3));
      const first = top[0];
      if (!last || !first) throw new Error('the map has no chapters');
      if (!model.moveTo([last.id], first.id, 'before')) throw new Error('the move changed nothing');
      const content = model.toXml();
      const t1 = performance.now();
      const saved = (
        await call<{ data: MapSaveResult }>('PUT', '/ccms/map-editor/save', {
          body: { libraryId, path: MAP, content, baseCommit: doc.baseCommit, baseBlob: doc.baseBlob },
        })
      ).data;
      const t2 = performance.now();
      takePhases(phases);
      if (saved.unchanged) throw new Error('a save committed nothing');
      // The save answers with the catalogue at its commit: a reader sees it at once (timed, to show it).
      const state = await call<{ data: { commit: string } }>('GET', '/ccms/catalog/state', { query: { libraryId } });
      if (state.data.commit !== saved.commit) throw new Error('the catalogue is not at the saved commit');
      caughtUp.push(performance.now() - t2);
      moves.push(t1 - t0);
      saves.push(t2 - t1);
      rounds.push(t2 - t0);
      doc = { ...doc, content: saved.content, baseCommit: saved.commit, baseBlob: saved.blob };
    }
    report('drag-and-drop move in the model (parse, move, write)', moves);
    report('save (validate, fetch, three-way, commit, push, reindex; answered)', saves);
    report('move + save', rounds, 1000);
    for (const [phase, times] of phases) report(`  save phase: ${phase}`, times);
    report('catalogue state read after the answer (already at the saved commit)', caughtUp);
    console.log(
      `load average at end: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(', ')}`,
    );
    console.log(`remote requests served ${await server.requests()}`);
  } finally {
    await app.close();
    await server.close();
    await rm(work, { recursive: true, force: true });
  }
}

await main();
