import type { TopicQuery } from '@ccms/contracts/content/topic';
import { and, asc, count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ccmsCatalogDocument, ccmsCatalogLink, ccmsCatalogMeta, ccmsCatalogTopic } from '../../../db/schema';
import { containing, startingWith } from '../../../platform/db/filters';
import { orderBy, pageWindow } from '../../../platform/http/paging';
import { metaColumns, metaOf } from '../catalog/catalog-meta';

const T = ccmsCatalogTopic;

/** References from other files pointing at the topic (where used). */
const refs = sql<number>`(SELECT count(*)::int FROM ${ccmsCatalogLink} l WHERE l.library_id = ${T.libraryId} AND l.branch = ${T.branch} AND l.target_path = ${T.path} AND l.source_path <> ${T.path})`;

const columns = {
  topicId: T.topicId,
  libraryId: T.libraryId,
  branch: T.branch,
  path: T.path,
  no: T.no,
  title: T.title,
  code: T.code,
  revision: T.revision,
  manualType: T.manualType,
  folder: T.folder,
  docType: T.docType,
  language: T.language,
  shortdesc: T.shortdesc,
  facts: T.facts,
  refs,
  status: metaColumns.status,
  owner: metaColumns.owner,
  percentage: metaColumns.percentage,
  category: metaColumns.category,
  department: metaColumns.department,
  tags: metaColumns.tags,
  createTime: T.createTime,
  updateTime: T.updateTime,
};

const sortable = {
  no: T.no,
  title: T.title,
  code: T.code,
  path: T.path,
  docType: T.docType,
  updateTime: T.updateTime,
  status: ccmsCatalogMeta.status,
  owner: ccmsCatalogMeta.owner,
};

/** Topics read by a document: its `files` list holds their paths. */
const inDocument = (documentId: number) =>
  sql`EXISTS (SELECT 1 FROM ${ccmsCatalogDocument} d WHERE d.document_id = ${documentId} AND d.library_id = ${T.libraryId} AND d.branch = ${T.branch} AND d.files ? ${T.path})`;

function filters(libraryId: number, branch: string, q: Partial<TopicQuery>): SQL | undefined {
  const folder = q.folder?.replace(/^\/+|\/+$/g, '');
  return and(
    eq(T.libraryId, libraryId),
    eq(T.branch, branch),
    q.title ? ilike(T.title, containing(q.title)) : undefined,
    q.code ? ilike(T.code, containing(q.code)) : undefined,
    q.status ? sql`${metaColumns.status} = ${q.status}` : undefined,
    q.owner ? eq(ccmsCatalogMeta.owner, q.owner) : undefined,
    folder ? or(eq(T.folder, folder), ilike(T.folder, startingWith(`${folder}/`))) : undefined,
    q.docType ? eq(T.docType, q.docType) : undefined,
    q.language ? eq(T.language, q.language) : undefined,
    q.documentId ? inDocument(q.documentId) : undefined,
  );
}

export async function listTopics(db: Db, libraryId: number, branch: string, q: TopicQuery) {
  const where = filters(libraryId, branch, q);
  const { limit, offset } = pageWindow(q);
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(T)
      .leftJoin(ccmsCatalogMeta, metaOf(T.libraryId, T.branch, T.path))
      .where(where)
      .orderBy(...orderBy(q, sortable, asc(T.path)), asc(T.topicId))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: count() })
      .from(T)
      .leftJoin(ccmsCatalogMeta, metaOf(T.libraryId, T.branch, T.path))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

const topicWhere = async (db: Db, where: SQL | undefined) => {
  const [row] = await db
    .select({ ...columns, problems: T.problems })
    .from(T)
    .leftJoin(ccmsCatalogMeta, metaOf(T.libraryId, T.branch, T.path))
    .where(where);
  return row;
};

export const findTopic = (db: Db, topicId: number) => topicWhere(db, eq(T.topicId, topicId));

export const findTopicByPath = (db: Db, libraryId: number, branch: string, path: string) =>
  topicWhere(db, and(eq(T.libraryId, libraryId), eq(T.branch, branch), eq(T.path, path)));

/** Maps whose reading list holds the topic. */
export async function documentsReading(db: Db, libraryId: number, branch: string, path: string) {
  const D = ccmsCatalogDocument;
  return db
    .select({ documentId: D.documentId, path: D.path, name: D.name })
    .from(D)
    .where(and(eq(D.libraryId, libraryId), eq(D.branch, branch), sql`${D.files} ? ${path}`))
    .orderBy(asc(D.path));
}
