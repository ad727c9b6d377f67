import type { BrokenQuery, KeyQuery, LinkRow, ProblemQuery, ProblemRow, ResourceQuery } from '@ccms/contracts/content/catalog';
import { and, asc, count, eq, ilike, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client';
import { preparedOn } from '../../../db/prepared';
import {
  ccmsCatalogDocument,
  ccmsCatalogIndex,
  ccmsCatalogKey,
  ccmsCatalogLink,
  ccmsCatalogProblem,
  ccmsCatalogResource,
  ccmsCatalogTopic,
  ccmsLibrary,
} from '../../../db/schema';
import { containing } from '../../../platform/db/filters';
import { pageWindow } from '../../../platform/http/paging';

export type IndexRow = typeof ccmsCatalogIndex.$inferSelect;

const indexStatement = (db: Db) =>
  db
    .select()
    .from(ccmsCatalogIndex)
    .where(and(eq(ccmsCatalogIndex.libraryId, sql.placeholder('libraryId')), eq(ccmsCatalogIndex.branch, sql.placeholder('branch'))))
    .prepare('ccms_catalog_index_of');

export async function findIndex(db: Db, libraryId: number, branch: string): Promise<IndexRow | undefined> {
  const [row] = await preparedOn(db, indexStatement).execute({ libraryId, branch });
  return row;
}

export const allIndexes = (db: Db) => db.select().from(ccmsCatalogIndex);

const st = alias(ccmsCatalogTopic, 'st');
const sd = alias(ccmsCatalogDocument, 'sd');
const tt = alias(ccmsCatalogTopic, 'tt');
const td = alias(ccmsCatalogDocument, 'td');

/** Links with the topic or document at each end joined, so the web can open either. */
function linkSelect(db: Db) {
  const L = ccmsCatalogLink;
  const same = (t: typeof st | typeof sd | typeof tt | typeof td, path: SQL | typeof L.sourcePath) =>
    and(eq(t.libraryId, L.libraryId), eq(t.branch, L.branch), eq(t.path, path as typeof L.sourcePath));
  return db
    .select({
      linkId: L.linkId,
      kind: L.kind,
      sourcePath: L.sourcePath,
      line: L.line,
      col: L.col,
      value: L.value,
      key: L.key,
      targetPath: L.targetPath,
      targetFragment: L.targetFragment,
      status: L.status,
      reason: L.reason,
      sourceTopicId: st.topicId,
      sourceDocumentId: sd.documentId,
      targetTopicId: tt.topicId,
      targetDocumentId: td.documentId,
    })
    .from(L)
    .leftJoin(st, same(st, L.sourcePath))
    .leftJoin(sd, same(sd, L.sourcePath))
    .leftJoin(tt, and(eq(tt.libraryId, L.libraryId), eq(tt.branch, L.branch), eq(tt.path, sql`${L.targetPath}`)))
    .leftJoin(td, and(eq(td.libraryId, L.libraryId), eq(td.branch, L.branch), eq(td.path, sql`${L.targetPath}`)));
}

const asLinkRows = (rows: Awaited<ReturnType<ReturnType<typeof linkSelect>['where']>>) => rows as unknown as LinkRow[];

const branchLinks = (libraryId: number, branch: string) => and(eq(ccmsCatalogLink.libraryId, libraryId), eq(ccmsCatalogLink.branch, branch));

/** Broken references of a branch, by file and place. */
export async function brokenLinks(db: Db, libraryId: number, branch: string, q: Pick<BrokenQuery, 'path' | 'pageNum' | 'pageSize'>) {
  const where = and(branchLinks(libraryId, branch), eq(ccmsCatalogLink.status, 'broken'), q.path ? eq(ccmsCatalogLink.sourcePath, q.path) : undefined);
  const { limit, offset } = pageWindow(q);
  const [rows, [total]] = await Promise.all([
    linkSelect(db).where(where).orderBy(asc(ccmsCatalogLink.sourcePath), asc(ccmsCatalogLink.line), asc(ccmsCatalogLink.col)).limit(limit).offset(offset),
    db.select({ n: count() }).from(ccmsCatalogLink).where(where),
  ]);
  return { rows: asLinkRows(rows), total: total?.n ?? 0 };
}

/** References written in one of `paths` (outgoing). */
export async function linksFrom(db: Db, libraryId: number, branch: string, paths: string[]) {
  if (paths.length === 0) return [];
  const rows = await linkSelect(db)
    .where(and(branchLinks(libraryId, branch), inArray(ccmsCatalogLink.sourcePath, paths)))
    .orderBy(asc(ccmsCatalogLink.sourcePath), asc(ccmsCatalogLink.line), asc(ccmsCatalogLink.col));
  return asLinkRows(rows);
}

/** References pointing at `path` from another file (incoming: where used). */
export async function linksTo(db: Db, libraryId: number, branch: string, path: string) {
  const rows = await linkSelect(db)
    .where(and(branchLinks(libraryId, branch), eq(ccmsCatalogLink.targetPath, path), sql`${ccmsCatalogLink.sourcePath} <> ${path}`))
    .orderBy(asc(ccmsCatalogLink.sourcePath), asc(ccmsCatalogLink.line), asc(ccmsCatalogLink.col));
  return asLinkRows(rows);
}

export async function listKeys(db: Db, libraryId: number, branch: string, q: Pick<KeyQuery, 'key' | 'pageNum' | 'pageSize'>) {
  const where = and(
    eq(ccmsCatalogKey.libraryId, libraryId),
    eq(ccmsCatalogKey.branch, branch),
    q.key ? ilike(ccmsCatalogKey.key, containing(q.key)) : undefined,
  );
  const { limit, offset } = pageWindow(q);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        key: ccmsCatalogKey.key,
        mapPath: ccmsCatalogKey.mapPath,
        targetPath: ccmsCatalogKey.targetPath,
        scope: ccmsCatalogKey.scope,
        processingRole: ccmsCatalogKey.processingRole,
        text: ccmsCatalogKey.text,
      })
      .from(ccmsCatalogKey)
      .where(where)
      .orderBy(asc(ccmsCatalogKey.key), asc(ccmsCatalogKey.mapPath))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(ccmsCatalogKey).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function listResources(db: Db, libraryId: number, branch: string, q: Pick<ResourceQuery, 'type' | 'name' | 'pageNum' | 'pageSize'>) {
  const R = ccmsCatalogResource;
  const where = and(
    eq(R.libraryId, libraryId),
    eq(R.branch, branch),
    q.type ? eq(R.type, q.type) : undefined,
    q.name ? ilike(R.path, containing(q.name)) : undefined,
  );
  const { limit, offset } = pageWindow(q);
  const refs = sql<number>`(SELECT count(*)::int FROM ${ccmsCatalogLink} l WHERE l.library_id = ${R.libraryId} AND l.branch = ${R.branch} AND l.target_path = ${R.path})`;
  const [rows, [total]] = await Promise.all([
    db
      .select({ resourceId: R.resourceId, type: R.type, path: R.path, size: R.size, contentType: R.contentType, refs, updateTime: R.updateTime })
      .from(R)
      .where(where)
      .orderBy(asc(R.path))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(R).where(where),
  ]);
  return {
    rows: rows.map((r) => ({ ...r, type: r.type as 'image' | 'video', name: r.path.slice(r.path.lastIndexOf('/') + 1), refs: Number(r.refs) })),
    total: total?.n ?? 0,
  };
}

const secondsFromNow = (seconds: number) => sql`now() + (${seconds}::int * interval '1 second')`;

/**
 * Claims a library for a full re-index, holding it `seconds` from now, unless a claim still holds
 * it; false then. One statement, so two requests (or two nodes) never both win.
 */
export async function claimFullReindex(db: Db, libraryId: number, seconds: number): Promise<boolean> {
  const claimed = await db
    .update(ccmsLibrary)
    .set({ fullReindexUntil: secondsFromNow(seconds) })
    .where(and(eq(ccmsLibrary.libraryId, libraryId), or(isNull(ccmsLibrary.fullReindexUntil), lte(ccmsLibrary.fullReindexUntil, sql`now()`))))
    .returning({ libraryId: ccmsLibrary.libraryId });
  return claimed.length > 0;
}

/** After a full re-index: the library stays held `seconds` more, then the next may start. */
export const holdFullReindex = (db: Db, libraryId: number, seconds: number) =>
  db
    .update(ccmsLibrary)
    .set({ fullReindexUntil: secondsFromNow(seconds) })
    .where(eq(ccmsLibrary.libraryId, libraryId));

/** The branch's problems list (errors first, then by file and line), messages in the caller's language. */
export async function listProblems(
  db: Db,
  libraryId: number,
  branch: string,
  q: Pick<ProblemQuery, 'path' | 'severity' | 'code' | 'pageNum' | 'pageSize'>,
  lang: string,
) {
  const P = alias(ccmsCatalogProblem, 'p');
  const where = and(
    eq(P.libraryId, libraryId),
    eq(P.branch, branch),
    q.path !== undefined ? eq(P.path, q.path) : undefined,
    q.severity ? eq(P.severity, q.severity) : undefined,
    q.code ? eq(P.code, q.code) : undefined,
  );
  const { limit, offset } = pageWindow(q);
  const rank = sql`CASE ${P.severity} WHEN 'error' THEN 0 WHEN 'warning' THEN 1 ELSE 2 END`;
  // Qualified by hand: drizzle writes a selected column's name bare, which a subquery would read as its own table's.
  const at = (alias: string) => sql.raw(`${alias}.library_id = p.library_id AND ${alias}.branch = p.branch AND ${alias}.path = p.path`);
  const topicId = sql<number | null>`(SELECT t.topic_id FROM ${ccmsCatalogTopic} t WHERE ${at('t')})`;
  const documentId = sql<number | null>`(SELECT d.document_id FROM ${ccmsCatalogDocument} d WHERE ${at('d')})`;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        problemId: P.problemId,
        path: P.path,
        line: P.line,
        col: P.col,
        severity: P.severity,
        code: P.code,
        xpath: P.xpath,
        messageZh: P.messageZh,
        messageEn: P.messageEn,
        topicId,
        documentId,
      })
      .from(P)
      .where(where)
      .orderBy(rank, asc(P.path), asc(P.line), asc(P.col), asc(P.problemId))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(P).where(where),
  ]);
  const en = lang.toLowerCase().startsWith('en');
  return {
    rows: rows.map(({ messageZh, messageEn, severity, ...r }) => ({ ...r, severity: severity as ProblemRow['severity'], message: en ? messageEn : messageZh })),
    total: total?.n ?? 0,
  };
}
