/**
 * Topic editor benchmark: against a local smart-HTTP remote, the app (buildApp + inject, PGlite)
 * opens a 2,000-line topic and saves one change to it, each save a commit by the caller pushed to
 * the remote and the topic reindexed (the issue's "save round trip"); then a save whose base is
 * stale, merged three-way with a change someone else pushed. Prints p50/p95/max; asserts nothing.
 *   node --import tsx bench/editor/run.ts
 * Sizes: BENCH_EDITOR_LINES (default 2000), BENCH_EDITOR_TOPICS (other topics, default 500), BENCH_EDITOR_SAVES (default 20).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startGitServer } from '../../apps/server/test/git-http-server';
import type { EditorDocument, EditorSaveResult } from '../../packages/contracts/src/content/topic-editor';
import { startApp } from '../lib/app';

const sizeOf = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer`);
  return value;
};
const LINES = sizeOf('BENCH_EDITOR_LINES', 2_000);
const TOPICS = sizeOf('BENCH_EDITOR_TOPICS', 500);
const SAVES = sizeOf('BENCH_EDITOR_SAVES', 20);
const ADMIN_PASSWORD = 'bench12345';
const BIG = 'topics/big.dita';

/** A concept of about `lines` lines: one paragraph per line. */
const bigTopic = (lines: number) =>
  [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE concept PUBLIC "-//OASIS//DTD DITA Concept//EN" "concept.dtd">',
    '<concept id="big">',
    '  <title>Big topic</title>',
    '  <conbody>',
    ...Array.from({ length: lines - 7 }, (_, i) => `    <p id="p${i}">Paragraph ${i} of the big topic, with some words to make it a line.</p>`),
    '  </conbody>',
    '</concept>',
    '',
  ].join('\n');

function report(label: string, times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  console.log(
    `${label.padEnd(52)} p50 ${at(0.5).toFixed(0).padStart(6)} ms  p95 ${at(0.95).toFixed(0).padStart(6)} ms  max ${(sorted.at(-1) ?? 0).toFixed(0).padStart(6)} ms  (n=${sorted.length})`,
  );
}

async function timeOf(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

async function main() {
  const work = await mkdtemp(path.join(tmpdir(), 'ccms-bench-editor-'));
  const server = await startGitServer({});
  const files: Record<string, string> = { [BIG]: bigTopic(LINES) };
  for (let i = 0; i < TOPICS; i++) files[`topics/t${i}.dita`] = `<topic id="t${i}"><title>Topic ${i}</title><body><p>Text ${i}.</p></body></topic>\n`;
  files['maps/guide.ditamap'] = `<map><title>Guide</title>${Object.keys(files)
    .map((p) => `<topicref href="../${p}"/>`)
    .join('')}</map>\n`;
  await server.createRepo('docs', { files });
  const app = await startApp(path.join(work, 'app'), ADMIN_PASSWORD);
  try {
    const { call } = app;
    const created = await call<{ data: { libraryId: number } }>('POST', '/ccms/library', {
      body: { name: 'bench', libraryType: 'DITA', url: server.url('docs'), defaultBranch: 'main' },
    });
    const libraryId = created.data.libraryId;
    const open = () => call<{ data: EditorDocument }>('GET', '/ccms/topic-editor/open', { query: { libraryId, path: BIG } }).then((r) => r.data);
    const first = performance.now();
    let doc = await open();
    console.log(`first open (clone, ${TOPICS + 1} topics)`.padEnd(52), `${(performance.now() - first).toFixed(0).padStart(10)} ms`);
    await call('GET', '/ccms/topic/list', { query: { libraryId } }); // the catalogue's first full index, outside the figures
    console.log(`topic of ${doc.content.split('\n').length} lines, ${(doc.content.length / 1024).toFixed(0)} KiB`);

    const opens: number[] = [];
    for (let i = 0; i < 5; i++) opens.push(await timeOf(open));
    report('open (fetch, read, status, draft)', opens);

    const validates: number[] = [];
    for (let i = 0; i < 5; i++)
      validates.push(await timeOf(() => call('POST', '/ccms/topic-editor/validate', { body: { libraryId, path: BIG, content: doc.content } })));
    report('validate (well-formed, rules, DTD)', validates);

    const saves: number[] = [];
    for (let i = 0; i < SAVES; i++) {
      const content = doc.content.replace(`Paragraph ${i * 7} of`, `Paragraph ${i * 7} (edit ${i}) of`);
      let saved: EditorSaveResult | undefined;
      saves.push(
        await timeOf(async () => {
          saved = (
            await call<{ data: EditorSaveResult }>('PUT', '/ccms/topic-editor/save', {
              body: { libraryId, path: BIG, content, baseCommit: doc.baseCommit, baseBlob: doc.baseBlob },
            })
          ).data;
        }),
      );
      if (!saved || saved.unchanged) throw new Error('a save committed nothing');
      doc = { ...doc, content: saved.content, baseCommit: saved.commit, baseBlob: saved.blob };
    }
    report('save + push + reindex (one commit)', saves);

    const merges: number[] = [];
    for (let i = 0; i < Math.max(3, Math.floor(SAVES / 4)); i++) {
      const theirs = doc.content.replace(`Paragraph ${1000 + i} of`, `Paragraph ${1000 + i} (theirs) of`);
      await server.commit('docs', 'main', { [BIG]: theirs }, `Their change ${i}`);
      const ours = doc.content.replace(`Paragraph ${10 + i} of`, `Paragraph ${10 + i} (ours) of`);
      let saved: EditorSaveResult | undefined;
      merges.push(
        await timeOf(async () => {
          saved = (
            await call<{ data: EditorSaveResult }>('PUT', '/ccms/topic-editor/save', {
              body: { libraryId, path: BIG, content: ours, baseCommit: doc.baseCommit, baseBlob: doc.baseBlob },
            })
          ).data;
        }),
      );
      if (!saved?.merged) throw new Error('a stale save was not merged');
      doc = { ...doc, content: saved.content, baseCommit: saved.commit, baseBlob: saved.blob };
    }
    report('stale save, merged three-way + push + reindex', merges);
    console.log(`remote requests served ${server.requests}; target: save round trip < 1,000 ms`);
  } finally {
    await app.close();
    await server.close();
    await rm(work, { recursive: true, force: true });
  }
}

await main();
