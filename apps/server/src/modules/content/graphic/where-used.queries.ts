import { and, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ccmsCatalogDocument, ccmsCatalogIndex, ccmsCatalogLink, ccmsCatalogTopic } from '../../../db/schema';

/** Reads of the catalogue's link graph (the catalogue module writes these tables). */

/** The commit the catalogue indexed for a branch, or null when it has not. */
export async function indexedCommit(db: Db, q: { libraryId: number; branch: string }): Promise<string | null> {
  const [row] = await db
    .select({ commit: ccmsCatalogIndex.commit })
    .from(ccmsCatalogIndex)
    .where(and(eq(ccmsCatalogIndex.libraryId, q.libraryId), eq(ccmsCatalogIndex.branch, q.branch)));
  return row?.commit ?? null;
}

export interface LinkHit {
  sourcePath: string;
  line: number;
  col: number;
  kind: string;
  value: string;
  key: string | null;
  targetPath: string | null;
}

/** Links of a branch pointing at any of `paths`, or written with one of `keys` that resolved nowhere. */
export async function linksTo(db: Db, q: { libraryId: number; branch: string; paths: string[]; keys: string[] }): Promise<LinkHit[]> {
  const targets: SQL[] = [];
  if (q.paths.length > 0) targets.push(inArray(ccmsCatalogLink.targetPath, q.paths));
  if (q.keys.length > 0) targets.push(and(isNull(ccmsCatalogLink.targetPath), inArray(ccmsCatalogLink.key, q.keys)) as SQL);
  if (targets.length === 0) return [];
  return db
    .select({
      sourcePath: ccmsCatalogLink.sourcePath,
      line: ccmsCatalogLink.line,
      col: ccmsCatalogLink.col,
      kind: ccmsCatalogLink.kind,
      value: ccmsCatalogLink.value,
      key: ccmsCatalogLink.key,
      targetPath: ccmsCatalogLink.targetPath,
    })
    .from(ccmsCatalogLink)
    .where(and(eq(ccmsCatalogLink.libraryId, q.libraryId), eq(ccmsCatalogLink.branch, q.branch), or(...targets)))
    .orderBy(ccmsCatalogLink.sourcePath, ccmsCatalogLink.line, ccmsCatalogLink.col);
}

export interface IndexedSource {
  path: string;
  title: string;
  topicId: number | null;
  documentId: number | null;
}

/** Titles and catalogue ids of indexed topics and documents at these paths. */
export async function indexedSources(db: Db, q: { libraryId: number; branch: string; paths: string[] }): Promise<Map<string, IndexedSource>> {
  const found = new Map<string, IndexedSource>();
  if (q.paths.length === 0) return found;
  const [topics, documents] = await Promise.all([
    db
      .select({ path: ccmsCatalogTopic.path, title: ccmsCatalogTopic.title, topicId: ccmsCatalogTopic.topicId })
      .from(ccmsCatalogTopic)
      .where(and(eq(ccmsCatalogTopic.libraryId, q.libraryId), eq(ccmsCatalogTopic.branch, q.branch), inArray(ccmsCatalogTopic.path, q.paths))),
    db
      .select({ path: ccmsCatalogDocument.path, name: ccmsCatalogDocument.name, documentId: ccmsCatalogDocument.documentId })
      .from(ccmsCatalogDocument)
      .where(and(eq(ccmsCatalogDocument.libraryId, q.libraryId), eq(ccmsCatalogDocument.branch, q.branch), inArray(ccmsCatalogDocument.path, q.paths))),
  ]);
  for (const t of topics) found.set(t.path, { path: t.path, title: t.title, topicId: t.topicId, documentId: null });
  for (const d of documents) found.set(d.path, { path: d.path, title: d.name, topicId: null, documentId: d.documentId });
  return found;
}
