import { and, asc, count, desc, eq, gte, inArray, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client';
import {
  ccmsCatalogDocument,
  ccmsCatalogMeta,
  ccmsCatalogTopic,
  ccmsDeliverable,
  ccmsDeliveryReceipt,
  ccmsDocumentOutput,
  ccmsLibrary,
  ccmsPlan,
  ccmsProject,
  ccmsProjectGrant,
  ccmsProjectMember,
  ccmsPublication,
  ccmsTask,
  ccmsWorkflow,
  ccmsWorkflowApproval,
  ccmsWorkflowVote,
  sysUser,
} from '../../../db/schema';
import type { GrantCaller } from '../../../platform/auth/grants';
import { projectGrants } from '../project/project-access';

/** A library branch a led project works on (the project's branch, or one of its plans'). */
export interface ScopeBranch {
  projectId: number;
  libraryId: number;
  branch: string;
}

/**
 * Open projects the caller leads: "their projects" are those they own (ownerId), hold an owner or
 * admin grant on (to them, a role of theirs or everyone), or are a member of as the project's
 * manager; `all` (administrators) takes every open project.
 */
export function ledProjects(db: Db, params: { caller: GrantCaller; all: boolean }) {
  const { caller, all } = params;
  const p = ccmsProject;
  const leads = all
    ? undefined
    : or(
        eq(p.ownerId, caller.userId),
        sql`${p.projectId} IN (SELECT ${ccmsProjectGrant.projectId} FROM ${ccmsProjectGrant}
          WHERE ${ccmsProjectGrant.level} IN ('owner', 'admin') AND ${projectGrants.reaching(caller)})`,
        sql`${p.projectId} IN (SELECT ${ccmsProjectMember.projectId} FROM ${ccmsProjectMember}
          WHERE ${ccmsProjectMember.userId} = ${caller.userId} AND ${ccmsProjectMember.projectRole} = 'manager')`,
      );
  return db
    .select({ projectId: p.projectId, title: p.title, libraryId: p.libraryId, branch: p.projectBranch })
    .from(p)
    .where(and(eq(p.delFlag, '0'), eq(p.status, '0'), leads))
    .orderBy(asc(p.projectId));
}

/** The library branches the plans of the projects work on (beside each project's own branch). */
export function planBranches(db: Db, params: { projectIds: number[] }) {
  if (params.projectIds.length === 0) return Promise.resolve([]);
  return db
    .selectDistinct({ projectId: ccmsPlan.projectId, libraryId: ccmsPlan.libraryId, branch: ccmsPlan.branch })
    .from(ccmsPlan)
    .where(and(eq(ccmsPlan.delFlag, '0'), inArray(ccmsPlan.projectId, params.projectIds), ne(ccmsPlan.branch, '')));
}

/** `(library, branch)` of a row is one of the scope's; false for an empty scope. */
function onBranches(libraryId: PgColumn, branch: PgColumn, scope: ScopeBranch[]): SQL {
  if (scope.length === 0) return sql`false`;
  const pairs = scope.map((s) => sql`(${s.libraryId}::int, ${s.branch}::text)`);
  return sql`(${libraryId}, ${branch}) IN (${sql.join(pairs, sql`, `)})`;
}

/**
 * Approvals still open (initiated) in the projects (null: all), or waiting for the caller's own
 * decision anywhere; oldest first, with each one's reviewers and votes so far.
 */
export async function openApprovals(db: Db, params: { projectIds: number[] | null; userId: number; limit: number }) {
  const a = ccmsWorkflowApproval;
  const mineOpen = and(
    sql`${a.reviewerIds} @> ${JSON.stringify([params.userId])}::jsonb`,
    sql`NOT EXISTS (SELECT 1 FROM ${ccmsWorkflowVote} WHERE ${ccmsWorkflowVote.approvalId} = ${a.approvalId} AND ${ccmsWorkflowVote.reviewerId} = ${params.userId})`,
  );
  const inProjects = params.projectIds === null ? undefined : params.projectIds.length > 0 ? inArray(ccmsPlan.projectId, params.projectIds) : sql`false`;
  const where = and(eq(a.state, 'initiated'), eq(ccmsPlan.delFlag, '0'), eq(ccmsProject.delFlag, '0'), inProjects ? or(inProjects, mineOpen) : undefined);
  const from = () =>
    db
      .select({
        approvalId: a.approvalId,
        planId: ccmsPlan.planId,
        planTitle: ccmsPlan.title,
        projectId: ccmsProject.projectId,
        projectTitle: ccmsProject.title,
        stage: a.stage,
        initiatedBy: a.initiatedBy,
        initiateTime: a.initiateTime,
        reviewerIds: a.reviewerIds,
      })
      .from(a)
      .innerJoin(ccmsWorkflow, eq(ccmsWorkflow.workflowId, a.workflowId))
      .innerJoin(ccmsPlan, eq(ccmsPlan.planId, ccmsWorkflow.planId))
      .innerJoin(ccmsProject, eq(ccmsProject.projectId, ccmsPlan.projectId));
  const [rows, [total]] = await Promise.all([
    from().where(where).orderBy(asc(a.initiateTime), asc(a.approvalId)).limit(params.limit),
    db
      .select({ n: count() })
      .from(a)
      .innerJoin(ccmsWorkflow, eq(ccmsWorkflow.workflowId, a.workflowId))
      .innerJoin(ccmsPlan, eq(ccmsPlan.planId, ccmsWorkflow.planId))
      .innerJoin(ccmsProject, eq(ccmsProject.projectId, ccmsPlan.projectId))
      .where(where),
  ]);
  const votes =
    rows.length === 0
      ? []
      : await db
          .select({ approvalId: ccmsWorkflowVote.approvalId, reviewerId: ccmsWorkflowVote.reviewerId })
          .from(ccmsWorkflowVote)
          .where(
            inArray(
              ccmsWorkflowVote.approvalId,
              rows.map((r) => r.approvalId),
            ),
          );
  return { rows, votes, total: total?.n ?? 0 };
}

/** Documents and topics under review on the scope's library branches the caller may read; oldest status change first. */
export async function contentUnderReview(db: Db, params: { scope: ScopeBranch[]; readable: SQL | undefined; limit: number }) {
  const m = ccmsCatalogMeta;
  const where = and(eq(m.status, 'underReview'), onBranches(m.libraryId, m.branch, params.scope), params.readable);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        libraryId: m.libraryId,
        branch: m.branch,
        path: m.path,
        owner: m.owner,
        since: m.updateTime,
        documentId: ccmsCatalogDocument.documentId,
        documentName: ccmsCatalogDocument.name,
        topicId: ccmsCatalogTopic.topicId,
        topicTitle: ccmsCatalogTopic.title,
      })
      .from(m)
      .leftJoin(
        ccmsCatalogDocument,
        and(eq(ccmsCatalogDocument.libraryId, m.libraryId), eq(ccmsCatalogDocument.branch, m.branch), eq(ccmsCatalogDocument.path, m.path)),
      )
      .leftJoin(ccmsCatalogTopic, and(eq(ccmsCatalogTopic.libraryId, m.libraryId), eq(ccmsCatalogTopic.branch, m.branch), eq(ccmsCatalogTopic.path, m.path)))
      .where(where)
      .orderBy(asc(m.updateTime), asc(m.metaId))
      .limit(params.limit),
    db.select({ n: count() }).from(m).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Tasks of the projects not completed and due before `today` (YYYY-MM-DD), longest overdue first. */
export async function overdueTasks(db: Db, params: { projectIds: number[]; today: string; limit: number }) {
  if (params.projectIds.length === 0) return { rows: [], total: 0 };
  const k = ccmsTask;
  const where = and(eq(k.delFlag, '0'), inArray(k.projectId, params.projectIds), ne(k.status, 'completed'), lt(k.dueDate, params.today));
  const [rows, [total]] = await Promise.all([
    db
      .select({
        taskId: k.taskId,
        title: k.title,
        status: k.status,
        projectId: k.projectId,
        projectTitle: ccmsProject.title,
        assigneeId: k.assigneeId,
        assigneeName: sql<string>`coalesce(nullif(${sysUser.nickName}, ''), ${sysUser.userName}, '')`,
        dueDate: sql<string>`${k.dueDate}::text`,
      })
      .from(k)
      .innerJoin(ccmsProject, eq(ccmsProject.projectId, k.projectId))
      .leftJoin(sysUser, eq(sysUser.userId, k.assigneeId))
      .where(where)
      .orderBy(asc(k.dueDate), asc(k.taskId))
      .limit(params.limit),
    db.select({ n: count() }).from(k).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/**
 * Publishes that failed since `since` on the scope's library branches (null: everywhere) of
 * libraries the caller may read, unless a later publish of the same map and config succeeded;
 * newest first.
 */
export async function failedPublishes(db: Db, params: { scope: ScopeBranch[] | null; readable: SQL | undefined; since: Date; limit: number }) {
  const o = ccmsDocumentOutput;
  const where = and(
    eq(o.status, 'fail'),
    gte(o.createTime, params.since),
    params.scope === null ? undefined : onBranches(o.libraryId, o.branch, params.scope),
    params.readable,
    // The outer row is named as static text: a single-table select (the count) renders its columns
    // unqualified, which inside the subquery would name the subquery's own row.
    sql`NOT EXISTS (SELECT 1 FROM ${ccmsDocumentOutput} later WHERE later.library_id = ccms_document_output.library_id
      AND later.branch = ccms_document_output.branch AND later.path = ccms_document_output.path
      AND later.config_id IS NOT DISTINCT FROM ccms_document_output.config_id AND later.status = 'success'
      AND later.create_time > ccms_document_output.create_time)`,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        outputId: o.outputId,
        documentId: ccmsCatalogDocument.documentId,
        libraryId: o.libraryId,
        libraryName: sql<string>`coalesce(nullif(${ccmsLibrary.displayText}, ''), ${ccmsLibrary.name}, '')`,
        branch: o.branch,
        path: o.path,
        configName: o.configName,
        format: o.format,
        errorCount: sql<number>`coalesce((${o.problemCounts}->>'error')::int, 0)`,
        // The reason, else the first error, else the first problem (a build with no page has only warnings).
        error: sql<string>`coalesce(nullif(${o.message}, ''),
          (SELECT p->>'message' FROM jsonb_array_elements(${o.problems}) WITH ORDINALITY AS e(p, n) ORDER BY (p->>'severity' = 'error') DESC, n LIMIT 1), '')`,
        createBy: o.createBy,
        endTime: o.endTime,
      })
      .from(o)
      .leftJoin(ccmsLibrary, eq(ccmsLibrary.libraryId, o.libraryId))
      .leftJoin(
        ccmsCatalogDocument,
        and(eq(ccmsCatalogDocument.libraryId, o.libraryId), eq(ccmsCatalogDocument.branch, o.branch), eq(ccmsCatalogDocument.path, o.path)),
      )
      .where(where)
      .orderBy(desc(o.createTime), desc(o.outputId))
      .limit(params.limit),
    db.select({ n: count() }).from(o).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/**
 * Deliveries that failed since `since` of publications on the scope's library branches (null:
 * everywhere) of libraries the caller may read, unless a later delivery of the same deliverable
 * succeeded; newest first.
 */
export async function failedDeliveries(db: Db, params: { scope: ScopeBranch[] | null; readable: SQL | undefined; since: Date; limit: number }) {
  const r = ccmsDeliveryReceipt;
  const where = and(
    eq(r.status, 'fail'),
    gte(r.startTime, params.since),
    params.scope === null ? undefined : onBranches(ccmsPublication.libraryId, ccmsPublication.branch, params.scope),
    params.readable,
    sql`NOT EXISTS (SELECT 1 FROM ${ccmsDeliveryReceipt} later WHERE later.deliverable_id = ccms_delivery_receipt.deliverable_id
      AND later.status = 'success' AND later.start_time > ccms_delivery_receipt.start_time)`,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        receiptId: r.receiptId,
        deliverableId: r.deliverableId,
        deliverableName: ccmsDeliverable.name,
        publicationName: ccmsPublication.name,
        libraryName: sql<string>`coalesce(nullif(${ccmsLibrary.displayText}, ''), ${ccmsLibrary.name}, '')`,
        error: r.error,
        attempts: r.attempts,
        createBy: r.createBy,
        endTime: r.endTime,
      })
      .from(r)
      .innerJoin(ccmsDeliverable, eq(ccmsDeliverable.deliverableId, r.deliverableId))
      .innerJoin(ccmsPublication, eq(ccmsPublication.publicationId, ccmsDeliverable.publicationId))
      .leftJoin(ccmsLibrary, eq(ccmsLibrary.libraryId, ccmsPublication.libraryId))
      .where(where)
      .orderBy(desc(r.startTime), desc(r.receiptId))
      .limit(params.limit),
    db
      .select({ n: count() })
      .from(r)
      .innerJoin(ccmsDeliverable, eq(ccmsDeliverable.deliverableId, r.deliverableId))
      .innerJoin(ccmsPublication, eq(ccmsPublication.publicationId, ccmsDeliverable.publicationId))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
