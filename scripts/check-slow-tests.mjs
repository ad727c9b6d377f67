// Fails when a test file took longer than the limit and is not on scripts/slow-tests.json with its
// reason. Reads the JSON reports that scripts/test-all.mjs has the runners write: vitest's per file;
// Playwright's per test ("e2e/<file> › <title>", its last try), since Playwright runs the tests of
// one file on both workers at once and a file's time is no wait anyone sees.
// Usage: node scripts/check-slow-tests.mjs DIR
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const LIMIT_SECONDS = 60;
const root = path.resolve(import.meta.dirname, '..');

/** Seconds per test file (vitest) or browser test (Playwright), from one JSON report. */
export function fileSeconds(report) {
  const out = new Map();
  const add = (file, ms) => out.set(file, (out.get(file) ?? 0) + ms / 1000);
  if (Array.isArray(report.testResults)) {
    for (const r of report.testResults) add(path.relative(root, r.name), (r.endTime ?? r.startTime) - r.startTime);
  }
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        const last = t.results?.at(-1);
        if (last) add(`e2e/${spec.file ?? suite.file} › ${[...titles, spec.title].join(' › ')}`, last.duration ?? 0);
      }
    }
    for (const s of suite.suites ?? []) walk({ ...s, file: s.file ?? suite.file }, [...titles, s.title]);
  };
  for (const s of report.suites ?? []) walk(s, []);
  return out;
}

/** Files over the limit that the list does not name, as "file: N s". */
export function unlistedSlow(seconds, listed, limit = LIMIT_SECONDS) {
  return [...seconds].filter(([file, s]) => s > limit && listed[file] === undefined).map(([file, s]) => `${file}: ${Math.round(s)} s`);
}

if (process.argv[1] === import.meta.filename) {
  const dir = process.argv[2];
  if (!dir || !existsSync(dir)) {
    console.error("usage: node scripts/check-slow-tests.mjs DIR (with the runners' JSON reports)");
    process.exit(2);
  }
  const listed = JSON.parse(readFileSync(path.join(root, 'scripts/slow-tests.json'), 'utf8'));
  const seconds = new Map();
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.json'))) {
    // A file run in two passes (PostgreSQL, then PGlite: apps/server/test/database-passes.ts) is two
    // runs of it, each a wait of its own: its slower run is what is held to the limit.
    for (const [file, s] of fileSeconds(JSON.parse(readFileSync(path.join(dir, name), 'utf8')))) seconds.set(file, Math.max(seconds.get(file) ?? 0, s));
  }
  const slow = unlistedSlow(seconds, listed);
  const top = [...seconds].sort((a, b) => b[1] - a[1]).slice(0, 8);
  console.log(`slowest test files: ${top.map(([f, s]) => `${f} ${s.toFixed(1)} s`).join(', ')}`);
  if (slow.length > 0) {
    console.error(`test files over ${LIMIT_SECONDS} s that scripts/slow-tests.json does not list with a reason:\n  ${slow.join('\n  ')}`);
    process.exit(1);
  }
}
