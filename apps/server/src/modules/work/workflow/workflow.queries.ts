import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import {
  ccmsApprovedRevision,
  ccmsCatalogDocument,
  ccmsCatalogIndex,
  ccmsCatalogMeta,
  ccmsCatalogTopic,
  ccmsLibrary,
  ccmsPlan,
  ccmsProject,
  ccmsProjectConfig,
  ccmsTask,
  ccmsTaskContent,
  ccmsWorkflow,
  ccmsWorkflowAction,
  ccmsWorkflowApproval,
  ccmsWorkflowVote,
  sysUser,
} from '../../../db/schema';

export type WorkflowRow = typeof ccmsWorkflow.$inferSelect;
export type ApprovalRow = typeof ccmsWorkflowApproval.$inferSelect;
export type TaskRow = typeof ccmsTask.$inferSelect;

/** A plan with what its workflow needs: the project config and the branch its content lives on. */
export async function findPlanContext(db: Db, planId: number) {
  const [row] = await db
    .select({ plan: ccmsPlan, config: ccmsProjectConfig, projectTitle: ccmsProject.title, defaultBranch: ccmsLibrary.defaultBranch })
    .from(ccmsPlan)
    .innerJoin(ccmsProject, eq(ccmsProject.projectId, ccmsPlan.projectId))
    .leftJoin(ccmsProjectConfig, eq(ccmsProjectConfig.projectId, ccmsPlan.projectId))
    .leftJoin(ccmsLibrary, eq(ccmsLibrary.libraryId, ccmsPlan.libraryId))
    .where(and(eq(ccmsPlan.planId, planId), eq(ccmsPlan.delFlag, '0')));
  if (!row) return undefined;
  return { ...row, branch: row.plan.branch || row.defaultBranch || '' };
}
export type PlanContext = NonNullable<Awaited<ReturnType<typeof findPlanContext>>>;

export async function findWorkflow(db: Db, planId: number): Promise<WorkflowRow | undefined> {
  const [row] = await db.select().from(ccmsWorkflow).where(eq(ccmsWorkflow.planId, planId));
  return row;
}

export const planTasks = (db: Db, planId: number): Promise<TaskRow[]> =>
  db
    .select()
    .from(ccmsTask)
    .where(and(eq(ccmsTask.planId, planId), eq(ccmsTask.delFlag, '0')))
    .orderBy(asc(ccmsTask.taskId));

/** What the plan's tasks cover, with each item's status and last approved commit. */
export async function planContent(db: Db, planId: number, libraryId: number, branch: string) {
  return db
    .select({
      kind: ccmsTaskContent.kind,
      path: ccmsTaskContent.path,
      taskId: ccmsTaskContent.taskId,
      status: sql<string>`coalesce(${ccmsCatalogMeta.status}, 'draft')`,
      approvedCommit: sql<string>`coalesce(${ccmsApprovedRevision.commit}, '')`,
    })
    .from(ccmsTaskContent)
    .innerJoin(ccmsTask, eq(ccmsTask.taskId, ccmsTaskContent.taskId))
    .leftJoin(
      ccmsCatalogMeta,
      and(eq(ccmsCatalogMeta.libraryId, libraryId), eq(ccmsCatalogMeta.branch, branch), eq(ccmsCatalogMeta.path, ccmsTaskContent.path)),
    )
    .leftJoin(
      ccmsApprovedRevision,
      and(eq(ccmsApprovedRevision.libraryId, libraryId), eq(ccmsApprovedRevision.branch, branch), eq(ccmsApprovedRevision.path, ccmsTaskContent.path)),
    )
    .where(and(eq(ccmsTask.planId, planId), eq(ccmsTask.delFlag, '0')))
    .orderBy(asc(ccmsTaskContent.path));
}

export const approvalsOf = (db: Db, workflowId: number): Promise<ApprovalRow[]> =>
  db.select().from(ccmsWorkflowApproval).where(eq(ccmsWorkflowApproval.workflowId, workflowId)).orderBy(desc(ccmsWorkflowApproval.approvalId));

export const votesOf = (db: Db, approvalIds: number[]) =>
  approvalIds.length === 0 ? Promise.resolve([]) : db.select().from(ccmsWorkflowVote).where(inArray(ccmsWorkflowVote.approvalId, approvalIds));

export const actionsOf = (db: Db, workflowId: number) =>
  db.select().from(ccmsWorkflowAction).where(eq(ccmsWorkflowAction.workflowId, workflowId)).orderBy(asc(ccmsWorkflowAction.actionId));

/** Display names (nick name, else user name) of users by id. */
export async function namesOf(db: Db, userIds: number[]): Promise<Map<number, string>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const users = await db
    .select({ userId: sysUser.userId, userName: sysUser.userName, nickName: sysUser.nickName })
    .from(sysUser)
    .where(inArray(sysUser.userId, ids));
  return new Map(users.map((u) => [u.userId, u.nickName || u.userName]));
}

/** Which of the paths are documents (maps) or topics of the library branch's catalogue ("kind:path" keys). */
export async function catalogued(db: Db, libraryId: number, branch: string, items: { kind: string; path: string }[]): Promise<Set<string>> {
  const of = (kind: string) => items.filter((i) => i.kind === kind).map((i) => i.path);
  const [documents, topics] = await Promise.all([
    of('document').length === 0
      ? []
      : db
          .select({ path: ccmsCatalogDocument.path })
          .from(ccmsCatalogDocument)
          .where(and(eq(ccmsCatalogDocument.libraryId, libraryId), eq(ccmsCatalogDocument.branch, branch), inArray(ccmsCatalogDocument.path, of('document')))),
    of('topic').length === 0
      ? []
      : db
          .select({ path: ccmsCatalogTopic.path })
          .from(ccmsCatalogTopic)
          .where(and(eq(ccmsCatalogTopic.libraryId, libraryId), eq(ccmsCatalogTopic.branch, branch), inArray(ccmsCatalogTopic.path, of('topic')))),
  ]);
  return new Set([...documents.map((d) => `document:${d.path}`), ...topics.map((t) => `topic:${t.path}`)]);
}

/** The commit the catalogue reflects for a library branch ('' when never indexed). */
export async function indexedCommit(db: Db, libraryId: number, branch: string): Promise<string> {
  const [row] = await db
    .select({ commit: ccmsCatalogIndex.commit })
    .from(ccmsCatalogIndex)
    .where(and(eq(ccmsCatalogIndex.libraryId, libraryId), eq(ccmsCatalogIndex.branch, branch)));
  return row?.commit ?? '';
}

/** Initiated approvals the user is a reviewer of and has not decided yet (My tasks). */
export async function approvalsWaitingFor(db: Db, userId: number) {
  return db
    .select({
      approvalId: ccmsWorkflowApproval.approvalId,
      planId: ccmsPlan.planId,
      planTitle: ccmsPlan.title,
      projectTitle: ccmsProject.title,
      stage: ccmsWorkflowApproval.stage,
      initiatedBy: ccmsWorkflowApproval.initiatedBy,
      initiateTime: ccmsWorkflowApproval.initiateTime,
    })
    .from(ccmsWorkflowApproval)
    .innerJoin(ccmsWorkflow, eq(ccmsWorkflow.workflowId, ccmsWorkflowApproval.workflowId))
    .innerJoin(ccmsPlan, eq(ccmsPlan.planId, ccmsWorkflow.planId))
    .innerJoin(ccmsProject, eq(ccmsProject.projectId, ccmsPlan.projectId))
    .where(
      and(
        eq(ccmsWorkflowApproval.state, 'initiated'),
        eq(ccmsPlan.delFlag, '0'),
        sql`${ccmsWorkflowApproval.reviewerIds} @> ${JSON.stringify([userId])}::jsonb`,
        sql`NOT EXISTS (SELECT 1 FROM ${ccmsWorkflowVote} WHERE ${ccmsWorkflowVote.approvalId} = ${ccmsWorkflowApproval.approvalId} AND ${ccmsWorkflowVote.reviewerId} = ${userId})`,
      ),
    )
    .orderBy(asc(ccmsWorkflowApproval.initiateTime));
}

/**
 * Whether the user reviews a document or topic: the plan's reviewer, or the project's writing or
 * translation reviewer, of a plan whose tasks cover it on that library branch.
 */
export async function reviewsContent(db: Db, userId: number, libraryId: number, branch: string, path: string): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(ccmsTaskContent)
    .innerJoin(ccmsTask, and(eq(ccmsTask.taskId, ccmsTaskContent.taskId), eq(ccmsTask.delFlag, '0')))
    .innerJoin(ccmsPlan, and(eq(ccmsPlan.planId, ccmsTask.planId), eq(ccmsPlan.delFlag, '0')))
    .leftJoin(ccmsLibrary, eq(ccmsLibrary.libraryId, ccmsPlan.libraryId))
    .leftJoin(ccmsProjectConfig, eq(ccmsProjectConfig.projectId, ccmsPlan.projectId))
    .where(
      and(
        eq(ccmsTaskContent.path, path),
        eq(ccmsPlan.libraryId, libraryId),
        sql`coalesce(nullif(${ccmsPlan.branch}, ''), ${ccmsLibrary.defaultBranch}) = ${branch}`,
        sql`(${ccmsPlan.reviewerId} = ${userId} OR ${ccmsProjectConfig.writeReviewerId} = ${userId} OR ${ccmsProjectConfig.translateReviewerId} = ${userId})`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** The plan (and its initiated approval, if any) whose tasks cover a topic of a library branch. */
export async function planCovering(db: Db, libraryId: number, branch: string, path: string) {
  const [row] = await db
    .select({ planId: ccmsPlan.planId, approvalId: ccmsWorkflowApproval.approvalId })
    .from(ccmsTaskContent)
    .innerJoin(ccmsTask, and(eq(ccmsTask.taskId, ccmsTaskContent.taskId), eq(ccmsTask.delFlag, '0')))
    .innerJoin(ccmsPlan, and(eq(ccmsPlan.planId, ccmsTask.planId), eq(ccmsPlan.delFlag, '0')))
    .leftJoin(ccmsLibrary, eq(ccmsLibrary.libraryId, ccmsPlan.libraryId))
    .leftJoin(ccmsWorkflow, eq(ccmsWorkflow.planId, ccmsPlan.planId))
    .leftJoin(ccmsWorkflowApproval, and(eq(ccmsWorkflowApproval.workflowId, ccmsWorkflow.workflowId), eq(ccmsWorkflowApproval.state, 'initiated')))
    .where(
      and(
        eq(ccmsTaskContent.kind, 'topic'),
        eq(ccmsTaskContent.path, path),
        eq(ccmsPlan.libraryId, libraryId),
        sql`coalesce(nullif(${ccmsPlan.branch}, ''), ${ccmsLibrary.defaultBranch}) = ${branch}`,
      ),
    )
    .orderBy(sql`${ccmsWorkflowApproval.approvalId} DESC NULLS LAST`, desc(ccmsPlan.planId))
    .limit(1);
  return row;
}
