/**
 * Publishing benchmark: the DITA-OT user guide published through the API (request to output
 * ready: queue, checkout, filter group, engine in its own process, output kept as hard links), then a
 * one-topic change re-published (incremental build), then the same again with no change.
 * The library's first catalogue index is waited for before the first publish, outside the figures.
 * Prints milliseconds, each publish's phases, and the targets (corpus < 5 s, re-publish < 1 s);
 * never asserts.
 *
 *   node --import tsx bench/publish/run.ts [--rounds 3]
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { onPublishPhases } from '../../apps/server/src/modules/publish/output/publish-phases';
import { GitRepo } from '../../apps/server/src/platform/git/git-repo';
import { startGitServer } from '../../apps/server/test/git-http-server';
import { corpusPath } from '../../test-support/corpus';
import { startApp } from '../lib/app';

const CORPUS = corpusPath();
const { values } = parseArgs({ options: { rounds: { type: 'string' } } });
const rounds = Number(values.rounds ?? 3);
const TOPIC = 'topics/using-dita-command.dita';

interface Output {
  outputId: number;
  status: string;
  incremental: boolean;
  durationMs: number;
  pages: number;
  size: number;
  message: string;
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'ccms-publish-bench-'));
const remote = await startGitServer();
const app = await startApp(dataDir, 'bench-admin-pw');
try {
  await remote.createRepo('guide', { folder: CORPUS });
  const { data: library } = await app.call<{ data: { libraryId: number } }>('POST', '/ccms/library', {
    body: { name: 'guide', displayText: 'Guide', libraryType: 'DITA', url: remote.url('guide'), defaultBranch: 'main' },
  });
  const libraryId = library.libraryId;
  await app.call('POST', '/ccms/product', { body: { productName: 'bench', displayName: 'Bench' } });
  await app.call('POST', '/ccms/library/filter', {
    body: { libraryId, group: 'experts', name: 'audience', type: 'exclude', value: 'novice', product: 'bench' },
  });
  await app.call('POST', '/ccms/library/publishConfig', { body: { libraryId, configName: 'web', format: 'html5', lang: 'en', publishPath: 'preview' } });
  const configs = await app.call<{ rows?: { configId: number }[]; data?: { configId: number }[] }>('GET', '/ccms/library/publishConfig/list', {
    query: { libraryId },
  });
  const configId = (configs.rows ?? configs.data ?? [])[0]?.configId ?? 0;
  const { data: publication } = await app.call<{ data: { publicationId: number } }>('POST', '/ccms/publication', {
    body: { libraryId, name: 'User guide', branch: 'main', ditaMap: 'userguide.ditamap', ditaVal: 'experts' },
  });
  // The catalogue's first full index of a new library, outside the figures (a library is published
  // long after it was added; the index holds the in-process database and the event loop meanwhile).
  const indexStarted = performance.now();
  await app.call('GET', '/ccms/topic/list', { query: { libraryId } });
  const indexMs = performance.now() - indexStarted;

  /** Milliseconds per phase of each publish job, as the publish runner reports them (the app runs in this process). */
  const phasesOf = new Map<number, Record<string, number>>();
  onPublishPhases((outputId, phases) => phasesOf.set(outputId, phases));
  const phaseText = (outputId: number) =>
    Object.entries(phasesOf.get(outputId) ?? {})
      .map(([k, v]) => `${k} ${v} ms`)
      .join(', ');

  /** Request to output ready, as a client polling the output would see it. */
  async function publishOnce(): Promise<{ ms: number; output: Output }> {
    const t0 = performance.now();
    const { data } = await app.call<{ data: Output[] }>('POST', '/ccms/output/publish', {
      body: { publicationId: publication.publicationId, configIds: [configId] },
    });
    const outputId = data[0]?.outputId ?? 0;
    for (;;) {
      const { data: output } = await app.call<{ data: Output }>('GET', `/ccms/output/${outputId}`);
      if (output.status !== 'notStarted' && output.status !== 'running') return { ms: performance.now() - t0, output };
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  console.log(`machine: ${cpus().length} cores, load ${loadavg()[0]?.toFixed(2)}`);
  console.log(`library's first index (outside the figures): ${indexMs.toFixed(0)} ms`);
  const full = await publishOnce();
  console.log(
    `corpus publish (user guide, ${full.output.pages} pages, ${(full.output.size / 1024 / 1024).toFixed(1)} MB): ${full.ms.toFixed(0)} ms request to ready (job ${full.output.durationMs} ms, ${full.output.status}), target < 5000 ms: ${full.ms < 5000 ? 'meets' : 'MISSES'}`,
  );
  console.log(`  phases: ${phaseText(full.output.outputId)}${full.output.message ? `; message: ${full.output.message}` : ''}`);
  const original = (await readFile(path.join(CORPUS, TOPIC), 'utf8')).toString();
  for (let i = 1; i <= rounds; i++) {
    await remote.commit('guide', 'main', { [TOPIC]: original.replace('Publishing with the', `Publishing (round ${i}) with the`) }, `Edit round ${i}`);
    const again = await publishOnce();
    console.log(
      `one-topic re-publish #${i}: ${again.ms.toFixed(0)} ms request to ready (job ${again.output.durationMs} ms, incremental ${again.output.incremental}), target < 1000 ms: ${again.ms < 1000 ? 'meets' : 'MISSES'}`,
    );
    console.log(`  phases: ${phaseText(again.output.outputId)}`);
  }
  const same = await publishOnce();
  console.log(`re-publish with no change: ${same.ms.toFixed(0)} ms (incremental ${same.output.incremental})`);
  console.log(`  phases: ${phaseText(same.output.outputId)}`);

  // Same run, alternating (the machine's load moves too much between runs): a whole-library fetch
  // as POST /fetch does it (lock, URL check, every branch, the fetch time written), which each
  // publish paid before, against the fetch of the published branch alone a publish makes now.
  const clone = new GitRepo(path.join(dataDir, 'git', String(libraryId)));
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  for (const moved of [false, true]) {
    const whole: number[] = [];
    const branch: number[] = [];
    for (let i = 0; i < 5; i++) {
      if (moved) await remote.commit('guide', 'main', { [`bench/${i}-a.txt`]: 'a' }, 'Pushed from outside');
      let t = performance.now();
      await app.call('POST', `/ccms/library/${libraryId}/fetch`);
      whole.push(performance.now() - t);
      if (moved) await remote.commit('guide', 'main', { [`bench/${i}-b.txt`]: 'b' }, 'Pushed from outside');
      t = performance.now();
      await clone.fetchBranch(remote.url('guide'), 'main', null);
      branch.push(performance.now() - t);
    }
    console.log(
      `sync before a publish, ${moved ? 'after an outside push' : 'branch unchanged'}, median of 5: library fetch ${median(whole).toFixed(0)} ms, branch fetch ${median(branch).toFixed(0)} ms (${(median(whole) / median(branch)).toFixed(2)}x)`,
    );
  }
} finally {
  await app.close();
  await remote.close();
  await rm(dataDir, { recursive: true, force: true });
}
