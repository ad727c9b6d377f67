// `npm test`: lint, types, unit and API tests (on PostgreSQL when DATABASE_URL is set), the PGlite
// pass, browser tests, then the slow-file check. Stops at the first phase that fails. Prints each
// phase's time and how busy the cores were at the end, and the tests counted by the runners' JSON reports.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const reports = mkdtempSync(path.join(tmpdir(), 'ccms-test-reports-'));
const env = { ...process.env, CCMS_TEST_REPORTS: reports };

const PHASES = [
  ['lint', 'npm', ['run', 'lint']],
  ['types', 'npm', ['run', 'typecheck']],
  ['unit + API', 'node', ['scripts/test-unit.mjs']],
  ['PGlite pass', 'node', ['scripts/test-pglite.mjs']],
  ['browser', 'node', ['scripts/test-e2e.mjs']],
  ['slow files', 'node', ['scripts/check-slow-tests.mjs', reports]],
];

/** Busy and total CPU time of the machine so far (Linux /proc/stat; null elsewhere). */
function cpuTicks() {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
    const total = fields.reduce((a, b) => a + b, 0);
    return { busy: total - idle, total };
  } catch {
    return null;
  }
}

const times = [];
let failed = null;
const started = Date.now();
for (const [name, command, args] of PHASES) {
  const t0 = Date.now();
  const c0 = cpuTicks();
  console.log(`\n=== ${name} ===`);
  const run = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  const c1 = cpuTicks();
  // How busy the machine's cores were during the phase: what room there is to run more at once.
  const busy = c0 && c1 && c1.total > c0.total ? (100 * (c1.busy - c0.busy)) / (c1.total - c0.total) : null;
  times.push([name, (Date.now() - t0) / 1000, run.status === 0, busy]);
  if (run.status !== 0) {
    failed = name;
    break;
  }
}

/** Tests counted in the runners' reports: vitest's and Playwright's JSON. */
function counts() {
  let passed = 0;
  let failures = 0;
  let skipped = 0;
  if (!existsSync(reports)) return { passed, failures, skipped };
  for (const name of readdirSync(reports).filter((n) => n.endsWith('.json'))) {
    const r = JSON.parse(readFileSync(path.join(reports, name), 'utf8'));
    if (r.numTotalTests !== undefined) {
      passed += r.numPassedTests;
      failures += r.numFailedTests;
      skipped += r.numPendingTests + (r.numTodoTests ?? 0);
    } else if (r.stats) {
      passed += r.stats.expected + r.stats.flaky;
      failures += r.stats.unexpected;
      skipped += r.stats.skipped;
    }
  }
  return { passed, failures, skipped };
}

console.log('\nphase times:');
for (const [name, seconds, ok, busy] of times) {
  const cpu = busy === null ? '' : `   cpu ${`${busy.toFixed(0)}%`.padStart(4)} busy`;
  console.log(`  ${name.padEnd(12)} ${`${seconds.toFixed(0)} s`.padStart(7)}${cpu}${ok ? '' : '  FAILED'}`);
}
console.log(`  ${'total'.padEnd(12)} ${`${((Date.now() - started) / 1000).toFixed(0)} s`.padStart(7)}`);
const c = counts();
rmSync(reports, { recursive: true, force: true });
if (failed) console.log(`npm test: the ${failed} phase failed`);
console.log(`${c.passed} passed, ${Math.max(c.failures, failed ? 1 : 0)} failed${c.skipped ? `, ${c.skipped} skipped` : ''}`);
process.exit(failed ? 1 : 0);
