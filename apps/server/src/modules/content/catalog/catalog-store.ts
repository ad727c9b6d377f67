/**
 * The catalogue's writes of one (re)index, in one transaction: the rows' shapes, the bulk inserts,
 * renames that keep identities, link edits, and writeIndex that applies them in order.
 * Over 400 lines: writeIndex and the helpers it calls form one transaction whose steps depend on
 * each other's order (renames before inserts, links after both); only writeIndex uses them.
 */
import { and, between, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../../db/client';
import {
  ccmsCatalogDocument,
  ccmsCatalogIndex,
  ccmsCatalogKey,
  ccmsCatalogLink,
  ccmsCatalogMeta,
  ccmsCatalogProblem,
  ccmsCatalogResource,
  ccmsCatalogTopic,
  ccmsPublication,
  ccmsRegulationLink,
} from '../../../db/schema';

/** Writes of one (re)index, all in the caller's transaction. */

export type TopicData = Omit<typeof ccmsCatalogTopic.$inferInsert, 'topicId' | 'libraryId' | 'branch' | 'createTime' | 'updateTime'> & {
  path: string;
  hash: string;
};
export type DocumentData = Omit<typeof ccmsCatalogDocument.$inferInsert, 'documentId' | 'libraryId' | 'branch' | 'createTime' | 'updateTime'> & {
  path: string;
  hash: string;
};
export type ResourceData = Omit<typeof ccmsCatalogResource.$inferInsert, 'resourceId' | 'libraryId' | 'branch' | 'createTime' | 'updateTime'>;
export type KeyData = Omit<typeof ccmsCatalogKey.$inferInsert, 'keyId' | 'libraryId' | 'branch'>;
export type LinkData = Omit<typeof ccmsCatalogLink.$inferInsert, 'linkId' | 'libraryId' | 'branch'>;
export type ProblemData = Omit<typeof ccmsCatalogProblem.$inferInsert, 'problemId' | 'libraryId' | 'branch'> & { path: string };

export interface IndexWrite {
  libraryId: number;
  branch: string;
  commit: string;
  /** The commit the write is based on (null: none); a different stored commit means someone else indexed meanwhile. */
  baseCommit: string | null;
  topics: { upsert: TopicData[]; remove: string[] };
  documents: { upsert: DocumentData[]; remove: string[] };
  resources: { upsert: ResourceData[]; remove: string[] };
  /** null: keys unchanged. */
  keys: KeyData[] | null;
  /**
   * Links of these source files are replaced by `rows` (all: every link of the branch); a source
   * in `edits` instead has its stored rows edited in place, and `rows` adds its new ones.
   */
  links: { sources: string[] | 'all'; rows: LinkData[]; edits?: ReadonlyMap<string, LinkEdit> };
  /** The branch's problems list, replaced whole (standards that index every file each run); absent: left as it is. */
  problems?: ProblemData[];
  /**
   * Files that are the same object under a new name (an S1000D data module at a new issue): their
   * topic row (and id), status, history and compliance links move to the new path before the upserts.
   */
  renames?: { from: string; to: string }[];
  /**
   * Documents that are the same object under a new name (an S1000D publication module at a new
   * issue): their document row (and id) and status move to the new path, and the publications of
   * the branch that publish the old file publish the new one.
   */
  documentRenames?: { from: string; to: string }[];
  stats: {
    mode: string;
    durationMs: number;
    filesRead: number;
    documents: number;
    topics: number;
    images: number;
    videos: number;
    keys: number;
    links: number;
    brokenLinks: number;
  };
}

/**
 * A source file's stored link rows edited in place (lines first and last inclusive, as stored):
 * the rows on `remove` lines deleted, then those on `shift` lines renumbered by `by`.
 */
export interface LinkEdit {
  remove: [number, number][];
  shift: { from: number; to: number; by: number }[];
}

/** Another run indexed the branch since this one started: its result is dropped. */
export class IndexRaceError extends Error {
  constructor() {
    super('the index moved while this run was working');
    this.name = 'IndexRaceError';
  }
}

/** A field of the rows, its column and SQL type, and what an absent field writes (else null). */
type Column = [field: string, column: string, type: string, absent?: unknown];

const TOPIC_COLUMNS: Column[] = [
  ['path', 'path', 'text'],
  ['no', 'no', 'text'],
  ['title', 'title', 'text'],
  ['code', 'code', 'text'],
  ['revision', 'revision', 'text'],
  ['manualType', 'manual_type', 'text'],
  ['folder', 'folder', 'text'],
  ['docType', 'doc_type', 'text'],
  ['language', 'language', 'text'],
  ['shortdesc', 'shortdesc', 'text'],
  ['body', 'body', 'text'],
  ['meta', 'meta', 'text'],
  ['search', 'search', 'text'],
  ['cjk', 'cjk', 'text[]'],
  ['problems', 'problems', 'int'],
  ['hash', 'hash', 'text'],
  ['facts', 'facts', 'jsonb', {}],
];
const DOCUMENT_COLUMNS: Column[] = [
  ['path', 'path', 'text'],
  ['docNbr', 'doc_nbr', 'text'],
  ['name', 'name', 'text'],
  ['revision', 'revision', 'text'],
  ['lang', 'lang', 'text'],
  ['isBookmap', 'is_bookmap', 'boolean'],
  ['isSubmap', 'is_submap', 'boolean'],
  ['topicCount', 'topic_count', 'int'],
  ['brokenCount', 'broken_count', 'int'],
  ['problems', 'problems', 'int'],
  ['toc', 'toc', 'jsonb'],
  ['files', 'files', 'jsonb'],
  ['hash', 'hash', 'text'],
  ['facts', 'facts', 'jsonb', {}],
];
const RESOURCE_COLUMNS: Column[] = [
  ['path', 'path', 'text'],
  ['type', 'type', 'text'],
  ['size', 'size', 'int'],
  ['contentType', 'content_type', 'text'],
  ['oid', 'oid', 'text'],
];
const KEY_COLUMNS: Column[] = [
  ['mapPath', 'map_path', 'text'],
  ['key', 'key', 'text'],
  ['targetPath', 'target_path', 'text'],
  ['scope', 'scope', 'text'],
  ['processingRole', 'processing_role', 'text'],
  ['text', 'text', 'text'],
];
const LINK_COLUMNS: Column[] = [
  ['sourcePath', 'source_path', 'text'],
  ['line', 'line', 'int'],
  ['col', 'col', 'int'],
  ['kind', 'kind', 'text'],
  ['value', 'value', 'text'],
  ['key', 'key', 'text'],
  ['targetPath', 'target_path', 'text'],
  ['targetFragment', 'target_fragment', 'text'],
  ['status', 'status', 'text'],
  ['resolved', 'resolved', 'boolean'],
  ['reason', 'reason', 'text'],
];
const PROBLEM_COLUMNS: Column[] = [
  ['path', 'path', 'text'],
  ['line', 'line', 'int'],
  ['col', 'col', 'int'],
  ['severity', 'severity', 'text'],
  ['code', 'code', 'text'],
  ['xpath', 'xpath', 'text'],
  ['messageZh', 'message_zh', 'text'],
  ['messageEn', 'message_en', 'text'],
];

/** Text (characters) per insert statement; see insertRows. */
const STATEMENT_BYTES = 64 * 1024;

/**
 * Inserts many rows as one JSON parameter expanded by jsonb_to_recordset: one statement per few
 * thousand rows and no per-row query building. Table and column names are constants of this file.
 * With `upsert`, an existing (library, branch, path) row takes the new values.
 */
/** One turn of the event loop: timers, I/O and whatever waits for the connection run before the caller goes on. */
const loopTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

async function insertRows(tx: Tx, table: string, columns: Column[], scope: { libraryId: number; branch: string; now?: Date }, rows: object[], upsert = false) {
  if (rows.length === 0) return;
  const names = columns.map(([, c]) => c);
  const record = columns.map(([, c, type]) => `"${c}" ${type}`).join(', ');
  const timeColumns = scope.now ? ', update_time' : '';
  const onConflict = upsert
    ? ` ON CONFLICT (library_id, branch, path) DO UPDATE SET ${[...names.filter((c) => c !== 'path'), ...(scope.now ? ['update_time'] : [])].map((c) => `"${c}" = excluded."${c}"`).join(', ')}`
    : '';
  for (let i = 0; i < rows.length; ) {
    // A statement carries up to 5,000 rows or about STATEMENT_BYTES of them: on PGlite a statement
    // runs on this event loop from start to end, and one of 5,000 topics (their search text
    // trigram-indexed) held it for many seconds, stalling every request and publish meanwhile.
    const chunk: Record<string, unknown>[] = [];
    let bytes = 0;
    for (; i < rows.length && chunk.length < 5000 && bytes < STATEMENT_BYTES; i++) {
      const out: Record<string, unknown> = {};
      const source = rows[i] as Record<string, unknown>;
      for (const [field, column, , absent] of columns) {
        const value = source[field] ?? absent ?? null;
        out[column] = value;
        bytes += typeof value === 'string' ? value.length : 16;
      }
      chunk.push(out);
    }
    const head = `INSERT INTO ${table} (library_id, branch, ${names.map((c) => `"${c}"`).join(', ')}${timeColumns}) SELECT `;
    const select = `, ${names.map((c) => `x."${c}"`).join(', ')}${scope.now ? ', ' : ''}`;
    const query = sql.join(
      [
        sql.raw(head),
        sql`${scope.libraryId}::int, ${scope.branch}::text`,
        sql.raw(select),
        scope.now ? sql`${scope.now.toISOString()}::timestamptz` : sql.raw(''),
        sql.raw(' FROM jsonb_to_recordset('),
        sql`${JSON.stringify(chunk)}::jsonb`,
        sql.raw(`) AS x(${record})${onConflict}`),
      ],
      sql.raw(''),
    );
    await tx.execute(query);
    // Lets waiting callbacks run between statements (the statements' promises alone never do).
    if (i < rows.length) await loopTurn();
  }
}

/** One object's catalogue identity moved to its new file: topic row (keeping its id), status and history, compliance links. */
async function renamePath(tx: Tx, libraryId: number, branch: string, from: string, to: string) {
  const topic = (path: string) => and(eq(ccmsCatalogTopic.libraryId, libraryId), eq(ccmsCatalogTopic.branch, branch), eq(ccmsCatalogTopic.path, path));
  const meta = (path: string) => and(eq(ccmsCatalogMeta.libraryId, libraryId), eq(ccmsCatalogMeta.branch, branch), eq(ccmsCatalogMeta.path, path));
  // A row already at the new path (indexed before under that name) gives way to the one that carries the history.
  await tx.delete(ccmsCatalogTopic).where(topic(to));
  await tx.update(ccmsCatalogTopic).set({ path: to, hash: '' }).where(topic(from));
  const [held] = await tx.select({ id: ccmsCatalogMeta.metaId }).from(ccmsCatalogMeta).where(meta(from));
  if (held) {
    await tx.delete(ccmsCatalogMeta).where(meta(to));
    await tx.update(ccmsCatalogMeta).set({ path: to }).where(eq(ccmsCatalogMeta.metaId, held.id));
  }
  await tx
    .update(ccmsRegulationLink)
    .set({ path: to })
    .where(and(eq(ccmsRegulationLink.libraryId, libraryId), eq(ccmsRegulationLink.branch, branch), eq(ccmsRegulationLink.path, from)));
}

/** One publication module's catalogue identity moved to its new file: document row (keeping its id), status and history, the branch's publications of it. */
async function renameDocument(tx: Tx, libraryId: number, branch: string, from: string, to: string) {
  const doc = (path: string) => and(eq(ccmsCatalogDocument.libraryId, libraryId), eq(ccmsCatalogDocument.branch, branch), eq(ccmsCatalogDocument.path, path));
  const meta = (path: string) => and(eq(ccmsCatalogMeta.libraryId, libraryId), eq(ccmsCatalogMeta.branch, branch), eq(ccmsCatalogMeta.path, path));
  await tx.delete(ccmsCatalogDocument).where(doc(to));
  await tx.update(ccmsCatalogDocument).set({ path: to, hash: '' }).where(doc(from));
  const [held] = await tx.select({ id: ccmsCatalogMeta.metaId }).from(ccmsCatalogMeta).where(meta(from));
  if (held) {
    await tx.delete(ccmsCatalogMeta).where(meta(to));
    await tx.update(ccmsCatalogMeta).set({ path: to }).where(eq(ccmsCatalogMeta.metaId, held.id));
  }
  await tx
    .update(ccmsPublication)
    .set({ ditaMap: to })
    .where(and(eq(ccmsPublication.libraryId, libraryId), eq(ccmsPublication.branch, branch), eq(ccmsPublication.ditaMap, from)));
}

/** Each stored document's identity across renames (its code and language: `docNbr` and `lang`), by path; documents without a code have none. */
export async function storedDocumentIdentities(db: Db, libraryId: number, branch: string): Promise<Map<string, string>> {
  const d = ccmsCatalogDocument;
  const rows = await db
    .select({ path: d.path, no: d.docNbr, lang: d.lang })
    .from(d)
    .where(and(eq(d.libraryId, libraryId), eq(d.branch, branch), sql`${d.docNbr} <> ''`));
  return new Map(rows.map((r) => [r.path, `${r.no}${r.lang ? `_${r.lang}` : ''}`]));
}

async function removePaths(tx: Tx, table: PgTable, scope: SQL, pathColumn: SQL, paths: string[]) {
  for (let i = 0; i < paths.length; i += 1000) {
    await tx.delete(table).where(and(scope, inArray(pathColumn, paths.slice(i, i + 1000))));
  }
}

/** One file's link rows edited in place: one delete, then one update renumbering every shifted range at once (each row moves once, by its old line). */
async function editLinks(tx: Tx, file: SQL, edit: LinkEdit) {
  const line = ccmsCatalogLink.line;
  if (edit.remove.length > 0) await tx.delete(ccmsCatalogLink).where(and(file, or(...edit.remove.map(([from, to]) => between(line, from, to)))));
  if (edit.shift.length === 0) return;
  const cases = sql.join(
    edit.shift.map((s) => sql`WHEN ${line} BETWEEN ${s.from} AND ${s.to} THEN ${s.by}::int`),
    sql.raw(' '),
  );
  await tx
    .update(ccmsCatalogLink)
    .set({ line: sql`${line} + CASE ${cases} ELSE 0 END` })
    .where(and(file, or(...edit.shift.map((s) => between(line, s.from, s.to)))));
}

/** Each stored topic's identity across renames (its code and language: `no` and `language`), by path. */
export async function storedIdentities(db: Db, libraryId: number, branch: string): Promise<Map<string, string>> {
  const t = ccmsCatalogTopic;
  const rows = await db
    .select({ path: t.path, no: t.no, language: t.language })
    .from(t)
    .where(and(eq(t.libraryId, libraryId), eq(t.branch, branch), sql`${t.no} <> ''`));
  return new Map(rows.map((r) => [r.path, `${r.no}${r.language ? `_${r.language}` : ''}`]));
}

/** The existing hash of each path of a branch (the full index writes only what differs). */
export async function storedHashes(db: Db, table: 'topic' | 'document', libraryId: number, branch: string): Promise<Map<string, string>> {
  const t = table === 'topic' ? ccmsCatalogTopic : ccmsCatalogDocument;
  const rows = await db
    .select({ path: t.path, hash: t.hash })
    .from(t)
    .where(and(eq(t.libraryId, libraryId), eq(t.branch, branch)));
  return new Map(rows.map((r) => [r.path, r.hash]));
}

export async function storedResourcePaths(db: Db, libraryId: number, branch: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ path: ccmsCatalogResource.path, oid: ccmsCatalogResource.oid })
    .from(ccmsCatalogResource)
    .where(and(eq(ccmsCatalogResource.libraryId, libraryId), eq(ccmsCatalogResource.branch, branch)));
  return new Map(rows.map((r) => [r.path, r.oid]));
}

/** Topic rows per transaction of a first index written ahead (see writeIndex). */
const AHEAD_ROWS = 100;

/**
 * `trace` is told each finished phase (the indexer's timing trace). With `oneConnection` (PGlite:
 * a transaction holds every other query of the server, a publish's status or any request, for as
 * long as it runs), a first index of a branch (nothing stored, no index row) writes its topic rows,
 * most of its time, ahead in transactions of their own; the index row, written last with the rest
 * in one transaction, still says when the branch is indexed, and a first index cut off midway is
 * put right by the next (it compares with what is stored).
 */
export async function writeIndex(db: Db, w: IndexWrite, trace?: (phase: string) => void, opts: { oneConnection?: boolean } = {}): Promise<void> {
  const { libraryId, branch } = w;
  if (opts.oneConnection && w.baseCommit === null && w.topics.upsert.length > AHEAD_ROWS) {
    const [current] = await db
      .select({ commit: ccmsCatalogIndex.commit })
      .from(ccmsCatalogIndex)
      .where(and(eq(ccmsCatalogIndex.libraryId, libraryId), eq(ccmsCatalogIndex.branch, branch)));
    if (!current) {
      const scope = { libraryId, branch, now: new Date() };
      const rows = w.topics.upsert;
      for (let i = 0; i < rows.length; i += AHEAD_ROWS) {
        await db.transaction((tx) => insertRows(tx, 'ccms_catalog_topic', TOPIC_COLUMNS, scope, rows.slice(i, i + AHEAD_ROWS), true));
        // Whatever waited for the connection meanwhile goes first.
        await loopTurn();
      }
      w = { ...w, topics: { upsert: [], remove: w.topics.remove } };
      trace?.('topics ahead');
    }
  }
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ commit: ccmsCatalogIndex.commit })
      .from(ccmsCatalogIndex)
      .where(and(eq(ccmsCatalogIndex.libraryId, libraryId), eq(ccmsCatalogIndex.branch, branch)))
      .for('update');
    if ((current?.commit ?? null) !== w.baseCommit) throw new IndexRaceError();
    const now = new Date();

    const scope = { libraryId, branch, now };
    for (const { from, to } of w.renames ?? []) await renamePath(tx, libraryId, branch, from, to);
    const topicScope = and(eq(ccmsCatalogTopic.libraryId, libraryId), eq(ccmsCatalogTopic.branch, branch)) as SQL;
    await removePaths(tx, ccmsCatalogTopic, topicScope, sql`${ccmsCatalogTopic.path}`, w.topics.remove);
    await insertRows(tx, 'ccms_catalog_topic', TOPIC_COLUMNS, scope, w.topics.upsert, true);
    trace?.(`topics`);

    for (const { from, to } of w.documentRenames ?? []) await renameDocument(tx, libraryId, branch, from, to);
    const docScope = and(eq(ccmsCatalogDocument.libraryId, libraryId), eq(ccmsCatalogDocument.branch, branch)) as SQL;
    await removePaths(tx, ccmsCatalogDocument, docScope, sql`${ccmsCatalogDocument.path}`, w.documents.remove);
    await insertRows(tx, 'ccms_catalog_document', DOCUMENT_COLUMNS, scope, w.documents.upsert, true);
    trace?.(`documents`);

    const resScope = and(eq(ccmsCatalogResource.libraryId, libraryId), eq(ccmsCatalogResource.branch, branch)) as SQL;
    await removePaths(tx, ccmsCatalogResource, resScope, sql`${ccmsCatalogResource.path}`, w.resources.remove);
    await insertRows(tx, 'ccms_catalog_resource', RESOURCE_COLUMNS, scope, w.resources.upsert, true);
    trace?.(`resources`);

    if (w.keys) {
      await tx.delete(ccmsCatalogKey).where(and(eq(ccmsCatalogKey.libraryId, libraryId), eq(ccmsCatalogKey.branch, branch)));
      await insertRows(tx, 'ccms_catalog_key', KEY_COLUMNS, { libraryId, branch }, w.keys);
    }

    const linkScope = and(eq(ccmsCatalogLink.libraryId, libraryId), eq(ccmsCatalogLink.branch, branch)) as SQL;
    if (w.links.sources === 'all') await tx.delete(ccmsCatalogLink).where(linkScope);
    else {
      const edits = w.links.edits;
      const whole = edits ? w.links.sources.filter((s) => !edits.has(s)) : w.links.sources;
      await removePaths(tx, ccmsCatalogLink, linkScope, sql`${ccmsCatalogLink.sourcePath}`, whole);
      for (const [source, edit] of edits ?? []) await editLinks(tx, and(linkScope, eq(ccmsCatalogLink.sourcePath, source)) as SQL, edit);
    }
    // New rows last: the edits above name stored lines only.
    await insertRows(tx, 'ccms_catalog_link', LINK_COLUMNS, { libraryId, branch }, w.links.rows);
    trace?.(`links`);

    if (w.problems) {
      await tx.delete(ccmsCatalogProblem).where(and(eq(ccmsCatalogProblem.libraryId, libraryId), eq(ccmsCatalogProblem.branch, branch)));
      await insertRows(tx, 'ccms_catalog_problem', PROBLEM_COLUMNS, { libraryId, branch }, w.problems);
      trace?.(`problems`);
    }

    const s = w.stats;
    const values = {
      commit: w.commit,
      indexedAt: now,
      lastMode: s.mode,
      lastDurationMs: Math.round(s.durationMs),
      lastFilesRead: s.filesRead,
      documents: s.documents,
      topics: s.topics,
      images: s.images,
      videos: s.videos,
      keys: s.keys,
      links: s.links,
      brokenLinks: s.brokenLinks,
    };
    if (current) {
      await tx
        .update(ccmsCatalogIndex)
        .set(values)
        .where(and(eq(ccmsCatalogIndex.libraryId, libraryId), eq(ccmsCatalogIndex.branch, branch)));
    } else {
      await tx.insert(ccmsCatalogIndex).values({ libraryId, branch, ...values });
    }
  });
}
