/**
 * Content catalogue benchmark: full index of the dita-ot-docs corpus and of a generated
 * 5,000-topic repository (documents, topics, keys, link graph into the database, one
 * transaction), a one-file reindex after a commit, and search latency over the 5,000 topics.
 * On PGlite, or PostgreSQL when DATABASE_URL is set.
 *
 *   node --import tsx bench/catalog/run.ts [--sizes 5000] [--queries 200] [--edits 5]
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type Database, openDatabase } from '../../apps/server/src/db/client';
import { ccmsLibrary } from '../../apps/server/src/db/schema';
import { catalogService } from '../../apps/server/src/modules/content/catalog/catalog.service';
import { catalogIndexer } from '../../apps/server/src/modules/content/catalog/indexer';
import { libraryService } from '../../apps/server/src/modules/content/library/library.service';
import { libraryGit } from '../../apps/server/src/modules/content/library/library-git';
import { searchService } from '../../apps/server/src/modules/content/search/search.service';
import type { AuthContext } from '../../apps/server/src/platform/auth/access';
import { GitRepo } from '../../apps/server/src/platform/git/git-repo';
import { corpusPath } from '../../test-support/corpus';
import { freshPgDatabase } from '../lib/server';

const CORPUS = corpusPath();
const GEN = path.resolve(import.meta.dirname, '../../../shared/tools/ditaot-reference/gen.py');
const { values } = parseArgs({ options: { sizes: { type: 'string' }, queries: { type: 'string' }, edits: { type: 'string' } } });
const sizes = (values.sizes ?? '5000')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const queryCount = Number(values.queries ?? 200);
const editCount = Number(values.edits ?? 5);
const work = mkdtempSync(path.join(tmpdir(), 'ccms-catalog-bench-'));
const gitEnv = {
  ...process.env,
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_AUTHOR_NAME: 'Bench',
  GIT_AUTHOR_EMAIL: 'b@x.test',
  GIT_COMMITTER_NAME: 'Bench',
  GIT_COMMITTER_EMAIL: 'b@x.test',
};
const gitIn = (dir: string, args: string[]) =>
  execFileSync('git', args, { cwd: dir, env: gitEnv, maxBuffer: 1 << 28 })
    .toString()
    .trim();

/** A work tree committed once, and a bare clone the indexer reads (as the server's clone would be). */
function repoOf(folder: string, name: string) {
  gitIn(folder, ['init', '-q', '-b', 'main']);
  gitIn(folder, ['add', '-A']);
  gitIn(folder, ['commit', '-q', '-m', 'Initial content']);
  const bare = path.join(work, `${name}.git`);
  execFileSync('git', ['clone', '-q', '--bare', folder, bare], { env: gitEnv });
  const commit = () => gitIn(folder, ['rev-parse', 'HEAD']);
  const push = () => gitIn(folder, ['push', '-q', bare, 'HEAD:main']);
  return { repo: new GitRepo(bare), commit, push };
}

const ms = (t: number) => `${t.toFixed(0)} ms`;
const verdict = (value: number, target: number) => (value <= target ? 'meets' : 'MISSES');
const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0;

async function database(): Promise<{ db: Database; close: () => Promise<void> }> {
  if (process.env.DATABASE_URL) {
    const fresh = await freshPgDatabase(process.env.DATABASE_URL);
    const db = await openDatabase({ databaseUrl: fresh.url });
    await db.migrate();
    return {
      db,
      close: async () => {
        await db.close();
        await fresh.drop();
      },
    };
  }
  const db = await openDatabase({});
  await db.migrate();
  return { db, close: () => db.close() };
}

const admin: AuthContext = {
  tokenId: 'bench',
  sessionHash: '',
  userId: 1,
  userName: 'admin',
  nickName: 'admin',
  deptId: null,
  deptName: '',
  roles: [],
  roleKeys: ['admin'],
  permissions: new Set(['*:*:*']),
  isAdmin: true,
  pwdChangeRequired: false,
};

/** Full index, then `edits` one-topic commits each reindexed; returns the timings. */
async function indexRun(db: Database, libraryId: number, folder: string, name: string, topic: string) {
  const { repo, commit, push } = repoOf(folder, name);
  const indexer = catalogIndexer(db.db);
  const rssBefore = process.memoryUsage().rss;
  const start = performance.now();
  const first = await indexer.index({ libraryId, branch: 'main', repo, commit: commit() }, null);
  const fullMs = performance.now() - start;
  const rss = process.memoryUsage().rss;
  let previous = first.commit;
  const edits: number[] = [];
  let read = 0;
  for (let i = 0; i < editCount; i++) {
    const file = path.join(folder, topic);
    writeFileSync(file, readFileSync(file, 'utf8').replace(/<title>([^<]*)<\/title>/, `<title>$1 edit ${i}</title>`));
    gitIn(folder, ['commit', '-q', '-am', `edit ${i}`]);
    push();
    const next = commit();
    const t0 = performance.now();
    const result = await indexer.index({ libraryId, branch: 'main', repo, commit: next }, previous);
    edits.push(performance.now() - t0);
    read = result.filesReadCount;
    previous = next;
  }
  return { first, fullMs, edits, read, rssMB: (Math.max(rss, rssBefore) / 1e6).toFixed(0) };
}

async function main() {
  console.log(
    `Catalogue benchmark — ${cpus().length} CPU(s), load average ${loadavg()[0]?.toFixed(1)}, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'} (other work on the machine inflates times)`,
  );
  const { db, close } = await database();
  try {
    const [corpusLib, ...genLibs] = await db.db
      .insert(ccmsLibrary)
      .values(
        ['corpus', ...sizes.map((n) => `gen${n}`)].map((n) => ({ name: n, libraryType: 'DITA', url: `http://127.0.0.1/${n}.git`, defaultBranch: 'main' })),
      )
      .returning({ libraryId: ccmsLibrary.libraryId });

    if (existsSync(path.join(CORPUS, 'userguide.ditamap')) && corpusLib) {
      const folder = path.join(work, 'corpus');
      cpSync(CORPUS, folder, { recursive: true });
      const run = await indexRun(db, corpusLib.libraryId, folder, 'corpus', 'topics/installing-via-homebrew.dita');
      console.log(
        `dita-ot-docs full index: ${ms(run.fullMs)} (${run.first.documentsUpdated} documents, ${run.first.topicsUpdated} topics, ${run.first.filesReadCount} files read), RSS ${run.rssMB} MB — target < 3000 ms: ${verdict(run.fullMs, 3000)}`,
      );
      console.log(
        `dita-ot-docs one-file reindex: median ${ms(median(run.edits))} (best ${ms(Math.min(...run.edits))}, ${run.read} file(s) read) — target < 300 ms: ${verdict(median(run.edits), 300)}`,
      );
    } else console.log(`dita-ot-docs corpus not found at ${CORPUS}: skipped`);

    for (const [i, n] of sizes.entries()) {
      const lib = genLibs[i];
      if (!lib) continue;
      const folder = path.join(work, `gen-${n}`);
      execFileSync('python3', [GEN, String(n), folder], { stdio: 'ignore' });
      const run = await indexRun(db, lib.libraryId, folder, `gen-${n}`, 'topics/concepts/c00000.dita');
      const fullTarget = n >= 5000 ? ` — target < 30000 ms: ${verdict(run.fullMs, 30000)}` : '';
      console.log(
        `generated ${n} topics full index: ${ms(run.fullMs)} (${run.first.topicsUpdated} topics, ${run.first.filesReadCount} files read), RSS ${run.rssMB} MB${fullTarget}`,
      );
      console.log(
        `generated ${n} topics one-file reindex: median ${ms(median(run.edits))} (best ${ms(Math.min(...run.edits))}, ${run.read} file(s) read)${n >= 5000 ? ` — target < 300 ms: ${verdict(median(run.edits), 300)}` : ''}`,
      );

      // Search as the screen does: one library, words of the generated text, some Chinese that matches nothing.
      const git = libraryGit({ database: db, dataDir: work, secretKey: randomBytes(32).toString('hex') });
      const indexer = catalogIndexer(db.db);
      const catalog = catalogService(db.db, git, libraryService(db.db, git, ''), indexer);
      const search = searchService(db.db, { indexer, catalog });
      const words = ['widget', 'configure server', 'backup restore', 'network', 'threshold alert', 'template', 'firmware driver', 'c00042', '安装', '环境变量'];
      const latencies: number[] = [];
      let hits = 0;
      for (let q = 0; q < queryCount; q++) {
        const t0 = performance.now();
        const result = await search.search(admin, { q: words[q % words.length] ?? 'widget', pageNum: 1, pageSize: 20 });
        latencies.push(performance.now() - t0);
        hits += result.total;
      }
      latencies.sort((a, b) => a - b);
      const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
      console.log(
        `search over ${n} topics (all indexed libraries, ${queryCount} queries, ${words.length} terms, English and Chinese): p50 ${pct(50).toFixed(1)} ms, p95 ${pct(95).toFixed(1)} ms, ${(hits / queryCount).toFixed(0)} hits/query${n >= 5000 ? ` — target p95 < 100 ms: ${verdict(pct(95), 100)}` : ''}`,
      );
    }
  } finally {
    await close();
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
