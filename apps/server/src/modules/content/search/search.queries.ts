import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client';
import { ccmsCatalogDocument, ccmsCatalogMeta, ccmsCatalogTopic, ccmsLibrary } from '../../../db/schema';
import { containing } from '../../../platform/db/filters';
import { arrayLiteral, cjkBigrams } from '../catalog/cjk';

export interface SearchScope {
  libraryId: number;
  branch: string;
}

export interface SearchFilter {
  terms: string[];
  type?: 'topic' | 'document';
  status?: string;
  owner?: string;
  docType?: string;
  limit: number;
  offset: number;
}

export interface HitRow {
  type: 'topic' | 'document';
  id: number;
  libraryId: number;
  branch: string;
  path: string;
  title: string;
  docType: string;
  status: string;
  owner: string;
}

const T = ccmsCatalogTopic;
const D = ccmsCatalogDocument;
const M = ccmsCatalogMeta;

const inScopes = (libraryId: PgColumn, branch: PgColumn, scopes: SearchScope[]) =>
  or(...scopes.map((s) => and(eq(libraryId, s.libraryId), eq(branch, s.branch)))) as SQL;

const status = sql`coalesce(${M.status}, 'draft')`;
const owner = sql`coalesce(${M.owner}, '')`;

/** Every term in one of the columns (substring, case-insensitive; the trigram indexes serve it). */
const allTerms = (terms: string[], columns: SQL[]) => and(...terms.map((t) => or(...columns.map((c) => sql`${c} ILIKE ${containing(t)}`)))) as SQL;

/** How many terms the title holds: hits with the words in their title come first. */
const titleScore = (terms: string[], title: SQL) =>
  sql.join(
    terms.map((t) => sql`(CASE WHEN lower(${title}) LIKE ${containing(t.toLowerCase())} THEN 1 ELSE 0 END)`),
    sql` + `,
  );

/** Text matches (the last tier) looked at per query: enough for any screen, and search stays fast on common words. */
export const TEXT_HIT_CAP = 500;

/** A term in a topic's text: its CJK pairs first (array index), then the substring in the lower-cased text (trigram index). */
function inText(term: string): SQL {
  const lower = term.toLowerCase();
  const like = sql`${T.search} LIKE ${containing(lower)}`;
  const pairs = cjkBigrams(lower);
  return pairs.length > 0 ? (and(sql`${T.cjk} @> ${arrayLiteral(pairs)}::text[]`, like) as SQL) : like;
}

const allIn = (terms: string[], column: SQL) => and(...terms.map((t) => sql`${column} ILIKE ${containing(t)}`)) as SQL;

/**
 * One page of hits over topics (title, text, metadata) and documents (name, number, path) of
 * the given branches, best first: titles holding every term (shorter first), then the rest.
 * Topics matched only in their text are looked at up to TEXT_HIT_CAP; `capped` says there are more.
 */
export async function searchHits(db: Db, scopes: SearchScope[], f: SearchFilter): Promise<{ rows: HitRow[]; total: number; capped: boolean }> {
  if (scopes.length === 0 || f.terms.length === 0) return { rows: [], total: 0, capped: false };
  const parts: SQL[] = [];
  const meta = and(f.status ? sql`${status} = ${f.status}` : undefined, f.owner ? sql`${owner} = ${f.owner}` : undefined);
  if (f.type !== 'document') {
    const scope = and(inScopes(T.libraryId, T.branch, scopes), meta, f.docType ? eq(T.docType, f.docType) : undefined);
    const titled = allIn(f.terms, sql`${T.title}`);
    const select = (tier: number) => sql`SELECT 'topic' AS type, ${T.topicId} AS id, ${T.libraryId} AS library_id, ${T.branch} AS branch, ${T.path} AS path,
      ${T.title} AS title, ${T.docType} AS doc_type, ${status} AS status, ${owner} AS owner, ${sql.raw(String(tier))} AS tier,
      ${titleScore(f.terms, sql`${T.title}`)} AS score, length(${T.title}) AS closeness
      FROM ${T} LEFT JOIN ${M} ON ${M.libraryId} = ${T.libraryId} AND ${M.branch} = ${T.branch} AND ${M.path} = ${T.path}`;
    parts.push(sql`${select(0)} WHERE ${and(scope, titled)}`);
    const textOnly = and(scope, ...f.terms.map(inText), sql`NOT (${titled})`);
    parts.push(sql`(${select(1)} WHERE ${textOnly} LIMIT ${TEXT_HIT_CAP})`);
  }
  if (f.type !== 'topic' && !f.docType) {
    const named = allIn(f.terms, sql`${D.name}`);
    const where = and(inScopes(D.libraryId, D.branch, scopes), allTerms(f.terms, [sql`${D.name}`, sql`${D.docNbr}`, sql`${D.path}`]), meta);
    parts.push(sql`SELECT 'document' AS type, ${D.documentId} AS id, ${D.libraryId} AS library_id, ${D.branch} AS branch, ${D.path} AS path, ${D.name} AS title,
      'map' AS doc_type, ${status} AS status, ${owner} AS owner, (CASE WHEN ${named} THEN 0 ELSE 1 END) AS tier,
      ${titleScore(f.terms, sql`${D.name}`)} AS score, length(${D.name}) AS closeness
      FROM ${D} LEFT JOIN ${M} ON ${M.libraryId} = ${D.libraryId} AND ${M.branch} = ${D.branch} AND ${M.path} = ${D.path} WHERE ${where}`);
  }
  const union = sql.join(parts, sql` UNION ALL `);
  const page = await db.execute(
    sql`SELECT type, id, library_id, branch, path, title, doc_type, status, owner, count(*) OVER () AS total,
          count(*) FILTER (WHERE type = 'topic' AND tier = 1) OVER () AS text_hits
        FROM (${union}) hits
        ORDER BY tier ASC, score DESC, closeness ASC, type DESC, path ASC LIMIT ${f.limit} OFFSET ${f.offset}`,
  );
  const rows = (page as unknown as { rows: Record<string, unknown>[] }).rows;
  let total = Number(rows[0]?.total ?? 0);
  let textHits = Number(rows[0]?.text_hits ?? 0);
  if (rows.length === 0 && f.offset > 0) {
    const counted = await db.execute(sql`SELECT count(*)::int AS n, (count(*) FILTER (WHERE type = 'topic' AND tier = 1))::int AS t FROM (${union}) hits`);
    const first = (counted as unknown as { rows: { n: number; t: number }[] }).rows[0];
    total = Number(first?.n ?? 0);
    textHits = Number(first?.t ?? 0);
  }
  return {
    rows: rows.map((r) => ({
      type: r.type === 'document' ? 'document' : 'topic',
      id: Number(r.id),
      libraryId: Number(r.library_id),
      branch: String(r.branch),
      path: String(r.path),
      title: String(r.title),
      docType: String(r.doc_type),
      status: String(r.status),
      owner: String(r.owner),
    })),
    total,
    capped: textHits >= TEXT_HIT_CAP,
  };
}

/** Text the snippets are cut from. */
export async function topicTexts(db: Db, topicIds: number[]) {
  if (topicIds.length === 0) return new Map<number, { body: string; meta: string; shortdesc: string }>();
  const rows = await db.select({ id: T.topicId, body: T.body, meta: T.meta, shortdesc: T.shortdesc }).from(T).where(inArray(T.topicId, topicIds));
  return new Map(rows.map((r) => [r.id, r]));
}

export async function documentTexts(db: Db, documentIds: number[]) {
  if (documentIds.length === 0) return new Map<number, { docNbr: string; path: string }>();
  const rows = await db.select({ id: D.documentId, docNbr: D.docNbr, path: D.path }).from(D).where(inArray(D.documentId, documentIds));
  return new Map(rows.map((r) => [r.id, r]));
}

export async function libraryNames(db: Db, libraryIds: number[]) {
  if (libraryIds.length === 0) return new Map<number, string>();
  const rows = await db.select({ id: ccmsLibrary.libraryId, name: ccmsLibrary.name }).from(ccmsLibrary).where(inArray(ccmsLibrary.libraryId, libraryIds));
  return new Map(rows.map((r) => [r.id, r.name]));
}
