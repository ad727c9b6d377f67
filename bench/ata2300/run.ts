/**
 * ATA Spec 2300 (issue 32): the product's CX100 test set, and a generated set of N copies of its
 * modules under new codes with a PM listing them all, indexed (every file described, content and
 * status paired, catalogue rows with links) and published for an aircraft as HTML5 and as PDF.
 * Median and p95 of the runs after a first one; no figure when the rows or pages are not what the
 * set holds. Target: publish of the set < 2 s. `--copies N` (default 100: 1,100 modules), `--runs`.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ata2300Rows } from '../../apps/server/src/modules/content/catalog/ata2300-rows';
import { publishAta2300 } from '../../packages/ata2300/src/publish';

const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const COPIES = arg('copies', 100);
const RUNS = arg('runs', 5);
const SET = path.join(import.meta.dirname, '../../packages/ata2300/test/fcom-set');
const PM = 'PMC-CX100-CCMS1-00021-01_EN-US.XML';

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { median: s[Math.floor(s.length / 2)] ?? 0, p95: s[Math.min(s.length - 1, Math.ceil(s.length * 0.95) - 1)] ?? 0 };
};
async function timed(label: string, runs: number, fn: () => Promise<void> | void) {
  const times: number[] = [];
  for (let r = 0; r <= runs; r++) {
    const t0 = performance.now();
    await fn();
    if (r > 0) times.push(performance.now() - t0);
  }
  const { median, p95 } = stats(times);
  console.log(`${label}: median ${median.toFixed(0)} ms, p95 ${p95.toFixed(0)} ms`);
  return median;
}

/** The set's files; with copies, every data module and its status again under system codes 22, 23, ... and a PM listing all. */
async function setFiles(copies: number): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  const names = (await readdir(SET)).filter((n) => n.endsWith('.XML'));
  for (const n of names) out.set(n, await readFile(path.join(SET, n)));
  if (copies === 0) return out;
  const modules = names.filter((n) => /^DM[CS]-CX100-A-21-/.test(n));
  let refs = '';
  for (let c = 1; c <= copies; c++) {
    const sys = `X${String(c).padStart(2, '0')}`.slice(-3);
    for (const n of modules) {
      const text = (out.get(n)?.toString('utf8') ?? '').replaceAll('systemCode="21"', `systemCode="${sys}"`);
      out.set(n.replace('-A-21-', `-A-${sys}-`), Buffer.from(text));
      if (n.startsWith('DMC-')) {
        const dmCode = /<dmCode [^>]*\/>/.exec(text)?.[0] ?? '';
        refs += `        <dmRef><dmRefIdent>${dmCode}</dmRefIdent></dmRef>\n`;
      }
    }
  }
  const pm = out.get(PM)?.toString('utf8') ?? '';
  out.set(
    PM,
    Buffer.from(
      pm.replace('  </content>', `    <pmEntry><title>Copies</title><dmRefGroup><title>All</title>\n${refs}      </dmRefGroup></pmEntry>\n  </content>`),
    ),
  );
  return out;
}

for (const copies of [0, COPIES]) {
  const files = await setFiles(copies);
  const dmCount = [...files.keys()].filter((n) => n.startsWith('DMC-')).length;
  console.log(`\n== ${copies === 0 ? 'CX100 test set' : `${copies} copies`}: ${files.size} files, ${dmCount} data modules`);
  const entries = new Map([...files].map(([p, b], i) => [p, { oid: String(i), size: b.length }]));
  let topics = 0;
  await timed('index (describe, pair, rows, links)', RUNS, () => {
    topics = ata2300Rows(entries, (p) => files.get(p)).topics.length;
  });
  if (topics !== dmCount) {
    console.log(`rows: ${topics} topics for ${dmCount} modules; no figure`);
    process.exit(1);
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'ccms-bench-ata-'));
  for (const [p, b] of files) await writeFile(path.join(dir, p), b);
  const out = path.join(dir, 'out');
  let modules = 0;
  await timed('publish HTML5 for MSN 0205', RUNS, async () => {
    await rm(out, { recursive: true, force: true });
    modules = (await publishAta2300({ dir, pm: PM, out, format: 'html5', selection: { product: '0205' } })).modules.length;
  });
  const expected = dmCount - 2 - Math.max(copies, 0) - 1; // ACT, PCT and the CX100-100 MEL items (one per copy) are not pages
  if (modules !== expected) {
    console.log(`pages: ${modules}, expected ${expected}; no figure`);
    process.exit(1);
  }
  await timed('publish PDF for MSN 0205', Math.min(RUNS, 2), async () => {
    await rm(out, { recursive: true, force: true });
    await publishAta2300({ dir, pm: PM, out, format: 'pdf', selection: { product: '0205' } });
  });
  await rm(dir, { recursive: true, force: true });
}
