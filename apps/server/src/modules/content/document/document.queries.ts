import type { DocumentQuery } from '@ccms/contracts/content/document';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ccmsCatalogDocument, ccmsCatalogMeta, ccmsCatalogTopic, ccmsDocumentOutput, ccmsDocumentRevision } from '../../../db/schema';
import { containing } from '../../../platform/db/filters';
import { orderBy, pageWindow } from '../../../platform/http/paging';
import { metaColumns, metaOf } from '../catalog/catalog-meta';

const D = ccmsCatalogDocument;

/** The newest named revision of each document, else the revision written in the map. */
const revision = sql<string>`coalesce((SELECT r.name FROM ${ccmsDocumentRevision} r WHERE r.library_id = ${D.libraryId} AND r.path = ${D.path} ORDER BY r.create_time DESC, r.revision_id DESC LIMIT 1), ${D.revision})`;

const columns = {
  documentId: D.documentId,
  libraryId: D.libraryId,
  branch: D.branch,
  path: D.path,
  docNbr: D.docNbr,
  name: D.name,
  revision,
  lang: D.lang,
  isBookmap: D.isBookmap,
  isSubmap: D.isSubmap,
  topicCount: D.topicCount,
  facts: D.facts,
  brokenCount: D.brokenCount,
  ...metaColumns,
  createTime: D.createTime,
  updateTime: D.updateTime,
};

const sortable = {
  docNbr: D.docNbr,
  name: D.name,
  path: D.path,
  lang: D.lang,
  updateTime: D.updateTime,
  status: ccmsCatalogMeta.status,
  owner: ccmsCatalogMeta.owner,
};

function filters(libraryId: number, branch: string, q: Partial<DocumentQuery>): SQL | undefined {
  return and(
    eq(D.libraryId, libraryId),
    eq(D.branch, branch),
    q.docNbr ? ilike(D.docNbr, containing(q.docNbr)) : undefined,
    q.name ? or(ilike(D.name, containing(q.name)), ilike(D.path, containing(q.name))) : undefined,
    q.status ? sql`${metaColumns.status} = ${q.status}` : undefined,
    q.owner ? eq(ccmsCatalogMeta.owner, q.owner) : undefined,
    q.lang ? eq(D.lang, q.lang) : undefined,
    q.rootOnly === 'true' ? eq(D.isSubmap, false) : undefined,
  );
}

export async function listDocuments(db: Db, libraryId: number, branch: string, q: DocumentQuery) {
  const where = filters(libraryId, branch, q);
  const { limit, offset } = pageWindow(q);
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(D)
      .leftJoin(ccmsCatalogMeta, metaOf(D.libraryId, D.branch, D.path))
      .where(where)
      .orderBy(...orderBy(q, sortable, asc(D.path)), asc(D.documentId))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: count() })
      .from(D)
      .leftJoin(ccmsCatalogMeta, metaOf(D.libraryId, D.branch, D.path))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findDocument(db: Db, documentId: number) {
  const [row] = await db
    .select({ ...columns, problems: D.problems, toc: D.toc, files: D.files })
    .from(D)
    .leftJoin(ccmsCatalogMeta, metaOf(D.libraryId, D.branch, D.path))
    .where(eq(D.documentId, documentId));
  return row;
}

export async function findDocumentByPath(db: Db, libraryId: number, branch: string, path: string) {
  const [row] = await db
    .select({ documentId: D.documentId })
    .from(D)
    .where(and(eq(D.libraryId, libraryId), eq(D.branch, branch), eq(D.path, path)));
  return row;
}

/** Title, code, revision and status of the topics at these paths (toc nodes, connections). */
export async function topicFacets(db: Db, libraryId: number, branch: string, paths: string[]) {
  if (paths.length === 0) return [];
  const T = ccmsCatalogTopic;
  const out = [];
  for (let i = 0; i < paths.length; i += 1000) {
    out.push(
      ...(await db
        .select({ topicId: T.topicId, path: T.path, title: T.title, code: T.code, revision: T.revision, status: metaColumns.status })
        .from(T)
        .leftJoin(ccmsCatalogMeta, metaOf(T.libraryId, T.branch, T.path))
        .where(and(eq(T.libraryId, libraryId), eq(T.branch, branch), inArray(T.path, paths.slice(i, i + 1000))))),
    );
  }
  return out;
}

/** Documents (maps) at these paths. */
export async function documentsAt(db: Db, libraryId: number, branch: string, paths: string[]) {
  if (paths.length === 0) return [];
  return db
    .select({ documentId: D.documentId, path: D.path, name: D.name })
    .from(D)
    .where(and(eq(D.libraryId, libraryId), eq(D.branch, branch), inArray(D.path, paths)));
}

export async function listOutputs(db: Db, libraryId: number, branch: string, path: string, page: { pageNum: number; pageSize: number }) {
  const O = ccmsDocumentOutput;
  const where = and(eq(O.libraryId, libraryId), eq(O.branch, branch), eq(O.path, path));
  const { limit, offset } = pageWindow(page);
  const [rows, [total]] = await Promise.all([
    db
      .select({ outputId: O.outputId, format: O.format, status: O.status, createBy: O.createBy, createTime: O.createTime })
      .from(O)
      .where(where)
      .orderBy(desc(O.createTime), desc(O.outputId))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(O).where(where),
  ]);
  return { rows: rows.map((r) => ({ ...r, status: r.status as 'notStarted' | 'success' | 'fail' })), total: total?.n ?? 0 };
}

const R = ccmsDocumentRevision;
const revisionColumns = {
  revisionId: R.revisionId,
  name: R.name,
  commit: R.commit,
  tagName: R.tagName,
  description: R.description,
  createBy: R.createBy,
  createTime: R.createTime,
};

export async function listRevisions(db: Db, libraryId: number, path: string, page: { pageNum: number; pageSize: number }) {
  const where = and(eq(R.libraryId, libraryId), eq(R.path, path));
  const { limit, offset } = pageWindow(page);
  const [rows, [total]] = await Promise.all([
    db.select(revisionColumns).from(R).where(where).orderBy(desc(R.createTime), desc(R.revisionId)).limit(limit).offset(offset),
    db.select({ n: count() }).from(R).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findRevision(db: Db, libraryId: number, path: string, name: string) {
  const [row] = await db
    .select(revisionColumns)
    .from(R)
    .where(and(eq(R.libraryId, libraryId), eq(R.path, path), eq(R.name, name)));
  return row;
}

export async function insertRevision(db: Db, values: typeof R.$inferInsert) {
  const [row] = await db.insert(R).values(values).onConflictDoNothing().returning(revisionColumns);
  return row;
}
