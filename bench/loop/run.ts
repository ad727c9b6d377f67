/**
 * The request loop while the server parses (issue 36): a library's first index, a full reindex
 * of it (a generated library of --topics N, default 3,000), previews of a large topic, and an
 * S1000D library's first index and full reindex (a generated CSDB of --modules N, default 1,000,
 * bench/s1000d/generate.ts: parsed, resolved by code and checked against its BREX), each
 * while one probe client asks getInfo every 10 ms (as a person's clicks, not a load). Prints each phase's duration, the probe's
 * count and p50/p99/max, and the server's event-loop delay p50/p99 and max
 * (ccms_event_loop_delay_seconds on the ops listener). One real server process (main.ts) on
 * PostgreSQL (DATABASE_URL, a fresh database) or PGlite. Run it at two commits for a before and
 * after. Asserts nothing.
 *   node --import tsx bench/loop/run.ts [--topics 3000] [--previews 10] [--paragraphs 3000] [--modules 1000] [--db pglite|postgres]
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { positive } from '../lib/args';
import { startBenchRemote } from '../lib/git-remote-process';
import { httpClient } from '../lib/http';
import { freePort, freshPgDatabase, startServer } from '../lib/server';
import { generateCsdb } from '../s1000d/generate';
import { call, corpusFiles, createLibrary, seedPeople, signIn } from '../team/corpus';
import { loopDelayBetween, percentile, readLoopDelay } from '../team/report';

const { values: args } = parseArgs({
  options: {
    topics: { type: 'string', default: '3000' },
    previews: { type: 'string', default: '10' },
    paragraphs: { type: 'string', default: '3000' },
    modules: { type: 'string', default: '1000' },
    db: { type: 'string', default: 'postgres' },
  },
});
const CHAPTERS = 8;
const PER_CHAPTER = Math.ceil(positive('topics', args.topics) / CHAPTERS);
const PREVIEWS = positive('previews', args.previews);
const PARAGRAPHS = positive('paragraphs', args.paragraphs);
const MODULES = positive('modules', args.modules);
if (args.db !== 'pglite' && args.db !== 'postgres') throw new Error('--db takes pglite or postgres');
if (args.db === 'postgres' && !process.env.DATABASE_URL) throw new Error('--db postgres needs DATABASE_URL');
process.env.BENCH_REMOTE ??= 'process';

const PROBE_MS = 10;

/** getInfo every PROBE_MS until stopped (paced: the probe measures the loop, it does not compete for the cores): its latencies. */
function probe(http: ReturnType<typeof httpClient>, token: string) {
  const latencies: number[] = [];
  let stopped = false;
  const running = (async () => {
    while (!stopped) {
      const t = performance.now();
      await http.request('GET', '/prod-api/getInfo', { authorization: `Bearer ${token}` });
      const took = performance.now() - t;
      latencies.push(took);
      await new Promise((r) => setTimeout(r, Math.max(0, PROBE_MS - took)));
    }
  })();
  return async () => {
    stopped = true;
    await running;
    const sorted = [...latencies].sort((a, b) => a - b);
    return `probe ${sorted.length} getInfo, p50 ${percentile(sorted, 0.5).toFixed(1)} ms, p99 ${percentile(sorted, 0.99).toFixed(1)} ms, max ${(sorted.at(-1) ?? 0).toFixed(1)} ms`;
  };
}

/** A concept of `n` paragraphs, each with a keyword and a phrase: about 120 bytes a paragraph. */
function largeTopic(n: number): string {
  const ps = Array.from({ length: n }, (_, i) => `    <p id="p${i}">Paragraph ${i} checks the <keyword>valve</keyword> at <ph>${i} Nm</ph>.</p>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE concept PUBLIC "-//OASIS//DTD DITA Concept//EN" "concept.dtd">\n<concept id="large">\n  <title>Large topic</title>\n  <conbody>\n${ps.join('\n')}\n  </conbody>\n</concept>\n`;
}

const remote = await startBenchRemote();
const dataDir = await mkdtemp(path.join(tmpdir(), 'ccms-bench-loop-'));
const pg = args.db === 'postgres' ? await freshPgDatabase(process.env.DATABASE_URL ?? '') : null;
try {
  const { files, chapterTopics } = corpusFiles({ chapters: CHAPTERS, topicsPerChapter: PER_CHAPTER, clients: 1 });
  await remote.createRepo('loop', { files });
  const csdb = generateCsdb(path.join(dataDir, 'bench-csdb'), { modules: MODULES });
  await remote.createRepo('csdb', { folder: csdb.dir });
  const db = pg ? { databaseUrl: pg.url } : {};
  await seedPeople({ ...db, dataDir });
  const opsPort = await freePort();
  const secrets: Record<string, string> = pg ? { CCMS_JWT_SECRET: randomBytes(32).toString('hex'), CCMS_SECRET_KEY: randomBytes(32).toString('hex') } : {};
  const server = await startServer({ ...secrets, CCMS_DATA_DIR: dataDir, DATABASE_URL: pg?.url ?? '', CCMS_OPS_LISTEN: `127.0.0.1:${opsPort}` });
  const ops = `http://127.0.0.1:${opsPort}`;
  const http = httpClient(server.base, { connections: 8 });
  console.log(
    `# request loop under parsing work: ${args.db}, ${chapterTopics.length} chapter topics, previews of a ${PARAGRAPHS}-paragraph topic, an S1000D set of ${csdb.files} files`,
  );
  try {
    const admin = await signIn(server.base, 'admin');
    const preview = async (body: string) => {
      const res = await http.request(
        'POST',
        '/prod-api/ccms/topic-editor/preview',
        { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
        body,
      );
      const json = res.json as { code: number; msg?: string };
      if (json.code !== 200) throw new Error(`preview: ${json.code} ${json.msg}`);
    };
    const phase = async (name: string, work: () => Promise<unknown>) => {
      const loopBefore = await readLoopDelay(ops);
      const stop = probe(http, admin);
      const t = performance.now();
      await work();
      const seconds = (performance.now() - t) / 1000;
      const probed = await stop();
      console.log(`${name.padEnd(14)} ${seconds.toFixed(1).padStart(6)} s; ${probed}; ${loopDelayBetween(loopBefore, await readLoopDelay(ops))}`);
    };
    let libraryId = 0;
    await phase('first index', async () => {
      libraryId = await createLibrary(server.base, remote.url('loop'));
    });
    await phase('full reindex', () => call(server.base, admin, 'POST', `/ccms/catalog/reindex?libraryId=${libraryId}&full=true`, {}));
    const content = largeTopic(PARAGRAPHS);
    const body = JSON.stringify({ libraryId, path: chapterTopics[0], content });
    await phase('first preview', () => preview(body));
    await phase(`${PREVIEWS} previews`, async () => {
      for (let i = 0; i < PREVIEWS; i++) await preview(body);
    });
    let setId = 0;
    await phase('s1000d index', async () => {
      setId = await createLibrary(server.base, remote.url('csdb'), { name: 'csdb', libraryType: 'S1000D' });
    });
    await phase('s1000d reindex', () => call(server.base, admin, 'POST', `/ccms/catalog/reindex?libraryId=${setId}&full=true`, {}));
  } finally {
    http.close();
    await server.stop();
  }
} finally {
  await rm(dataDir, { recursive: true, force: true });
  await pg?.drop();
  await remote.close();
}
