// `npm test`: lint, types, unit and API tests (on PostgreSQL when DATABASE_URL is set), the PGlite
// pass, browser tests, then the slow-file check. Stops at the first phase that fails. Prints each
// phase's time at the end and the tests counted by the runners' JSON reports.
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

const times = [];
let failed = null;
const started = Date.now();
for (const [name, command, args] of PHASES) {
  const t0 = Date.now();
  console.log(`\n=== ${name} ===`);
  const run = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  times.push([name, (Date.now() - t0) / 1000, run.status === 0]);
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
for (const [name, seconds, ok] of times) console.log(`  ${name.padEnd(12)} ${`${seconds.toFixed(0)} s`.padStart(7)}${ok ? '' : '  FAILED'}`);
console.log(`  ${'total'.padEnd(12)} ${`${((Date.now() - started) / 1000).toFixed(0)} s`.padStart(7)}`);
const c = counts();
rmSync(reports, { recursive: true, force: true });
if (failed) console.log(`npm test: the ${failed} phase failed`);
console.log(`${c.passed} passed, ${Math.max(c.failures, failed ? 1 : 0)} failed${c.skipped ? `, ${c.skipped} skipped` : ''}`);
process.exit(failed ? 1 : 0);
