// Browser tests: builds the web app, starts the server on a free port with a fresh data
// directory, runs Playwright (Debian Chromium) against it, stops the server, and exits with
// Playwright's code after a "N passed, M failed" line.

import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const started = [];

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Starts a child in its own process group so it and its children stop together. */
function start(name, command, args, env, cwd = root) {
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const log = [];
  const keep = (chunk) => {
    log.push(chunk.toString());
    if (log.length > 200) log.shift();
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const proc = { name, child, log, exited: false };
  child.on('exit', () => {
    proc.exited = true;
  });
  started.push(proc);
  return proc;
}

function stop(proc) {
  if (proc.exited || proc.child.pid === undefined) return;
  try {
    process.kill(-proc.child.pid, 'SIGTERM');
  } catch {
    // Already gone.
  }
}

async function waitFor(url, proc, seconds) {
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    if (proc.exited) return false;
    try {
      const res = await fetch(url);
      if (res.ok) return true;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return false;
}

function fail(message, proc) {
  console.error(message);
  if (proc) console.error(proc.log.join('').slice(-4000));
  for (const p of started) stop(p);
  console.log('0 passed, 1 failed');
  process.exit(1);
}

if (!existsSync('/usr/bin/chromium')) {
  console.log('waiting for /usr/bin/chromium (being installed)...');
  const until = Date.now() + 10 * 60_000;
  while (!existsSync('/usr/bin/chromium') && Date.now() < until) await new Promise((r) => setTimeout(r, 5000));
  if (!existsSync('/usr/bin/chromium')) fail('no /usr/bin/chromium: apt-get install -y chromium fonts-noto-cjk');
}

console.log('building the web app...');
const build = spawnSync('npm', ['run', 'build', '-w', '@ccms/web'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) fail('web build failed');

/** The URL with `synchronous_commit=off` for its sessions (libpq's options parameter). */
function withoutFsyncWait(url) {
  const u = new URL(url);
  u.searchParams.set('options', `${u.searchParams.get('options') ?? ''} -c synchronous_commit=off`.trim());
  return u.toString();
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'ccms-e2e-'));
const e2eSecrets = { jwt: randomBytes(32).toString('base64url'), key: randomBytes(32).toString('base64url') };
const serverEnv = (port) => ({
  PORT: String(port),
  HOST: '127.0.0.1',
  CCMS_DATA_DIR: dataDir,
  CCMS_ADMIN_PASSWORD: 'admin123',
  CCMS_CAPTCHA: 'false',
  // With DATABASE_URL (CI) the server refuses to start without shared secrets: one random pair per run.
  CCMS_JWT_SECRET: e2eSecrets.jwt,
  CCMS_SECRET_KEY: e2eSecrets.key,
  // Every spec signs in as admin, two workers at once, and leaves its sessions: the per-user cap would end live ones.
  CCMS_SESSIONS_PER_USER: '1000',
  LOG_LEVEL: 'warn',
  // The run's throwaway database: commits need not wait for the WAL to reach the disk (same answers, no fsync wait).
  ...(process.env.DATABASE_URL ? { DATABASE_URL: withoutFsyncWait(process.env.DATABASE_URL) } : {}),
});

const apiPort = await freePort();
const apiUrl = `http://127.0.0.1:${apiPort}`;
const server = start('server', process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], serverEnv(apiPort));
const baseURL = apiUrl;
const up = await waitFor(`${apiUrl}/prod-api/captchaImage`, server, 180);

if (!up) fail('the server did not start', server);
const page = await fetch(`${baseURL}/login`).then((r) => r.text());
if (!page.includes('<div id="root">')) fail(`${baseURL}/login does not serve the web app: ${page.slice(0, 200)}`, server);
console.log(`server on ${apiUrl}, web app on ${baseURL}, data in ${dataDir}`);

const report = path.join(dataDir, 'playwright.json');
// Each run keeps its failure screenshots apart (other runs may share the checkout).
const output = path.join('test-results', `e2e-${new Date().toISOString().replace(/[:.]/g, '-')}`);
const run = spawnSync('npx', ['playwright', 'test', '--reporter=list,json', `--output=${output}`, ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, E2E_BASE_URL: baseURL, PLAYWRIGHT_JSON_OUTPUT_NAME: report },
});

for (const p of started) stop(p);
let passed = 0;
let flaky = 0;
let failed = run.status === 0 ? 0 : 1;
try {
  const stats = JSON.parse(readFileSync(report, 'utf8')).stats;
  passed = stats.expected + stats.flaky;
  flaky = stats.flaky;
  failed = stats.unexpected;
} catch {
  // No report: Playwright itself failed; the exit code tells.
}
// scripts/test-all.mjs counts the tests and checks each spec file's time from the report.
if (process.env.CCMS_TEST_REPORTS && existsSync(report)) copyFileSync(report, path.join(process.env.CCMS_TEST_REPORTS, 'e2e.json'));
rmSync(dataDir, { recursive: true, force: true });
if (failed === 0 && flaky === 0) rmSync(path.join(root, output), { recursive: true, force: true });
else console.log(`failure screenshots and context: ${output}`);
console.log(`${passed} passed${flaky > 0 ? ` (${flaky} only on the retry: flaky, screenshots kept in ${output})` : ''}, ${failed} failed`);
process.exit(run.status ?? 1);
