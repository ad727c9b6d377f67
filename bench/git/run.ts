/**
 * Git library benchmark: clone a generated 5,000-file repository over smart HTTP, browse it
 * without any index (folder tree, root listing with last commits), list a folder of 2,000
 * files, and read 1,000 files at one commit; then the same browsing through the app's HTTP API
 * (buildApp + inject on PGlite): the folder tree, the 2,000-file folder page by page, a file.
 * Prints the time of each step.
 *   node --import tsx bench/git/run.ts
 * Smaller sizes for a quick run: BENCH_GIT_FILES=300 BENCH_GIT_BIG=100 BENCH_GIT_READS=50
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GitRepo } from '../../apps/server/src/platform/git/git-repo';
import { type GitServer, startGitServer } from '../../apps/server/test/git-http-server';
import { startApp } from '../lib/app';

const sizeOf = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer`);
  return value;
};
const BIG_FOLDER = sizeOf('BENCH_GIT_BIG', 2_000);
const FILES = Math.max(sizeOf('BENCH_GIT_FILES', 5_000), BIG_FOLDER + 1);
const READS = Math.min(sizeOf('BENCH_GIT_READS', 1_000), FILES);
/** Warm API calls per step; the median is printed. */
const API_RUNS = 5;
/** The explorer's page size (the web app's default) and the API's largest. */
const UI_PAGE = 100;
const MAX_PAGE = 1_000;
const ADMIN_PASSWORD = 'bench12345';

async function timed<T>(label: string, fn: () => Promise<T>): Promise<T> {
  const start = performance.now();
  const result = await fn();
  console.log(`${label.padEnd(48)} ${(performance.now() - start).toFixed(0).padStart(7)} ms`);
  return result;
}

/** Runs `fn` API_RUNS times and prints the median and the slowest run. */
async function median(label: string, fn: () => Promise<void>) {
  const times: number[] = [];
  for (let i = 0; i < API_RUNS; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const mid = times[Math.floor(times.length / 2)] ?? 0;
  const max = times.at(-1) ?? 0;
  console.log(`${label.padEnd(48)} ${mid.toFixed(0).padStart(7)} ms  (max ${max.toFixed(0)} ms over ${API_RUNS})`);
}

/** BIG_FOLDER topics in one folder, the rest spread over 30 folders, each a small DITA topic. */
async function generate(dir: string) {
  const paths: string[] = [];
  for (let i = 0; i < BIG_FOLDER; i++) paths.push(`big/topic-${String(i).padStart(4, '0')}.dita`);
  for (let i = BIG_FOLDER; i < FILES; i++) paths.push(`area-${i % 30}/sub-${i % 7}/topic-${i}.dita`);
  const folders = new Set(paths.map((p) => path.dirname(p)));
  await Promise.all([...folders].map((f) => mkdir(path.join(dir, f), { recursive: true })));
  for (let i = 0; i < paths.length; i += 500) {
    await Promise.all(
      paths
        .slice(i, i + 500)
        .map((p, k) => writeFile(path.join(dir, p), `<topic id="t${i + k}"><title>Topic ${i + k}</title><body><p>${'text '.repeat(40)}</p></body></topic>\n`)),
    );
  }
  return paths;
}

/** The git layer alone: clone, browse, read, commit and push. */
async function gitLayer(server: GitServer, auth: { username: string; password: string }, work: string, paths: string[]) {
  const repo = new GitRepo(path.join(work, 'clone'));
  await timed('clone over smart HTTP (init + fetch)', async () => {
    await repo.ensure(server.url('big'));
    await repo.fetch(auth);
  });
  const head = await repo.resolve('main');
  if (!head) throw new Error('no main branch');
  const tree = await timed('folder tree (every folder)', () => repo.folders(head));
  const root = await timed('root listing', () => repo.listFolder(head, ''));
  await timed('root listing: last commit of each entry', () =>
    repo.lastCommits(
      head,
      '',
      (root ?? []).map((e) => e.path),
    ),
  );
  const big = await timed(`list a folder of ${BIG_FOLDER} files`, () => repo.listFolder(head, 'big'));
  const names = (big ?? []).map((e) => e.path);
  await timed(`  last commit of a ${UI_PAGE}-file page`, () => repo.lastCommits(head, 'big', names.slice(0, UI_PAGE)));
  await timed(`  last commit of all ${BIG_FOLDER} files`, () => repo.lastCommits(head, 'big', names));
  const step = Math.max(1, Math.floor(FILES / READS));
  const sample = paths.filter((_, i) => i % step === 0).slice(0, READS);
  const contents = await timed(`read ${sample.length} files at a commit (cat-file --batch)`, () => repo.readFiles(head, sample));
  const bytes = contents.reduce((n, c) => n + (c?.length ?? 0), 0);
  await timed('read one file', () => repo.readFile(head, 'big/topic-0001.dita'));
  const changed = await timed('commit one change (no working tree)', () =>
    repo.buildCommit(head, [{ op: 'put', path: 'big/new.dita', content: Buffer.from('<topic id="new"/>\n') }], 'Bench change', {
      name: 'Bench',
      email: 'bench@example.test',
    }),
  );
  await timed('push it', () => repo.pushCommit('main', changed, auth, 'bench'));
  console.log(`folders ${tree.length}, big folder entries ${big?.length ?? 0}, bytes read ${bytes}, requests served ${server.requests}`);
}

/** The same browsing through the HTTP API: library, clone on first read, tree, the big folder, a file. */
async function httpApi(server: GitServer, auth: { username: string; password: string }, work: string) {
  const running = await timed('start the app (PGlite, migrate, seed)', () => startApp(path.join(work, 'app'), ADMIN_PASSWORD));
  const { call } = running;
  try {
    const created = await call<{ data: { libraryId: number } }>('POST', '/ccms/library', {
      body: {
        name: 'bench',
        libraryType: 'DITA',
        url: server.url('big'),
        defaultBranch: 'main',
        credential: { type: 'userpass', username: auth.username, password: auth.password },
      },
    });
    const libraryId = created.data.libraryId;
    await timed('API: first read (server-side clone)', () => call('GET', `/ccms/library/${libraryId}/branches`));
    await median('API: folder tree', () => call('GET', '/ccms/explorer/tree', { query: { libraryId } }).then(() => undefined));
    await median('API: root listing', () => call('GET', '/ccms/explorer/list', { query: { libraryId } }).then(() => undefined));
    let total = 0;
    await median(`API: ${BIG_FOLDER}-file folder, first ${UI_PAGE}-row page`, async () => {
      total = (await call<{ total: number }>('GET', '/ccms/explorer/list', { query: { libraryId, path: 'big', pageSize: UI_PAGE } })).total;
    });
    await median(`API: ${BIG_FOLDER}-file folder, last ${UI_PAGE}-row page`, async () => {
      const last = Math.max(1, Math.ceil(total / UI_PAGE));
      await call('GET', '/ccms/explorer/list', { query: { libraryId, path: 'big', pageSize: UI_PAGE, pageNum: last } });
    });
    let rows = 0;
    await median(`API: all ${BIG_FOLDER} files (pages of ${MAX_PAGE})`, async () => {
      rows = 0;
      for (let pageNum = 1; (pageNum - 1) * MAX_PAGE < total; pageNum++) {
        const page = await call<{ rows: unknown[] }>('GET', '/ccms/explorer/list', { query: { libraryId, path: 'big', pageSize: MAX_PAGE, pageNum } });
        rows += page.rows.length;
      }
    });
    await median('API: read one file', () => call('GET', '/ccms/explorer/file', { query: { libraryId, path: 'big/topic-0001.dita' } }).then(() => undefined));
    console.log(`API: big folder total ${total}, rows listed ${rows}`);
  } finally {
    await running.close();
  }
}

async function main() {
  const work = await mkdtemp(path.join(tmpdir(), 'ccms-bench-git-'));
  const auth = { username: 'bench', password: 'bench-pass' };
  const server = await startGitServer({ auth });
  try {
    const source = path.join(work, 'source');
    const paths = await timed(`generate ${FILES} files`, () => generate(source));
    await timed('seed the remote (one commit)', () => server.createRepo('big', { folder: source }));
    await server.commit('big', 'main', { 'big/topic-0001.dita': '<topic id="changed"/>\n' }, 'Second commit');
    await gitLayer(server, auth, work, paths);
    await httpApi(server, auth, work);
  } finally {
    await server.close();
    await rm(work, { recursive: true, force: true });
  }
}

await main();
