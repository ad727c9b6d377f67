/**
 * Fifty people at once (issue 36): N clients signed in as 10 writers do a team's mix against one
 * real server process (main.ts) for a while: document list, topic by path, search, editor open
 * and preview, explorer list, dashboard, library list, notices, getInfo, and every 10th step a
 * save, of one of 8 shared topics (`shared`: saves contend and merge three-way) or of a topic
 * only that client saves (`own`: the "writers do not share a topic"). A one-client
 * baseline, each kind alone, runs before and after in the same run. Prints per kind count,
 * p50/p95 and the ratio of the loaded p95 to the one-client one, requests/s, saves landed /
 * refused / errors, CPU per request (server, PostgreSQL, load client) and the server's event-loop
 * delay (its ccms_event_loop_delay_seconds on the ops listener), on PGlite and on PostgreSQL
 * (DATABASE_URL). The library is a generated corpus on a local smart-HTTP remote in a process of
 * its own. Asserts nothing.
 * A floor phase (`--floor S` seconds, 0 for none) has every client ask getInfo alone: what the
 * closed loop alone does to the cheapest request, the ratio the mix's reads are read against.
 *   node --import tsx bench/team/run.ts [--clients 50] [--seconds 60] [--modes shared,own]
 *     [--rounds 20] [--topics 320] [--floor 10] [--db both|pglite|postgres]
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { positive } from '../lib/args';
import { cpuMeter } from '../lib/cpu';
import { startBenchRemote } from '../lib/git-remote-process';
import { httpClient } from '../lib/http';
import { freePort, freshPgDatabase, startServer } from '../lib/server';
import { corpusFiles, createLibrary, seedPeople, signIn, WRITERS, writerName } from './corpus';
import { runBaseline, runFloor, runMix, type SaveMode, TeamClient } from './mix';
import { byKind, loopDelayBetween, printBaselines, printPhase, readLoopDelay, saveOutcomes, TARGETS } from './report';

const { values: args } = parseArgs({
  options: {
    clients: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '60' },
    modes: { type: 'string', default: 'shared,own' },
    rounds: { type: 'string', default: '20' },
    topics: { type: 'string', default: '320' },
    floor: { type: 'string', default: '10' },
    db: { type: 'string', default: 'both' },
  },
});
const CLIENTS = positive('clients', args.clients);
const SECONDS = positive('seconds', args.seconds);
const ROUNDS = positive('rounds', args.rounds);
const FLOOR = args.floor === '0' ? 0 : positive('floor', args.floor);
const CHAPTERS = 8;
const PER_CHAPTER = Math.ceil(positive('topics', args.topics) / CHAPTERS);
const MODES = (args.modes ?? '').split(',').filter(Boolean) as SaveMode[];
if (MODES.length === 0 || MODES.some((m) => m !== 'shared' && m !== 'own')) throw new Error('--modes takes shared, own or both (comma-separated)');
const DB = args.db ?? 'both';
if (!['both', 'pglite', 'postgres'].includes(DB)) throw new Error('--db takes both, pglite or postgres');

// The remote runs in a process of its own, as a real one does: its git http-backend starts and relays stay off the load client's loop.
process.env.BENCH_REMOTE ??= 'process';
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');

async function measure(label: string, db: { databaseUrl?: string }, remote: Awaited<ReturnType<typeof startBenchRemote>>) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ccms-bench-team-'));
  // One more client than the load's: the baseline's, with its own topic and its own paragraph of each shared one.
  const { files, chapterTopics } = corpusFiles({ chapters: CHAPTERS, topicsPerChapter: PER_CHAPTER, clients: CLIENTS + 1 });
  const repo = `team-${label.trim()}`;
  await remote.createRepo(repo, { files });
  await seedPeople({ ...db, dataDir });
  const opsPort = await freePort();
  const onPostgres = Boolean(db.databaseUrl);
  // Several nodes may share a PostgreSQL database, so the server wants its shared secrets named.
  const secrets: Record<string, string> =
    onPostgres && !process.env.CCMS_JWT_SECRET ? { CCMS_JWT_SECRET: randomBytes(32).toString('hex'), CCMS_SECRET_KEY: randomBytes(32).toString('hex') } : {};
  const server = await startServer({
    ...secrets,
    CCMS_DATA_DIR: dataDir,
    DATABASE_URL: db.databaseUrl ?? '',
    CCMS_OPS_LISTEN: `127.0.0.1:${opsPort}`,
  });
  const ops = `http://127.0.0.1:${opsPort}`;
  const http = httpClient(server.base, { connections: CLIENTS + 2 });
  try {
    const indexStart = performance.now();
    const libraryId = await createLibrary(server.base, remote.url(repo));
    console.log(
      `${label} library of ${Object.keys(files).length} files (${chapterTopics.length} chapter topics, 2 maps) cloned and indexed in ${((performance.now() - indexStart) / 1000).toFixed(1)} s (outside the figures)`,
    );
    // Each client signs in on its own (a session each), as one of the writers.
    const sessions = await Promise.all(Array.from({ length: CLIENTS + 1 }, (_, c) => signIn(server.base, writerName(c % WRITERS))));
    const clients = sessions.slice(0, CLIENTS).map((token, c) => new TeamClient(http, token, c, libraryId, chapterTopics));
    const baseClient = new TeamClient(http, sessions[CLIENTS] ?? '', CLIENTS, libraryId, chapterTopics);

    const before = byKind(await runBaseline(baseClient, ROUNDS, 3));
    const phases: { mode: SaveMode; samples: Awaited<ReturnType<typeof runMix>> }[] = [];
    const lines: string[] = [];
    for (const mode of MODES) {
      const loopBefore = await readLoopDelay(ops);
      const meter = cpuMeter(server.child.pid);
      const run = await runMix(clients, mode, SECONDS);
      const cpu = meter.report(run.samples.length, { postgres: onPostgres });
      const loop = loopDelayBetween(loopBefore, await readLoopDelay(ops));
      phases.push({ mode, samples: run });
      const saves = saveOutcomes(run.samples);
      const rps = run.samples.length / run.seconds;
      lines.push(
        `${label} ${mode.padEnd(6)} ${CLIENTS} clients, ${run.seconds.toFixed(1)} s: ${run.samples.length} requests, ${rps.toFixed(1)} req/s (target ≥ ${TARGETS.rps}: ${rps >= TARGETS.rps ? 'meets' : 'MISSES'}); saves landed ${saves.landed}, refused ${saves.refused}, unchanged ${saves.unchanged}, errors ${saves.errors}`,
        `${label} ${mode.padEnd(6)} ${cpu}`,
        `${label} ${mode.padEnd(6)} ${loop}`,
      );
    }
    const floor = FLOOR > 0 ? await runFloor(clients, FLOOR) : null;
    const after = byKind(await runBaseline(baseClient, ROUNDS, 1));

    console.log('');
    printBaselines(label, before, after);
    for (const { mode, samples } of phases) {
      console.log('');
      printPhase(label, mode, byKind(samples.samples), before);
    }
    if (floor) {
      console.log('');
      printPhase(label, 'floor', byKind(floor.samples), before);
      lines.push(
        `${label} floor  ${CLIENTS} clients asking getInfo alone, ${floor.seconds.toFixed(1)} s: ${(floor.samples.length / floor.seconds).toFixed(1)} req/s`,
      );
    }
    console.log('');
    for (const line of lines) console.log(line);
    const errors = [...clients, baseClient].flatMap((c) => c.errors).slice(0, 8);
    if (errors.length > 0) console.log(`${label} first failures and refusals:\n  ${errors.join('\n  ')}`);
  } finally {
    http.close();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

console.log(
  `# team mix: ${CLIENTS} clients as ${WRITERS} writers, ${SECONDS} s per save mode (${MODES.join(', ')}), baseline ${ROUNDS} rounds a kind; load average ${load()}`,
);
const remote = await startBenchRemote();
try {
  if (DB !== 'postgres') await measure('pglite  ', {}, remote);
  if (DB !== 'pglite') {
    if (process.env.DATABASE_URL) {
      const pgdb = await freshPgDatabase(process.env.DATABASE_URL);
      try {
        await measure('postgres', { databaseUrl: pgdb.url }, remote);
      } finally {
        await pgdb.drop();
      }
    } else {
      console.log('postgres: DATABASE_URL is not set, skipped (the targets are on PostgreSQL)');
    }
  }
  console.log(`load average at end: ${load()}; remote requests served ${await remote.requests()}`);
} finally {
  await remote.close();
}
