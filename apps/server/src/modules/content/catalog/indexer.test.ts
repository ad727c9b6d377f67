import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../../test/harness';
import type { Database } from '../../../db/client';
import { ccmsCatalogDocument, ccmsCatalogIndex, ccmsCatalogKey, ccmsCatalogLink, ccmsCatalogTopic } from '../../../db/schema';
import { type Change, GitRepo } from '../../../platform/git/git-repo';
import { threadPool } from '../../../platform/worker/thread-pool';
import type { LinkData } from './catalog-store';
import { threadRunner } from './dita-runner';
import { catalogIndexer } from './indexer';
import { linkEdits } from './link-edits';

const TOPIC = (id: string, body: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE concept PUBLIC "-//OASIS//DTD DITA Concept//EN" "concept.dtd">\n<concept id="${id}"><title>Topic ${id} <keyword keyref="product"/></title><conbody>${body}</conbody></concept>\n`;
const chapter = (n: number, ids: string[]) =>
  `<topichead navtitle="Chapter ${n}">\n${ids.map((id) => `<topicref href="topics/${id}.dita" keys="${id}"/>`).join('\n')}\n</topichead>`;
const MAP = (chapters: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE map PUBLIC "-//OASIS//DTD DITA Map//EN" "map.dtd">\n<map><title>Guide</title>\n<keydef keys="product"><topicmeta><keywords><keyword>Widget</keyword></keywords></topicmeta></keydef>\n${chapters.join('\n')}\n</map>\n`;
const CHAPTERS = [chapter(1, ['a1', 'a2']), chapter(2, ['b1', 'b2']), chapter(3, ['c1', 'c2'])];
const FILES: Record<string, string> = {
  'map.ditamap': MAP(CHAPTERS),
  'topics/a1.dita': TOPIC('a1', '<p>See <xref href="b1.dita"/> and <xref keyref="c2"/>.</p>'),
  'topics/a2.dita': TOPIC('a2', '<p>Broken: <xref href="missing.dita"/>.</p>'),
  'topics/b1.dita': TOPIC('b1', '<p id="shared">Shared text.</p>'),
  'topics/b2.dita': TOPIC('b2', '<p conref="b1.dita#b1/shared"/>'),
  'topics/c1.dita': TOPIC('c1', '<p><xref href="a1.dita#a1"/></p>'),
  'topics/c2.dita': TOPIC('c2', '<p>Last.</p>'),
};

/** Every catalogue row of a library branch, ids and times left out, in a fixed order. */
async function rowsOf(database: Database, libraryId: number) {
  const { db } = database;
  const strip = <T extends Record<string, unknown>>(rows: T[]) =>
    rows
      .map((r) => {
        const { topicId, documentId, keyId, linkId, libraryId: _, createTime, updateTime, ...rest } = r;
        return JSON.stringify(rest);
      })
      .sort();
  const [index] = await db.select().from(ccmsCatalogIndex).where(eq(ccmsCatalogIndex.libraryId, libraryId));
  return {
    topics: strip(await db.select().from(ccmsCatalogTopic).where(eq(ccmsCatalogTopic.libraryId, libraryId))),
    documents: strip(await db.select().from(ccmsCatalogDocument).where(eq(ccmsCatalogDocument.libraryId, libraryId))),
    keys: strip(await db.select().from(ccmsCatalogKey).where(eq(ccmsCatalogKey.libraryId, libraryId))),
    links: strip(await db.select().from(ccmsCatalogLink).where(eq(ccmsCatalogLink.libraryId, libraryId))),
    counts: index && { documents: index.documents, topics: index.topics, keys: index.keys, links: index.links, brokenLinks: index.brokenLinks },
  };
}

describe('incremental index of a changed map', () => {
  let database: Database;
  let work = '';
  let repo: GitRepo;
  let base = '';
  const me = { name: 'Indexer Test', email: 'indexer@example.test' };

  beforeAll(async () => {
    database = await freshDatabase();
    work = await mkdtemp(path.join(tmpdir(), 'ccms-indexer-'));
    for (const [file, text] of Object.entries(FILES)) {
      await mkdir(path.dirname(path.join(work, file)), { recursive: true });
      await writeFile(path.join(work, file), text);
    }
    const git = (args: string[]) =>
      execFileSync('git', ['-C', work, ...args], {
        env: { ...process.env, GIT_AUTHOR_NAME: 'S', GIT_AUTHOR_EMAIL: 's@x', GIT_COMMITTER_NAME: 'S', GIT_COMMITTER_EMAIL: 's@x' },
      }).toString();
    git(['init', '-q', '-b', 'main']);
    git(['add', '-A']);
    git(['commit', '-qm', 'seed']);
    base = git(['rev-parse', 'HEAD']).trim();
    repo = new GitRepo(path.join(work, '.git'));
  });
  afterAll(async () => {
    await database.close();
    await rm(work, { recursive: true, force: true });
  });

  /** Indexes `base`, then the commit of `changes` incrementally (library 1), and that commit from nothing (library 2). */
  async function bothWays(libraries: [number, number], changes: Change[]) {
    const next = await repo.buildCommit(base, changes, 'change', me);
    const indexer = catalogIndexer(database.db);
    await indexer.index({ libraryId: libraries[0], branch: 'main', repo, commit: base }, null);
    const before = await rowsOf(database, libraries[0]);
    const step = await indexer.index({ libraryId: libraries[0], branch: 'main', repo, commit: next, known: { from: base, changes } }, base);
    const fresh = await catalogIndexer(database.db).index({ libraryId: libraries[1], branch: 'main', repo, commit: next }, null);
    return { step, fresh, before, incremental: await rowsOf(database, libraries[0]), full: await rowsOf(database, libraries[1]) };
  }

  it('moving a chapter to the top gives the rows a full index gives, link lines moved with it', async () => {
    const moved = MAP([CHAPTERS[2] ?? '', CHAPTERS[0] ?? '', CHAPTERS[1] ?? '']);
    const { step, fresh, before, incremental, full } = await bothWays([1, 2], [{ op: 'put', path: 'map.ditamap', content: Buffer.from(moved) }]);
    expect(step.mode).toBe('incremental');
    expect(fresh.mode).toBe('full');
    expect(incremental).toEqual(full);
    // The move changed where the map's links are, and the toc order.
    expect(incremental.links).not.toEqual(before.links);
    expect(incremental.documents).not.toEqual(before.documents);
    expect(incremental.counts?.links).toBeGreaterThan(10);
  });

  it('dropping a topicref and adding a broken one gives the rows a full index gives', async () => {
    const edited = MAP([chapter(1, ['a1']), chapter(2, ['b1', 'b2', 'nowhere']), CHAPTERS[2] ?? '']);
    const { step, incremental, full, before } = await bothWays(
      [3, 4],
      [
        { op: 'put', path: 'map.ditamap', content: Buffer.from(edited) },
        { op: 'put', path: 'topics/c2.dita', content: Buffer.from(TOPIC('c2', '<p>Now <xref href="a2.dita"/>.</p>')) },
      ],
    );
    expect(step.mode).toBe('incremental');
    expect(incremental).toEqual(full);
    expect((incremental.counts?.brokenLinks ?? 0) - (before.counts?.brokenLinks ?? 0)).toBe(1);
  });

  it('a moved chapter keeps the key rows as stored (same definitions); a changed keydef rewrites them as a full index does', async () => {
    const keyRows = async (libraryId: number) =>
      (await database.db.select().from(ccmsCatalogKey).where(eq(ccmsCatalogKey.libraryId, libraryId)))
        .map((k) => `${k.keyId} ${k.mapPath} ${k.key} ${k.targetPath} ${k.text}`)
        .sort();
    const moved = await repo.buildCommit(
      base,
      [{ op: 'put', path: 'map.ditamap', content: Buffer.from(MAP([CHAPTERS[1] ?? '', CHAPTERS[2] ?? '', CHAPTERS[0] ?? ''])) }],
      'move',
      me,
    );
    const renamed = MAP(CHAPTERS).replace('<keyword>Widget</keyword>', '<keyword>Gadget</keyword>');
    const keydef = await repo.buildCommit(moved, [{ op: 'put', path: 'map.ditamap', content: Buffer.from(renamed) }], 'keydef', me);
    const indexer = catalogIndexer(database.db);
    const at = (commit: string, stored: string | null) => indexer.index({ libraryId: 5, branch: 'main', repo, commit }, stored);
    const fullAt = async (commit: string, libraryId: number) => {
      await catalogIndexer(database.db).index({ libraryId, branch: 'main', repo, commit }, null);
      return rowsOf(database, libraryId);
    };
    await at(base, null);
    const first = await keyRows(5);
    expect(first.length).toBe(7);

    expect((await at(moved, base)).mode).toBe('incremental');
    expect(await rowsOf(database, 5)).toEqual(await fullAt(moved, 6));
    expect(await keyRows(5)).toEqual(first);

    expect((await at(keydef, moved)).mode).toBe('incremental');
    expect(await rowsOf(database, 5)).toEqual(await fullAt(keydef, 7));
    const rewritten = await keyRows(5);
    expect(rewritten).not.toEqual(first);
    expect(rewritten.some((k) => k.endsWith(' Gadget'))).toBe(true);
  });

  it('a commit indexed from the changes that made it (no diff asked of git) gives the rows a full index gives', async () => {
    const changes: Change[] = [
      { op: 'put', path: 'map.ditamap', content: Buffer.from(MAP([CHAPTERS[2] ?? '', chapter(1, ['a1', 'a2']), chapter(2, ['b1'])])) },
      { op: 'put', path: 'topics/a2.dita', content: Buffer.from(TOPIC('a2', '<p>Now <xref href="c2.dita"/>.</p>')) },
      { op: 'put', path: 'topics/c2.dita', content: Buffer.from(FILES['topics/c2.dita'] ?? '') },
      { op: 'delete', path: 'topics/b2.dita' },
    ];
    const next = await repo.buildCommit(base, changes, 'known', me);
    const indexer = catalogIndexer(database.db);
    await indexer.index({ libraryId: 8, branch: 'main', repo, commit: base }, null);
    const step = await indexer.index({ libraryId: 8, branch: 'main', repo, commit: next }, base);
    await catalogIndexer(database.db).index({ libraryId: 9, branch: 'main', repo, commit: next }, null);
    expect(step.mode).toBe('incremental');
    // The unchanged topic put as it was is no change; the map and the edited topic are read from the changes.
    expect(step.filesRead).toEqual(expect.arrayContaining(['map.ditamap', 'topics/a2.dita']));
    expect(step.filesRead).not.toContain('topics/c2.dita');
    expect(await rowsOf(database, 8)).toEqual(await rowsOf(database, 9));
  });

  it('a chapter moved further down the map renumbers the link rows it moved: every row keeps its id, the rows above their line too', async () => {
    const linkRows = async (libraryId: number) =>
      (await database.db.select().from(ccmsCatalogLink).where(eq(ccmsCatalogLink.libraryId, libraryId))).map((l) => ({
        id: l.linkId,
        at: `${l.sourcePath}:${l.line}:${l.value}`,
      }));
    const indexer = catalogIndexer(database.db);
    await indexer.index({ libraryId: 10, branch: 'main', repo, commit: base }, null);
    const before = await linkRows(10);
    const moved = MAP([CHAPTERS[0] ?? '', CHAPTERS[2] ?? '', CHAPTERS[1] ?? '']);
    const next = await repo.buildCommit(base, [{ op: 'put', path: 'map.ditamap', content: Buffer.from(moved) }], 'move down', me);
    expect((await indexer.index({ libraryId: 10, branch: 'main', repo, commit: next }, base)).mode).toBe('incremental');
    await catalogIndexer(database.db).index({ libraryId: 11, branch: 'main', repo, commit: next }, null);
    expect(await rowsOf(database, 10)).toEqual(await rowsOf(database, 11));
    const after = await linkRows(10);
    const firstChapter = before.filter((l) => /^map\.ditamap:\d+:topics\/a[12]\.dita$/.test(l.at));
    expect(firstChapter).toHaveLength(2);
    for (const l of firstChapter) expect(after).toContainEqual(l);
    // The topics' own links are not touched either; the moved chapters' rows are new.
    expect(after.filter((l) => !l.at.startsWith('map.ditamap')).sort((a, b) => a.id - b.id)).toEqual(
      before.filter((l) => !l.at.startsWith('map.ditamap')).sort((a, b) => a.id - b.id),
    );
    // The moved chapters' rows are the same rows on other lines: nothing deleted or inserted.
    const mapRows = (rows: typeof before) => rows.filter((l) => l.at.startsWith('map.ditamap'));
    expect(
      mapRows(after)
        .map((l) => l.id)
        .sort(),
    ).toEqual(
      mapRows(before)
        .map((l) => l.id)
        .sort(),
    );
    const lineOf = (rows: typeof before, value: string) => Number(rows.find((l) => l.at.endsWith(`:${value}`))?.at.split(':')[1]);
    expect(lineOf(after, 'topics/c1.dita')).toBeLessThan(lineOf(before, 'topics/c1.dita'));
    expect(lineOf(after, 'topics/b1.dita')).toBeGreaterThan(lineOf(before, 'topics/b1.dita'));
  });

  it('a map edited in several places keeps the rows that only moved, and gives the rows of a full index', async () => {
    const linkIds = async (libraryId: number) =>
      new Set((await database.db.select().from(ccmsCatalogLink).where(eq(ccmsCatalogLink.libraryId, libraryId))).map((l) => l.linkId));
    const indexer = catalogIndexer(database.db);
    await indexer.index({ libraryId: 12, branch: 'main', repo, commit: base }, null);
    const before = await linkIds(12);
    // A line added at the top (everything below shifts), a topicref dropped, one added, a chapter moved, a line holding two links.
    const edited = MAP([
      '<topicref href="topics/c2.dita"/>',
      chapter(3, ['c1', 'c2']),
      chapter(1, ['a1']),
      `${chapter(2, ['b1', 'b2', 'a2'])}<topicref href="topics/a1.dita" keys="again"/><topicref href="nowhere.dita"/>`,
    ]);
    const changes: Change[] = [{ op: 'put', path: 'map.ditamap', content: Buffer.from(edited) }];
    const next = await repo.buildCommit(base, changes, 'edit', me);
    expect((await indexer.index({ libraryId: 12, branch: 'main', repo, commit: next, known: { from: base, changes } }, base)).mode).toBe('incremental');
    await catalogIndexer(database.db).index({ libraryId: 13, branch: 'main', repo, commit: next }, null);
    expect(await rowsOf(database, 12)).toEqual(await rowsOf(database, 13));
    const after = await linkIds(12);
    expect([...after].filter((id) => before.has(id)).length).toBeGreaterThan(4);
    expect([...after].some((id) => !before.has(id))).toBe(true);
  });

  it('a first index with its topic rows written ahead (one connection) gives the rows of one transaction', async () => {
    // More topics than one transaction ahead takes, so several are written before the index row.
    const ids = Array.from({ length: 250 }, (_, i) => `m${i}`);
    const changes: Change[] = [
      { op: 'put', path: 'map.ditamap', content: Buffer.from(MAP([...CHAPTERS, chapter(4, ids)])) },
      ...ids.map((id): Change => ({ op: 'put', path: `topics/${id}.dita`, content: Buffer.from(TOPIC(id, `<p>Many <xref href="a1.dita"/>.</p>`)) })),
    ];
    const next = await repo.buildCommit(base, changes, 'many', me);
    const ahead = await catalogIndexer(database.db, { oneConnection: true }).index({ libraryId: 20, branch: 'main', repo, commit: next }, null);
    const once = await catalogIndexer(database.db).index({ libraryId: 21, branch: 'main', repo, commit: next }, null);
    expect(ahead).toMatchObject({ mode: 'full' });
    expect(once).toMatchObject({ mode: 'full' });
    const [a, b] = [await rowsOf(database, 20), await rowsOf(database, 21)];
    expect(a.topics.length).toBe(256);
    expect(a).toEqual(b);
  });
  it("on the index thread (the server's runner): full, prepared and incremental runs give the rows this process gives; its snapshots serve the next run", async () => {
    const pool = threadPool({ name: 'index', entry: new URL('./index-thread.ts', import.meta.url), size: 1 });
    try {
      const changes: Change[] = [{ op: 'put', path: 'topics/c2.dita', content: Buffer.from(TOPIC('c2', '<p>Changed on the thread.</p>')) }];
      const next = await repo.buildCommit(base, changes, 'change', me);
      const indexer = catalogIndexer(database.db, { runner: threadRunner(pool) });
      expect((await indexer.index({ libraryId: 30, branch: 'main', repo, commit: base }, null)).mode).toBe('full');
      // Prepared while the commit is pushed (its contents cross to the thread), then written.
      const target = { libraryId: 30, branch: 'main', repo, commit: next, known: { from: base, changes } };
      const prepared = await indexer.prepare(target, base);
      expect(prepared).toEqual({ key: '30\u0000main', commit: next, base });
      expect((await indexer.index(target, base, {}, prepared)).mode).toBe('incremental');
      await catalogIndexer(database.db).index({ libraryId: 31, branch: 'main', repo, commit: next }, null);
      const onThread = await rowsOf(database, 30);
      expect(onThread).toEqual(await rowsOf(database, 31));
      expect(onThread.topics.some((t) => t.includes('Changed on the thread.'))).toBe(true);
      // The thread remembered the written run: back to the base from there is an increment; a full run asked for reads everything.
      expect((await indexer.index({ libraryId: 30, branch: 'main', repo, commit: base }, next)).mode).toBe('incremental');
      expect((await indexer.index({ libraryId: 30, branch: 'main', repo, commit: next }, base, { full: true })).mode).toBe('full');
      expect(await rowsOf(database, 30)).toEqual(onThread);
      expect(await indexer.prepare({ ...target, libraryId: 32 }, base)).toBeNull();
    } finally {
      await pool.close();
    }
  });
});

describe('linkEdits', () => {
  const row = (line: number, value: string, col = 1): LinkData => ({
    sourcePath: 'm.ditamap',
    line,
    col,
    kind: 'topicref',
    value,
    key: null,
    targetPath: value,
    targetFragment: null,
    status: 'resolved',
    resolved: true,
    reason: '',
  });
  /** The stored rows after the edit, as writeIndex applies it: delete, renumber by the old line, insert. */
  function applied(before: LinkData[], after: LinkData[]) {
    const edits = linkEdits(before, after);
    if (!edits) return null;
    const inside = (line: number, [from, to]: [number, number]) => line >= from && line <= to;
    const kept = before.filter((r) => !edits.edit.remove.some((range) => inside(r.line, range)));
    const moved = kept.map((r) => ({ ...r, line: r.line + (edits.edit.shift.find((s) => inside(r.line, [s.from, s.to]))?.by ?? 0) }));
    const key = (r: LinkData) => JSON.stringify(r);
    return { rows: [...moved, ...edits.insert].map(key).sort(), want: after.map(key).sort(), edits };
  }

  it('turns the stored rows into the new ones: a block moved up, a line inserted, rows dropped, repeated rows, two rows on a line', () => {
    const before = [row(1, 'a'), row(2, 'b'), row(2, 'b2', 9), row(3, 'c'), row(4, 'same'), row(5, 'same'), row(6, 'd'), row(7, 'e')];
    const after = [row(1, 'd'), row(2, 'e'), row(3, 'new'), row(4, 'a'), row(5, 'b'), row(5, 'b2', 9), row(6, 'same'), row(7, 'same')];
    const out = applied(before, after);
    expect(out?.rows).toEqual(out?.want);
    // Only the new line is inserted; c's line is deleted.
    expect(out?.edits.insert.map((r) => r.value)).toEqual(['new']);
    expect(out?.edits.edit.remove).toEqual([[3, 3]]);
  });

  it('a chapter moved to the top shifts two ranges and writes no row', () => {
    const before = Array.from({ length: 100 }, (_, i) => row(i + 10, `t${i}`));
    const after = [...before.slice(80), ...before.slice(0, 80)].map((r, i) => ({ ...r, line: i + 10 }));
    const out = applied(before, after);
    expect(out?.rows).toEqual(out?.want);
    expect(out?.edits.insert).toEqual([]);
    expect(out?.edits.edit.shift).toEqual([
      { from: 10, to: 89, by: 20 },
      { from: 90, to: 109, by: -80 },
    ]);
  });

  it('too scattered a change is left to a full replacement', () => {
    const before = Array.from({ length: 200 }, (_, i) => row(i * 2, `t${i}`));
    const after = before.map((r, i) => (i % 2 === 0 ? { ...r, value: `x${i}` } : r));
    expect(linkEdits(before, after)).toBeNull();
  });
});
