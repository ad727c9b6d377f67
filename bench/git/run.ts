/**
 * Git library benchmark: clone a generated 5,000-file repository over smart HTTP, browse it
 * without any index (folder tree, root listing with last commits), list a folder of 2,000
 * files, and read 1,000 files at one commit. Prints the time of each step.
 *   node --import tsx bench/git/run.ts
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GitRepo } from '../../apps/server/src/platform/git/git-repo';
import { startGitServer } from '../../apps/server/test/git-server';

const FILES = 5_000;
const BIG_FOLDER = 2_000;
const READS = 1_000;

async function timed<T>(label: string, fn: () => Promise<T>): Promise<T> {
  const start = performance.now();
  const result = await fn();
  console.log(`${label.padEnd(48)} ${(performance.now() - start).toFixed(0).padStart(7)} ms`);
  return result;
}

/** 2,000 topics in one folder, the rest spread over 30 folders, each a small DITA topic. */
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

async function main() {
  const work = await mkdtemp(path.join(tmpdir(), 'ccms-bench-git-'));
  const auth = { username: 'bench', password: 'bench-pass' };
  const server = await startGitServer({ auth });
  try {
    const source = path.join(work, 'source');
    const paths = await timed(`generate ${FILES} files`, () => generate(source));
    await timed('seed the remote (one commit)', () => server.createRepo('big', { folder: source }));
    await server.commit('big', 'main', { 'big/topic-0001.dita': '<topic id="changed"/>\n' }, 'Second commit');

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
    await timed('  last commit of a 100-file page', () => repo.lastCommits(head, 'big', names.slice(0, 100)));
    await timed(`  last commit of all ${BIG_FOLDER} files`, () => repo.lastCommits(head, 'big', names));
    const sample = paths.filter((_, i) => i % Math.floor(FILES / READS) === 0).slice(0, READS);
    const contents = await timed(`read ${READS} files at a commit (cat-file --batch)`, () => repo.readFiles(head, sample));
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
  } finally {
    await server.close();
    await rm(work, { recursive: true, force: true });
  }
}

await main();
