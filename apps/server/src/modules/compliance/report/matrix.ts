import type { MatrixLink, MatrixRow, Totals, Verdict } from '@ccms/contracts/compliance/compliance-report';
import { and, asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ccmsApprovedRevision, ccmsCatalogDocument, ccmsCatalogMeta, ccmsRegulationClause, ccmsRegulationLink, ccmsWorkItem } from '../../../db/schema';

/** The content a matrix counts: a library branch, optionally only some paths (a document's files) and documents. */
export interface ResolvedScope {
  libraryId: number;
  branch: string;
  /** A document, publication or release scope: the documents' maps and the files they read; absent: the whole branch. */
  documentIds?: number[];
}

/** Content statuses that count as approved evidence. */
const APPROVED_CONTENT = ['approved', 'published', 'distributed'];
/** Requirement states that count as accepted: active (reviewed) and closed (done). */
const ACCEPTED_REQUIREMENT = ['active', 'closed'];

/** Verdict of one clause: not applicable wins, then none, all approved, or partial. */
export function verdictOf(notApplicable: boolean, links: Pick<MatrixLink, 'approved'>[]): Verdict {
  if (notApplicable) return 'notApplicable';
  if (links.length === 0) return 'notCovered';
  return links.every((l) => l.approved) ? 'covered' : 'partial';
}

export function totalsOf(rows: Pick<MatrixRow, 'verdict' | 'links'>[]): Totals {
  const t = { clauses: rows.length, covered: 0, partial: 0, notCovered: 0, notApplicable: 0, links: 0, coverage: 0 };
  for (const r of rows) {
    t[r.verdict]++;
    t.links += r.links.length;
  }
  const applicable = t.clauses - t.notApplicable;
  t.coverage = applicable === 0 ? 100 : Math.round((t.covered / applicable) * 1000) / 10;
  return t;
}

/**
 * The whole matrix of a regulation revision over a scope: every clause in outline order with
 * its links in scope (work items always), each with the answering content's status and
 * approved revision, and the links it has outside the scope (told, not counted). Four queries, whatever the size.
 */
export async function computeMatrix(db: Db, regulationId: number, scope: ResolvedScope): Promise<{ rows: MatrixRow[]; commitNote: boolean }> {
  const C = ccmsRegulationClause;
  const L = ccmsRegulationLink;
  const clauses = await db
    .select({ clauseId: C.clauseId, number: C.number, title: C.title, level: C.level, notApplicable: C.notApplicable, justification: C.justification })
    .from(C)
    .where(eq(C.regulationId, regulationId))
    .orderBy(asc(C.orderNum), asc(C.clauseId));

  const inScope: SQL[] = [];
  // The document's files are read in the database: thousands of paths never travel as parameters.
  const D = ccmsCatalogDocument;
  const ids = scope.documentIds;
  const files = ids
    ? sql`${L.path} IN (SELECT ${D.path} FROM ${D} WHERE ${inArray(D.documentId, ids.length ? ids : [0])}
        UNION ALL SELECT jsonb_array_elements_text(${D.files}) FROM ${D} WHERE ${inArray(D.documentId, ids.length ? ids : [0])})`
    : undefined;
  const content = and(eq(L.libraryId, scope.libraryId), eq(L.branch, scope.branch), files);
  if (content) inScope.push(content);
  if (ids?.length) inScope.push(inArray(L.documentId, ids));
  inScope.push(eq(L.targetType, 'workItem'));

  const A = ccmsApprovedRevision;
  const M = ccmsCatalogMeta;
  const links = await db
    .select({
      clauseId: L.clauseId,
      linkId: L.linkId,
      targetType: L.targetType,
      targetTitle: L.targetTitle,
      path: L.path,
      elementId: L.elementId,
      means: L.means,
      flagged: L.flagged,
      contentStatus: sql<string>`coalesce(${M.status}, 'draft')`,
      workItemStatus: ccmsWorkItem.status,
      approvedCommit: sql<string>`coalesce(${A.commit}, '')`,
      approvedBy: sql<string>`coalesce(${A.approvedBy}, '')`,
      approveTime: A.approveTime,
    })
    .from(L)
    .leftJoin(M, and(eq(M.libraryId, L.libraryId), eq(M.branch, L.branch), eq(M.path, L.path)))
    .leftJoin(A, and(eq(A.libraryId, L.libraryId), eq(A.branch, L.branch), eq(A.path, L.path)))
    .leftJoin(ccmsWorkItem, eq(ccmsWorkItem.workItemId, L.workItemId))
    .where(and(eq(L.regulationId, regulationId), or(...inScope)))
    .orderBy(asc(L.linkId));

  // Links to content the scope does not hold: not evidence here, but the reader is told they exist.
  const outside = await db
    .select({ clauseId: L.clauseId, targetTitle: L.targetTitle, path: L.path, branch: L.branch })
    .from(L)
    .where(and(eq(L.regulationId, regulationId), sql`NOT coalesce(${or(...inScope)}, false)`))
    .orderBy(asc(L.linkId));
  const outsideByClause = new Map<number, MatrixRow['outOfScope']>();
  for (const o of outside)
    outsideByClause.set(o.clauseId, [...(outsideByClause.get(o.clauseId) ?? []), { targetTitle: o.targetTitle, path: o.path, branch: o.branch }]);

  let commitNote = false;
  const byClause = new Map<number, MatrixLink[]>();
  for (const l of links) {
    const isWork = l.targetType === 'workItem';
    const status = isWork ? (l.workItemStatus ?? '') : l.contentStatus;
    const approved = !l.flagged && (isWork ? ACCEPTED_REQUIREMENT.includes(status) : APPROVED_CONTENT.includes(status));
    if (!isWork && !l.approvedCommit) commitNote = true;
    const list = byClause.get(l.clauseId) ?? [];
    list.push({
      linkId: l.linkId,
      targetType: l.targetType as MatrixLink['targetType'],
      targetTitle: l.targetTitle,
      path: l.path,
      elementId: l.elementId,
      means: l.means as MatrixLink['means'],
      status,
      approvedCommit: l.approvedCommit,
      approvedBy: l.approvedBy,
      approveTime: l.approveTime,
      flagged: l.flagged,
      approved,
    });
    byClause.set(l.clauseId, list);
  }
  const rows = clauses.map((c) => {
    const ls = byClause.get(c.clauseId) ?? [];
    return {
      clauseId: c.clauseId,
      number: c.number,
      title: c.title,
      level: c.level,
      verdict: verdictOf(c.notApplicable, ls),
      justification: c.justification,
      links: ls,
      outOfScope: outsideByClause.get(c.clauseId) ?? [],
    };
  });
  return { rows, commitNote };
}

/**
 * What a matrix depends on, as one string that changes whenever any of it changes: the
 * regulation's links and clauses (verdicts and justifications are clause columns), the scoped
 * library branch's catalogue (a reindex moves its commit and time), content statuses and
 * approved revisions there, the linked requirements, and for a release its project's release log
 * (with the outputs its rows archive).
 * Counts catch deletions, the highest id catches a delete plus an insert, the latest change time
 * catches edits. Read from the database on every request, so every node sees every change.
 */
export async function matrixStamp(db: Db, regulationId: number, scope: { libraryId: number; branch: string; projectId?: number }): Promise<string> {
  const lib = scope.libraryId;
  const branch = scope.branch;
  const result = await db.execute(sql`SELECT concat_ws('|',
    (SELECT count(*) || ':' || coalesce(max(link_id), 0) || ':' || coalesce(max(coalesce(update_time, create_time))::text, '')
       FROM ccms_regulation_link WHERE regulation_id = ${regulationId}),
    (SELECT count(*) || ':' || coalesce(max(clause_id), 0) || ':' || coalesce(max(coalesce(update_time, create_time))::text, '')
       FROM ccms_regulation_clause WHERE regulation_id = ${regulationId}),
    (SELECT coalesce(max(commit || '@' || indexed_at::text), '') FROM ccms_catalog_index WHERE library_id = ${lib} AND branch = ${branch}),
    (SELECT count(*) || ':' || coalesce(max(update_time)::text, '') FROM ccms_catalog_meta WHERE library_id = ${lib} AND branch = ${branch}),
    (SELECT count(*) || ':' || coalesce(max(approved_revision_id), 0) || ':' || coalesce(max(approve_time)::text, '')
       FROM ccms_approved_revision WHERE library_id = ${lib} AND branch = ${branch}),
    (SELECT count(*) || ':' || coalesce(max(coalesce(w.update_time, w.create_time))::text, '') FROM ccms_work_item w
       WHERE w.work_item_id IN (SELECT work_item_id FROM ccms_regulation_link WHERE regulation_id = ${regulationId} AND target_type = 'workItem')),
    (SELECT count(*) || ':' || coalesce(max(log_id), 0) || ':' || coalesce(sum(output_id), 0) || ':' || coalesce(max(coalesce(update_time, create_time))::text, '')
       FROM ccms_release_log WHERE project_id = ${scope.projectId ?? 0})
  ) AS stamp`);
  return String((result as unknown as { rows: { stamp: string }[] }).rows[0]?.stamp ?? '');
}
