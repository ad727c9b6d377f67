import { isDitaMap } from '@ccms/dita/files';
import { and, asc, eq, ilike, inArray, like, ne, or } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ccmsCatalogDocument, ccmsCatalogKey, ccmsCatalogLink, ccmsCatalogMeta, ccmsCatalogTopic } from '../../../db/schema';
import { containing } from '../../../platform/db/filters';

const CHUNK = 1000;

async function chunked<T>(paths: string[], read: (part: string[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < paths.length; i += CHUNK) out.push(...(await read(paths.slice(i, i + CHUNK))));
  return out;
}

/** Indexed titles of topics and names of maps at these paths. */
export async function titlesOf(db: Db, libraryId: number, branch: string, paths: string[]): Promise<Map<string, string>> {
  const T = ccmsCatalogTopic;
  const D = ccmsCatalogDocument;
  const topics = await chunked(paths, (part) =>
    db
      .select({ path: T.path, title: T.title })
      .from(T)
      .where(and(eq(T.libraryId, libraryId), eq(T.branch, branch), inArray(T.path, part))),
  );
  const maps = await chunked(paths, (part) =>
    db
      .select({ path: D.path, title: D.name })
      .from(D)
      .where(and(eq(D.libraryId, libraryId), eq(D.branch, branch), inArray(D.path, part))),
  );
  return new Map([...topics, ...maps].map((r) => [r.path, r.title]));
}

/** Workflow status kept for these paths (paths without a row are in the initial status). */
export async function statusesOf(db: Db, libraryId: number, branch: string, paths: string[]): Promise<Map<string, string>> {
  const M = ccmsCatalogMeta;
  const rows = await chunked(paths, (part) =>
    db
      .select({ path: M.path, status: M.status })
      .from(M)
      .where(and(eq(M.libraryId, libraryId), eq(M.branch, branch), inArray(M.path, part))),
  );
  return new Map(rows.map((r) => [r.path, r.status]));
}

/** Maps of the branch other than `mapPath` whose links point at `file` (as the catalogue indexed them). */
export async function mapsUsing(db: Db, libraryId: number, branch: string, file: string, mapPath: string): Promise<string[]> {
  const L = ccmsCatalogLink;
  const rows = await db
    .selectDistinct({ path: L.sourcePath })
    .from(L)
    .where(and(eq(L.libraryId, libraryId), eq(L.branch, branch), eq(L.targetPath, file), ne(L.sourcePath, mapPath)));
  // The files linking to one file are few: the maps among them are told by their names here, as everywhere.
  return rows
    .map((r) => r.path)
    .filter(isDitaMap)
    .sort();
}

/** Indexed definitions of these key names on the branch, by key and then by the root map that defines them. */
export async function keyDefinitionsOf(db: Db, libraryId: number, branch: string, keys: string[]) {
  const K = ccmsCatalogKey;
  return chunked(keys, (part) =>
    db
      .select({ key: K.key, mapPath: K.mapPath, targetPath: K.targetPath, scope: K.scope, text: K.text })
      .from(K)
      .where(and(eq(K.libraryId, libraryId), eq(K.branch, branch), inArray(K.key, part)))
      .orderBy(asc(K.key), asc(K.mapPath)),
  );
}

/**
 * Indexed data modules (by their code, topic `no`) and publication modules (by theirs, document
 * `docNbr`) of an S1000D branch: path and title per code, the first path when several languages share a code.
 */
export async function objectsByCode(db: Db, libraryId: number, branch: string, codes: string[]): Promise<Map<string, { path: string; title: string }>> {
  const T = ccmsCatalogTopic;
  const D = ccmsCatalogDocument;
  const topics = await chunked(codes, (part) =>
    db
      .select({ code: T.no, path: T.path, title: T.title })
      .from(T)
      .where(and(eq(T.libraryId, libraryId), eq(T.branch, branch), inArray(T.no, part)))
      .orderBy(asc(T.path)),
  );
  const documents = await chunked(codes, (part) =>
    db
      .select({ code: D.docNbr, path: D.path, title: D.name })
      .from(D)
      .where(and(eq(D.libraryId, libraryId), eq(D.branch, branch), inArray(D.docNbr, part)))
      .orderBy(asc(D.path)),
  );
  const out = new Map<string, { path: string; title: string }>();
  for (const r of [...topics, ...documents]) if (!out.has(r.code)) out.set(r.code, { path: r.path, title: r.title });
  return out;
}

/** Indexed publication modules of an S1000D branch (documents coded PMC-…) whose code, name or path holds `q`, by path. */
export async function pmsMatching(db: Db, libraryId: number, branch: string, q: string, limit: number) {
  const D = ccmsCatalogDocument;
  const text = q ? or(ilike(D.docNbr, containing(q)), ilike(D.name, containing(q)), ilike(D.path, containing(q))) : undefined;
  return db
    .select({ path: D.path, code: D.docNbr, title: D.name })
    .from(D)
    .where(and(eq(D.libraryId, libraryId), eq(D.branch, branch), like(D.docNbr, 'PMC-%'), text))
    .orderBy(asc(D.path))
    .limit(limit);
}
