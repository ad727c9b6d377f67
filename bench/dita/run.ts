/**
 * DITA engine benchmark: the DITA-OT docs corpus and generated corpora of 1,000 and 5,000 topics,
 * published to HTML5 (wall time, CPU, peak memory, pages/s), a one-topic incremental rebuild, and
 * Debian's DITA-OT 1.5.3 on the same generated corpus when it is installed.
 *
 *   node --import tsx bench/dita/run.ts [--sizes 1000,5000] [--ditaot-sizes 1000] [--no-ditaot]
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { corpusPath } from '../../test-support/corpus';

const here = path.dirname(fileURLToPath(import.meta.url));
const CORPUS = corpusPath();
const TOOLS = path.resolve(here, '../../../shared/tools/ditaot-reference');
const { values } = parseArgs({ options: { sizes: { type: 'string' }, 'ditaot-sizes': { type: 'string' }, 'no-ditaot': { type: 'boolean' } } });
const sizes = (values.sizes ?? '1000,5000')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const ditaotSizes = (values['ditaot-sizes'] ?? '1000')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const work = mkdtempSync(path.join(tmpdir(), 'ccms-dita-bench-'));

interface Run {
  wallMs: number;
  cpuMs: number;
  pages: number;
  problems: number;
  maxRssMB: number;
  maxRssWithRebuildsMB?: number;
  incrementalMs?: number;
  incrementalBestMs?: number;
  rebuiltPages?: number;
}

function publishOnce(root: string, map: string, out: string, touch?: string): Run {
  const args = ['--import', 'tsx', path.join(here, 'publish-once.ts'), root, map, out, ...(touch !== undefined ? [touch] : [])];
  const r = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 1 << 26 });
  if (r.status !== 0) throw new Error(`publish failed: ${r.stderr}`);
  const line = r.stdout.trim().split('\n').pop() ?? '{}';
  return JSON.parse(line) as Run;
}

function fmt(run: Run): string {
  const s = run.wallMs / 1000;
  return `${s.toFixed(2)} s wall, ${(run.cpuMs / 1000).toFixed(2)} s CPU, ${run.pages} pages, ${(run.pages / s).toFixed(0)} pages/s, peak ${run.maxRssMB.toFixed(0)} MB${
    run.incrementalMs !== undefined
      ? `; one-topic rebuild ${run.incrementalMs.toFixed(0)} ms median (best ${run.incrementalBestMs?.toFixed(0)} ms, ${run.rebuiltPages} page(s) rewritten)`
      : ''
  }`;
}

const ditaotScript = path.join(TOOLS, 'run-ditaot.sh');
const ditaotInstalled = existsSync('/usr/share/dita-ot/build.xml') && existsSync('/usr/share/java/saxon.jar') && spawnSync('which', ['ant']).status === 0;

console.log(`DITA engine benchmark — ${cpus().length} CPU(s), load average ${loadavg()[0]?.toFixed(1)} (other work on the machine inflates wall times)`);
try {
  if (existsSync(path.join(CORPUS, 'userguide.ditamap'))) {
    const src = path.join(work, 'dita-ot-docs');
    cpSync(CORPUS, src, { recursive: true });
    const run = publishOnce(src, 'userguide.ditamap', path.join(work, 'out-docs'), 'topics/using-dita-command.dita');
    console.log(`dita-ot-docs userguide.ditamap -> HTML5: ${fmt(run)}; ${run.problems} problem(s) reported (target < 3 s)`);
  } else console.log(`dita-ot-docs corpus not found at ${CORPUS}: skipped`);

  for (const n of sizes) {
    const src = path.join(work, `gen-${n}`);
    execFileSync('python3', [path.join(TOOLS, 'gen.py'), String(n), src], { stdio: 'ignore' });
    const run = publishOnce(src, 'map.ditamap', path.join(work, `out-${n}`), n > 100 ? 'topics/concepts/c00100.dita' : 'topics/concepts/c00000.dita');
    const target = n === 5000 ? ' (target < 15 s, < 1 GB; rebuild < 300 ms)' : '';
    console.log(`generated ${n} topics -> HTML5: ${fmt(run)}${target}`);
    if (values['no-ditaot'] === true || !ditaotSizes.includes(n)) continue;
    if (!ditaotInstalled) {
      console.log(`DITA-OT: not installed (needs apt-get install dita-ot ant libsaxon-java), so no side-by-side run for ${n} topics`);
      continue;
    }
    const t = performance.now();
    const r = spawnSync(ditaotScript, [path.join(src, 'map.ditamap'), path.join(work, `ditaot-${n}`)], {
      encoding: 'utf8',
      env: { ...process.env, DITAOT_LOG: path.join(work, `ditaot-${n}.log`) },
    });
    const ms = performance.now() - t;
    if (r.status !== 0) console.log(`DITA-OT 1.5.3 on ${n} topics failed (exit ${r.status}): ${r.stderr.trim().split('\n').slice(-3).join(' | ')}`);
    else
      console.log(
        `DITA-OT 1.5.3 (xhtml) on the same ${n} topics: ${(ms / 1000).toFixed(1)} s wall -> ccms-dita is ${(ms / run.wallMs).toFixed(1)}x faster (target >= 10x)`,
      );
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
