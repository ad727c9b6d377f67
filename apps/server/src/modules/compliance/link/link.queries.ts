import type { LinkQuery, LinkTarget } from '@ccms/contracts/compliance/regulation';
import { and, asc, count, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ccmsRegulation, ccmsRegulationClause, ccmsRegulationLink } from '../../../db/schema';
import { pageWindow } from '../../../platform/http/paging';

const L = ccmsRegulationLink;
const C = ccmsRegulationClause;
const R = ccmsRegulation;

const columns = {
  linkId: L.linkId,
  clauseId: L.clauseId,
  clauseNumber: C.number,
  clauseTitle: C.title,
  regulationId: L.regulationId,
  regulationName: R.name,
  regulationRevision: R.revision,
  targetType: L.targetType,
  libraryId: L.libraryId,
  branch: L.branch,
  path: L.path,
  documentId: L.documentId,
  topicId: L.topicId,
  elementId: L.elementId,
  workItemId: L.workItemId,
  targetTitle: L.targetTitle,
  means: L.means,
  comment: L.comment,
  flagged: L.flagged,
  flagReason: L.flagReason,
  flagDiff: L.flagDiff,
  createBy: L.createBy,
  createTime: L.createTime,
};

/** Links of live regulations the caller may read, by regulation, clause or topic (the clauses a topic answers). */
export async function listLinks(db: Db, readable: SQL | undefined, q: LinkQuery) {
  const where = and(
    eq(R.delFlag, '0'),
    readable,
    q.regulationId ? eq(L.regulationId, q.regulationId) : undefined,
    q.clauseId ? eq(L.clauseId, q.clauseId) : undefined,
    q.topicId ? eq(L.topicId, q.topicId) : undefined,
    q.flagged ? eq(L.flagged, q.flagged === 'true') : undefined,
  );
  const { limit, offset } = pageWindow(q);
  const from = () => db.select(columns).from(L).innerJoin(C, eq(C.clauseId, L.clauseId)).innerJoin(R, eq(R.regulationId, L.regulationId));
  const [rows, [total]] = await Promise.all([
    from().where(where).orderBy(asc(C.orderNum), asc(L.linkId)).limit(limit).offset(offset),
    db.select({ n: count() }).from(L).innerJoin(C, eq(C.clauseId, L.clauseId)).innerJoin(R, eq(R.regulationId, L.regulationId)).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findLink(db: Db, linkId: number) {
  const [row] = await db.select().from(L).where(eq(L.linkId, linkId));
  return row;
}

/** The same clause already points at the same item. */
export async function sameLink(
  db: Db,
  v: { clauseId: number; targetType: LinkTarget; documentId?: number; topicId?: number; elementId?: string; workItemId?: number },
) {
  const [row] = await db
    .select({ id: L.linkId })
    .from(L)
    .where(
      and(
        eq(L.clauseId, v.clauseId),
        eq(L.targetType, v.targetType),
        or(
          v.documentId ? eq(L.documentId, v.documentId) : undefined,
          v.workItemId ? eq(L.workItemId, v.workItemId) : undefined,
          v.topicId ? and(eq(L.topicId, v.topicId), eq(L.elementId, v.elementId ?? '')) : undefined,
        ),
      ),
    );
  return !!row;
}

/**
 * Regulation clauses linked to a topic or one of its elements (by library, branch and path, so
 * a reindex that renumbers topics keeps them), of live regulations the caller may read.
 */
export async function clausesAnswered(db: Db, readable: SQL | undefined, topic: { libraryId: number; branch: string; path: string }) {
  return db
    .select({
      linkId: L.linkId,
      regulationId: L.regulationId,
      regulationName: R.name,
      regulationRevision: R.revision,
      clauseId: L.clauseId,
      clauseNumber: C.number,
      clauseTitle: C.title,
      elementId: L.elementId,
      means: L.means,
      flagged: L.flagged,
    })
    .from(L)
    .innerJoin(C, eq(C.clauseId, L.clauseId))
    .innerJoin(ccmsRegulation, eq(R.regulationId, L.regulationId))
    .where(
      and(
        eq(L.libraryId, topic.libraryId),
        eq(L.branch, topic.branch),
        eq(L.path, topic.path),
        inArray(L.targetType, ['topic', 'element']),
        eq(R.delFlag, '0'),
        readable,
      ),
    )
    .orderBy(asc(R.name), asc(C.orderNum), asc(L.linkId));
}
