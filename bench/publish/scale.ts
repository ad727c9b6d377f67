/**
 * Publishing at scale, through the product's publish path (API → work queue → checkout →
 * engine process → output kept as hard links), app in-process on PGlite, library on a local smart-HTTP remote:
 *
 * - a generated 5,000-topic corpus (shared/tools/ditaot-reference/gen.py): request to output ready,
 *   then a one-topic change re-published (incremental), with the peak memory of the server plus
 *   its engine process;
 * - 10 publications queued at once (the dita-ot-docs user guide by default, `--queued gen` for the
 *   generated corpus): time to all done, throughput, each output's wait and build time, peak memory;
 * - where a publish's time goes besides the engine: the fetch before every output, the full
 *   checkout (git archive | tar) and keeping the output folder (hard links; a byte copy for
 *   comparison), and each publish's phases as the publish runner times them.
 *
 * Prints figures and ratios against the targets (5,000 topics < 20 s, re-publish < 1 s,
 * 10 queued < 2 GB peak); never asserts.
 *
 *   node --import tsx bench/publish/scale.ts [--topics 5000] [--queued corpus|gen] [--count 10] [--only gen|queued]
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { checkout } from '../../apps/server/src/modules/publish/engine/prepare';
import { linkTree } from '../../apps/server/src/modules/publish/output/link-tree';
import { onPublishPhases } from '../../apps/server/src/modules/publish/output/publish-phases';
import { GitRepo } from '../../apps/server/src/platform/git/git-repo';
import { startGitServer } from '../../apps/server/test/git-http-server';
import { startApp } from '../lib/app';

const CORPUS = path.resolve(import.meta.dirname, '../../../shared/corpora/dita-ot-docs');
const GEN = path.resolve(import.meta.dirname, '../../../shared/tools/ditaot-reference/gen.py');
const { values } = parseArgs({ options: { topics: { type: 'string' }, queued: { type: 'string' }, count: { type: 'string' }, only: { type: 'string' } } });
/** `--only gen` or `--only queued` runs one part. */
const only = values.only;
const topics = Number(values.topics ?? 5000);
const queuedCorpus = values.queued === 'gen' ? 'gen' : 'corpus';
const count = Number(values.count ?? 10);

interface Output {
  outputId: number;
  status: string;
  incremental: boolean;
  durationMs: number;
  pages: number;
  size: number;
  startTime: string | null;
  endTime: string | null;
  createTime: string;
}

/** Resident memory (MB) of this process and every process under it (the engine process, git). */
function treeRssMB(): number {
  const children = new Map<number, number[]>();
  const rss = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const pid = Number(name);
      const ppid = Number(fields[1]);
      rss.set(pid, (Number(fields[21]) * 4096) / 1024 / 1024);
      children.set(ppid, [...(children.get(ppid) ?? []), pid]);
    } catch {
      // the process ended meanwhile
    }
  }
  let total = 0;
  const stack = [process.pid];
  while (stack.length > 0) {
    const pid = stack.pop() as number;
    total += rss.get(pid) ?? 0;
    stack.push(...(children.get(pid) ?? []));
  }
  return total;
}

/** Samples the tree's memory every 100 ms until stopped; answers the peak. */
function peakSampler() {
  let peak = treeRssMB();
  const timer = setInterval(() => {
    peak = Math.max(peak, treeRssMB());
  }, 100);
  return () => {
    clearInterval(timer);
    return Math.max(peak, treeRssMB());
  };
}

const verdict = (ok: boolean) => (ok ? 'meets' : 'MISSES');
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

const work = await mkdtemp(path.join(tmpdir(), 'ccms-publish-scale-'));
const dataDir = path.join(work, 'data');
const remote = await startGitServer();
const app = await startApp(dataDir, 'bench-admin-pw');

async function library(name: string, folder: string, map: string, filterValue: string) {
  await remote.createRepo(name, { folder });
  const { data } = await app.call<{ data: { libraryId: number } }>('POST', '/ccms/library', {
    body: { name, displayText: name, libraryType: 'DITA', url: remote.url(name), defaultBranch: 'main' },
  });
  const libraryId = data.libraryId;
  await app.call('POST', '/ccms/library/filter', {
    body: { libraryId, group: 'main', name: 'audience', type: 'exclude', value: filterValue, product: 'bench' },
  });
  await app.call('POST', '/ccms/library/publishConfig', { body: { libraryId, configName: 'web', format: 'html5', lang: 'en', publishPath: 'preview' } });
  const configs = await app.call<{ data: { configId: number }[] }>('GET', '/ccms/library/publishConfig/list', { query: { libraryId } });
  const configId = configs.data[0]?.configId ?? 0;
  const publication = async (pubName: string) =>
    (
      await app.call<{ data: { publicationId: number } }>('POST', '/ccms/publication', {
        body: { libraryId, name: pubName, branch: 'main', ditaMap: map, ditaVal: 'main' },
      })
    ).data.publicationId;
  return { libraryId, configId, publication };
}

async function queue(publicationId: number, configId: number): Promise<number> {
  const { data } = await app.call<{ data: Output[] }>('POST', '/ccms/output/publish', { body: { publicationId, configIds: [configId] } });
  return data[0]?.outputId ?? 0;
}

/** Polls the output until it ended; `everyMs` larger when many wait at once (the database is in this process). */
async function ready(outputId: number, everyMs = 20): Promise<Output> {
  for (;;) {
    const { data } = await app.call<{ data: Output }>('GET', `/ccms/output/${outputId}`);
    if (data.status !== 'notStarted' && data.status !== 'running') return data;
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** Milliseconds per phase of each publish job, as the publish runner reports them (the app runs in this process). */
const phasesOf = new Map<number, Record<string, number>>();
onPublishPhases((outputId, phases) => phasesOf.set(outputId, phases));
const phaseText = (outputId: number) =>
  Object.entries(phasesOf.get(outputId) ?? {})
    .map(([k, v]) => `${k} ${v} ms`)
    .join(', ');

async function publishOnce(publicationId: number, configId: number) {
  const t0 = performance.now();
  const output = await ready(await queue(publicationId, configId));
  return { ms: performance.now() - t0, output };
}

console.log(`machine: ${cpus().length} cores, load ${loadavg()[0]?.toFixed(2)} (other work on the machine inflates wall times)`);
try {
  await app.call('POST', '/ccms/product', { body: { productName: 'bench', displayName: 'Bench' } });
  // 1. The generated corpus, published from the API, then a one-topic change.
  const genDir = path.join(work, `gen-${topics}`);
  const genLib = async () => {
    execFileSync('python3', [GEN, String(topics), genDir], { stdio: 'ignore' });
    return library('gen', genDir, 'map.ditamap', 'nobody');
  };
  let gen: Awaited<ReturnType<typeof library>> | null = null;
  if (only !== 'queued') {
    const g = await genLib();
    gen = g;
    const genPub = await g.publication('Generated');
    let stop = peakSampler();
    const full = await publishOnce(genPub, g.configId);
    let peak = stop();
    console.log(
      `generated ${topics} topics publish: ${s(full.ms)} request to ready (job ${s(full.output.durationMs)}, ${full.output.pages} pages, ${(full.output.size / 1024 / 1024).toFixed(1)} MB, ${full.output.status}); peak server + engine ${peak.toFixed(0)} MB — target < 20 s: ${verdict(full.ms < 20_000)}`,
    );
    console.log(`  phases: ${phaseText(full.output.outputId)}`);
    const edited = 'topics/concepts/c00100.dita';
    const original = await readFile(path.join(genDir, edited), 'utf8');
    // A change to the body text: a title change would alter the navigation of every page.
    await remote.commit('gen', 'main', { [edited]: original.replace('<p>', '<p>Edited for the bench. ') }, 'One topic');
    stop = peakSampler();
    const again = await publishOnce(genPub, g.configId);
    peak = stop();
    console.log(
      `generated ${topics} topics one-topic re-publish: ${s(again.ms)} request to ready (job ${s(again.output.durationMs)}, incremental ${again.output.incremental}); ${(full.ms / again.ms).toFixed(1)}x faster than the full publish; peak ${peak.toFixed(0)} MB — target < 1 s: ${verdict(again.ms < 1000)}`,
    );
    console.log(`  phases: ${phaseText(again.output.outputId)}`);

    // Where the time goes besides the engine (each publish fetches its branch first; a non-incremental one checks out everything and links its output).
    const repo = new GitRepo(path.join(dataDir, 'git', String(g.libraryId)));
    let t = performance.now();
    await app.call('POST', `/ccms/library/${g.libraryId}/fetch`);
    const libraryFetchMs = performance.now() - t;
    t = performance.now();
    await repo.fetchBranch(remote.url('gen'), 'main', null);
    const fetchMs = performance.now() - t;
    t = performance.now();
    const head = (await repo.resolve('main')) ?? 'main';
    await checkout(repo, head, path.join(work, 'checkout'));
    const checkoutMs = performance.now() - t;
    t = performance.now();
    await cp(path.join(dataDir, 'publish', 'outputs', String(again.output.outputId)), path.join(work, 'copy'), { recursive: true });
    const copyMs = performance.now() - t;
    t = performance.now();
    await linkTree(path.join(dataDir, 'publish', 'outputs', String(again.output.outputId)), path.join(work, 'links'));
    const linkMs = performance.now() - t;
    console.log(
      `per-output overhead on ${topics} topics: branch fetch ${fetchMs.toFixed(0)} ms (every publish; the whole library's fetch ${libraryFetchMs.toFixed(0)} ms), full checkout ${checkoutMs.toFixed(0)} ms (first build of a publication), output kept as hard links ${linkMs.toFixed(0)} ms (every publish) where a byte copy takes ${copyMs.toFixed(0)} ms (${(copyMs / linkMs).toFixed(1)}x) — fetch + checkout + links ${(((fetchMs + checkoutMs + linkMs) / full.output.durationMs) * 100).toFixed(0)}% of the full job, links alone ${((linkMs / again.output.durationMs) * 100).toFixed(0)}% of the re-publish job`,
    );
  }

  // 2. Ten publications queued at once.
  if (only !== 'gen') {
    const q =
      queuedCorpus === 'corpus' && existsSync(path.join(CORPUS, 'userguide.ditamap'))
        ? { lib: await library('guide', CORPUS, 'userguide.ditamap', 'novice'), label: 'dita-ot-docs user guide' }
        : { lib: gen ?? (await genLib()), label: `generated ${topics}-topic corpus` };
    const pubs: number[] = [];
    for (let i = 1; i <= count; i++) pubs.push(await q.lib.publication(`Queued ${i}`));
    const stopQueued = peakSampler();
    const t0 = performance.now();
    const ids = await Promise.all(pubs.map((p) => queue(p, q.lib.configId)));
    const queuedMs = performance.now() - t0;
    const outputs = await Promise.all(
      ids.map(async (id, i) => {
        const o = await ready(id, 500);
        console.log(`  output ${i + 1}/${count} ${o.status} after ${s(performance.now() - t0)} (build ${s(o.durationMs)})`);
        return o;
      }),
    );
    const allMs = performance.now() - t0;
    const peakQueued = stopQueued();
    const ok = outputs.filter((o) => o.status === 'success').length;
    const builds = outputs.map((o) => o.durationMs);
    const waits = outputs.map((o) => (o.startTime ? new Date(o.startTime).getTime() - new Date(o.createTime).getTime() : 0));
    const sumBuild = builds.reduce((a, b) => a + b, 0);
    console.log(
      `${count} publications of the ${q.label} queued at once: queued in ${queuedMs.toFixed(0)} ms, all done in ${s(allMs)} (${ok}/${count} success), ${((count / allMs) * 60_000).toFixed(1)} outputs/min; build ${s(Math.min(...builds))}–${s(Math.max(...builds))} each (sum ${s(sumBuild)}, ${((sumBuild / allMs) * 100).toFixed(0)}% of the wall time: one build at a time per node), longest wait in queue ${s(Math.max(...waits))}; peak server + engine ${peakQueued.toFixed(0)} MB — target < 2 GB: ${verdict(peakQueued < 2048)}`,
    );
  }
} finally {
  await app.close();
  await remote.close();
  await rm(work, { recursive: true, force: true });
}
