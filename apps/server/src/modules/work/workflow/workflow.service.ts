/**
 * The review workflow of a plan: its stages and who acts in each, the transitions (activate, initiate,
 * approve, reject) with their approvals and content statuses, and the task content they hand on.
 * Over 400 lines: one state machine; every transition runs in the same locked-workflow transaction,
 * records the same history and moves the same content statuses, so its steps read best side by side.
 */
import type { Language } from '@ccms/contracts/constants';
import { translate } from '@ccms/contracts/messages';
import type { TaskContentBody, Workflow, WorkflowStage } from '@ccms/contracts/work/workflow';
import { APPROVAL_OF, stagesOf } from '@ccms/contracts/work/workflow';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ccmsApprovedRevision, ccmsTask, ccmsTaskContent, ccmsWorkflow, ccmsWorkflowAction, ccmsWorkflowApproval, ccmsWorkflowVote } from '../../../db/schema';
import type { AuthContext } from '../../../platform/auth/access';
import { badRequest, conflict, forbidden, notFound } from '../../../platform/http/errors';
import { saveMeta } from '../../content/catalog/catalog-meta';
import { assertProjectAccess, isSystemAdmin } from '../project/project-access';
import type { ReviewEvents } from './review-events';
import {
  actionsOf,
  approvalsOf,
  approvalsWaitingFor,
  catalogued,
  findPlanContext,
  findWorkflow,
  indexedCommit,
  namesOf,
  type PlanContext,
  planContent,
  planTasks,
  type TaskRow,
  votesOf,
  type WorkflowRow,
} from './workflow.queries';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The task category whose people do a content stage (and whose tasks must be completed first). */
const TASK_CATEGORY: Partial<Record<WorkflowStage, string>> = { edit: 'writing', translate: 'translation' };
/** The content stage an approval stage goes back to on a rejection. */
const BACK_TO: Partial<Record<WorkflowStage, WorkflowStage>> = { editApproval: 'edit', translateApproval: 'translate' };

/** The plan and the actor of a workflow event. */
const about = (auth: AuthContext, ctx: PlanContext) => ({
  actorId: auth.userId,
  actor: auth.nickName || auth.userName,
  projectId: ctx.plan.projectId,
  planId: ctx.plan.planId,
  planTitle: ctx.plan.title,
});

const distinctIds = (ids: (number | null | undefined)[]) => [...new Set(ids.filter((id): id is number => typeof id === 'number' && id > 0))];

/** Who acts in each stage: writers and translators from the plan's tasks and the project config; reviewers from the plan and the config. */
function actorsOf(ctx: PlanContext, tasks: TaskRow[], stage: WorkflowStage): number[] {
  const doers = (category: string) => tasks.filter((t) => t.category === category).map((t) => t.writerId ?? t.assigneeId);
  switch (stage) {
    case 'edit':
      return distinctIds([...doers('writing'), ctx.config?.writerId]);
    case 'editApproval':
      return distinctIds([ctx.plan.reviewerId, ctx.config?.writeReviewerId]);
    case 'translate':
      return distinctIds([...doers('translation'), ctx.config?.translatorId]);
    case 'translateApproval':
      return distinctIds([ctx.config?.translateReviewerId]);
    default:
      return [];
  }
}

/** The review rule in force: the plan's when set, else the project config's, else "all". */
export function reviewRuleOf(ctx: PlanContext): { rule: 'all' | 'one'; from: 'plan' | 'config' | 'default' } {
  const valid = (r: string | undefined | null): r is 'all' | 'one' => r === 'all' || r === 'one';
  if (valid(ctx.plan.reviewRule)) return { rule: ctx.plan.reviewRule, from: 'plan' };
  if (valid(ctx.config?.reviewRule)) return { rule: ctx.config.reviewRule, from: 'config' };
  return { rule: 'all', from: 'default' };
}

/**
 * The review workflow of a plan (issue 16). Every action runs in one transaction with the
 * workflow row locked, so two reviewers deciding at once cannot both pass or lose a vote.
 * Content status follows: initiating the edit approval puts the covered documents and topics
 * under review, a pass approves them (recording the approved commit), a reject makes them drafts.
 */
/** Brings a library branch's catalogue to its head (the content area's reindex, with the caller's access). */
export type IndexBranch = (auth: AuthContext, libraryId: number, branch: string) => Promise<unknown>;

export function workflowService(db: Db, events: ReviewEvents, indexBranch?: IndexBranch) {
  async function context(auth: AuthContext, planId: number, need: 'read' | 'write') {
    const ctx = await findPlanContext(db, planId);
    if (!ctx) throw isSystemAdmin(auth) ? notFound('notFound.row', { what: `plan ${planId}` }) : forbidden('noRelevantPermissions');
    await assertProjectAccess(db, auth, ctx.plan.projectId, need);
    return ctx;
  }

  async function describe(auth: AuthContext, ctx: PlanContext): Promise<Workflow> {
    const wf = await findWorkflow(db, ctx.plan.planId);
    const existTranslate = ctx.config?.existTranslate ?? false;
    const stages = stagesOf(existTranslate);
    const stage = (wf?.stage ?? 'start') as WorkflowStage;
    const [tasks, approvals, actions, content] = await Promise.all([
      planTasks(db, ctx.plan.planId),
      wf ? approvalsOf(db, wf.workflowId) : [],
      wf ? actionsOf(db, wf.workflowId) : [],
      ctx.plan.libraryId ? planContent(db, ctx.plan.planId, ctx.plan.libraryId, ctx.branch) : [],
    ]);
    const votes = await votesOf(
      db,
      approvals.map((a) => a.approvalId),
    );
    const actorIds = new Map(stages.map((s) => [s, actorsOf(ctx, tasks, s)]));
    const names = await namesOf(db, [...[...actorIds.values()].flat(), ...approvals.flatMap((a) => a.reviewerIds)]);
    const person = (userId: number) => ({ userId, name: names.get(userId) ?? String(userId) });
    const current = stages.indexOf(stage);
    const enteredAt = (s: WorkflowStage) => {
      const entered = actions.filter((a) => stageAfter(a.action, a.stage as WorkflowStage, existTranslate) === s).at(-1);
      return entered?.actionTime ?? (s === 'start' ? (wf?.createTime ?? null) : null);
    };
    // The latest approval of this round: initiated in an approval stage, rejected (or none: pending) back in a content stage.
    const latest = approvals.find((a) => a.stage === (APPROVAL_OF[stage] ?? stage));
    const approvalState = stage === 'end' ? 'passed' : (latest?.state ?? 'pending');
    const open = latest?.state === 'initiated' && latest.stage === stage ? latest : undefined;
    const mine = auth.userId;
    const voted = open ? votes.some((v) => v.approvalId === open.approvalId && v.reviewerId === mine) : true;
    const doers = actorIds.get(stage) ?? [];
    return {
      planId: ctx.plan.planId,
      planTitle: ctx.plan.title,
      projectId: ctx.plan.projectId,
      libraryId: ctx.plan.libraryId,
      branch: ctx.branch,
      existTranslate,
      reviewRule: reviewRuleOf(ctx).rule,
      reviewRuleFrom: reviewRuleOf(ctx).from,
      active: stage !== 'start',
      stage,
      stageSince: wf?.stageSince ?? null,
      approvalState: approvalState as Workflow['approvalState'],
      steps: stages.map((s, i) => ({
        stage: s,
        state: i < current ? 'completed' : i === current ? 'current' : 'pending',
        actors: (s === stage && open ? open.reviewerIds : (actorIds.get(s) ?? [])).map(person),
        since: i <= current ? (i === current ? (wf?.stageSince ?? null) : enteredAt(s)) : null,
      })),
      approvals: approvals.map((a) => ({
        approvalId: a.approvalId,
        stage: a.stage,
        state: a.state as Workflow['approvalState'],
        rule: a.rule,
        reason: a.reason,
        initiatedBy: a.initiatedBy,
        initiateTime: a.initiateTime,
        decideTime: a.decideTime,
        votes: a.reviewerIds.map((reviewerId) => {
          const vote = votes.find((v) => v.approvalId === a.approvalId && v.reviewerId === reviewerId);
          return {
            reviewerId,
            name: person(reviewerId).name,
            decision: (vote?.decision as 'approve' | 'reject' | undefined) ?? null,
            time: vote?.voteTime ?? null,
          };
        }),
      })),
      history: actions.map((a) => ({
        action: a.action as Workflow['history'][number]['action'],
        stage: a.stage,
        userId: a.userId,
        userName: a.userName,
        reason: a.reason,
        approvalId: a.approvalId,
        time: a.actionTime,
      })),
      content: content.map((c) => ({ ...c, kind: c.kind as 'document' | 'topic' })),
      can: {
        activate: stage === 'start',
        initiate: (stage === 'edit' || stage === 'translate') && (doers.includes(mine) || isSystemAdmin(auth)),
        approve: !!open && open.reviewerIds.includes(mine) && !voted,
        reject: !!open && open.reviewerIds.includes(mine) && !voted,
      },
      rowVersion: wf?.rowVersion ?? 0,
    };
  }

  /** Runs `step` with the plan's workflow row locked; the row is created in "start" on first use. */
  async function withWorkflow<T>(planId: number, step: (tx: Tx, wf: WorkflowRow) => Promise<T>): Promise<T> {
    await db.insert(ccmsWorkflow).values({ planId }).onConflictDoNothing();
    return db.transaction(async (tx) => {
      const [wf] = await tx.select().from(ccmsWorkflow).where(eq(ccmsWorkflow.planId, planId)).for('update');
      if (!wf) throw conflict();
      return step(tx, wf);
    });
  }

  async function moveTo(tx: Tx, wf: WorkflowRow, stage: WorkflowStage) {
    await tx
      .update(ccmsWorkflow)
      .set({ stage, stageSince: new Date(), rowVersion: sql`${ccmsWorkflow.rowVersion} + 1` })
      .where(eq(ccmsWorkflow.workflowId, wf.workflowId));
  }

  const record = (tx: Tx, wf: WorkflowRow, auth: AuthContext, action: string, extra: { approvalId?: number; reason?: string } = {}) =>
    tx.insert(ccmsWorkflowAction).values({
      workflowId: wf.workflowId,
      stage: wf.stage,
      action,
      userId: auth.userId,
      userName: auth.userName,
      approvalId: extra.approvalId ?? null,
      reason: extra.reason ?? '',
    });

  /** Sets every covered document and topic to `status` (the workflow's own change; no hand-status rules apply). */
  async function setContentStatus(tx: Tx, ctx: PlanContext, status: string, auth: AuthContext, approvalId?: number) {
    const { libraryId } = ctx.plan;
    if (!libraryId) return [];
    const content = await planContent(tx as unknown as Db, ctx.plan.planId, libraryId, ctx.branch);
    const commit = status === 'approved' ? await indexedCommit(tx as unknown as Db, libraryId, ctx.branch) : '';
    for (const item of content) {
      await saveMeta(tx as unknown as Db, libraryId, ctx.branch, item.path, { status }, auth.userName);
      if (commit) {
        const row = {
          libraryId,
          branch: ctx.branch,
          path: item.path,
          commit,
          approvalId: approvalId ?? null,
          approvedBy: auth.userName,
          approveTime: new Date(),
        };
        await tx
          .insert(ccmsApprovedRevision)
          .values(row)
          .onConflictDoUpdate({ target: [ccmsApprovedRevision.libraryId, ccmsApprovedRevision.branch, ccmsApprovedRevision.path], set: row });
      }
    }
    return content;
  }

  async function openApproval(tx: Tx, wf: WorkflowRow) {
    const [approval] = await tx
      .select()
      .from(ccmsWorkflowApproval)
      .where(and(eq(ccmsWorkflowApproval.workflowId, wf.workflowId), eq(ccmsWorkflowApproval.stage, wf.stage), eq(ccmsWorkflowApproval.state, 'initiated')));
    if (!approval) throw badRequest('workflow.wrongStage', { stage: wf.stage });
    return approval;
  }

  async function decided(tx: Tx, auth: AuthContext, approval: typeof ccmsWorkflowApproval.$inferSelect) {
    const votes = await tx.select().from(ccmsWorkflowVote).where(eq(ccmsWorkflowVote.approvalId, approval.approvalId));
    if (!approval.reviewerIds.includes(auth.userId)) throw badRequest('workflow.notReviewer');
    if (votes.some((v) => v.reviewerId === auth.userId)) throw badRequest('workflow.alreadyVoted');
    const approvals = votes.filter((v) => v.decision === 'approve').length + 1;
    return approval.rule === 'one' || approvals >= approval.reviewerIds.length ? 'passed' : 'initiated';
  }

  async function loadTask(auth: AuthContext, taskId: number, need: 'read' | 'write') {
    const [task] = await db
      .select()
      .from(ccmsTask)
      .where(and(eq(ccmsTask.taskId, taskId), eq(ccmsTask.delFlag, '0')));
    if (!task) throw isSystemAdmin(auth) ? notFound('notFound.row', { what: `task ${taskId}` }) : forbidden('noRelevantPermissions');
    await assertProjectAccess(db, auth, task.projectId, need);
    return task;
  }

  const writersOf = async (ctx: PlanContext, stage: WorkflowStage) => actorsOf(ctx, await planTasks(db, ctx.plan.planId), BACK_TO[stage] ?? stage);

  return {
    async get(auth: AuthContext, planId: number) {
      return describe(auth, await context(auth, planId, 'read'));
    },

    async activate(auth: AuthContext, planId: number) {
      const ctx = await context(auth, planId, 'write');
      if (!ctx.config) throw badRequest('workflow.noConfig');
      if (!ctx.plan.libraryId) throw badRequest('workflow.noLibrary');
      await withWorkflow(planId, async (tx, wf) => {
        if (wf.stage !== 'start') throw badRequest('workflow.alreadyActive');
        await record(tx, wf, auth, 'activate');
        await moveTo(tx, wf, 'edit');
      });
      return describe(auth, ctx);
    },

    /** The writers (or translators) hand the content in when their tasks are completed. */
    async initiate(auth: AuthContext, planId: number) {
      const ctx = await context(auth, planId, 'read');
      const tasks = await planTasks(db, planId);
      const approvalId = await withWorkflow(planId, async (tx, wf) => {
        const stage = wf.stage as WorkflowStage;
        const next = APPROVAL_OF[stage];
        if (wf.stage === 'start') throw badRequest('workflow.notActive');
        if (!next) throw badRequest('workflow.wrongStage', { stage });
        if (!actorsOf(ctx, tasks, stage).includes(auth.userId) && !isSystemAdmin(auth)) throw badRequest('workflow.notWriter');
        const open = tasks.filter((t) => t.category === TASK_CATEGORY[stage] && t.status !== 'completed');
        if (open.length > 0) throw badRequest('workflow.tasksOpen', { titles: open.map((t) => t.title).join(', ') });
        const reviewerIds = actorsOf(ctx, tasks, next);
        if (reviewerIds.length === 0) throw badRequest('workflow.noConfig');
        if (stage === 'edit') {
          const covered = await setContentStatus(tx, ctx, 'underReview', auth);
          if (covered.length === 0) throw badRequest('workflow.noContent');
        }
        const [approval] = await tx
          .insert(ccmsWorkflowApproval)
          .values({ workflowId: wf.workflowId, stage: next, rule: reviewRuleOf(ctx).rule, reviewerIds, initiatedBy: auth.userName })
          .returning();
        if (!approval) throw conflict();
        await record(tx, wf, auth, 'initiate', { approvalId: approval.approvalId });
        await moveTo(tx, wf, next);
        return { id: approval.approvalId, reviewerIds };
      });
      events.emit({ type: 'approvalWaiting', userIds: approvalId.reviewerIds, ...about(auth, ctx) });
      return describe(auth, ctx);
    },

    async approve(auth: AuthContext, planId: number) {
      const ctx = await context(auth, planId, 'read');
      const passed = await withWorkflow(planId, async (tx, wf) => {
        const approval = await openApproval(tx, wf);
        const state = await decided(tx, auth, approval);
        await tx.insert(ccmsWorkflowVote).values({ approvalId: approval.approvalId, reviewerId: auth.userId, decision: 'approve' });
        await record(tx, wf, auth, 'approve', { approvalId: approval.approvalId });
        if (state !== 'passed') return false;
        await tx.update(ccmsWorkflowApproval).set({ state, decideTime: new Date() }).where(eq(ccmsWorkflowApproval.approvalId, approval.approvalId));
        if (wf.stage === 'editApproval') await setContentStatus(tx, ctx, 'approved', auth, approval.approvalId);
        await record(tx, wf, auth, 'pass', { approvalId: approval.approvalId });
        const stages = stagesOf(ctx.config?.existTranslate ?? false);
        await moveTo(tx, wf, stages[stages.indexOf(wf.stage as WorkflowStage) + 1] ?? 'end');
        return wf.stage as WorkflowStage;
      });
      if (passed) {
        const writers = await writersOf(ctx, passed);
        events.emit({ type: 'contentDecided', userIds: writers, ...about(auth, ctx), approved: true, reason: '' });
      }
      return describe(auth, ctx);
    },

    /** Back to the content stage: content becomes a draft, the reason goes on the writers' tasks (which reopen). */
    async reject(auth: AuthContext, planId: number, reason: string, lang: Language) {
      const ctx = await context(auth, planId, 'read');
      const stage = await withWorkflow(planId, async (tx, wf) => {
        const approval = await openApproval(tx, wf);
        await decided(tx, auth, approval);
        const back = BACK_TO[wf.stage as WorkflowStage] ?? 'edit';
        await tx.insert(ccmsWorkflowVote).values({ approvalId: approval.approvalId, reviewerId: auth.userId, decision: 'reject' });
        await tx
          .update(ccmsWorkflowApproval)
          .set({ state: 'rejected', reason, decideTime: new Date() })
          .where(eq(ccmsWorkflowApproval.approvalId, approval.approvalId));
        if (wf.stage === 'editApproval') await setContentStatus(tx, ctx, 'draft', auth);
        const note = translate(lang, 'workflow.rejectedNote', { user: auth.nickName || auth.userName, reason });
        await tx
          .update(ccmsTask)
          .set({
            description: sql`trim(leading E'\n' from ${ccmsTask.description} || E'\n' || ${note})`,
            status: sql`CASE WHEN ${ccmsTask.status} = 'completed' THEN 'inProgress' ELSE ${ccmsTask.status} END`,
            rowVersion: sql`${ccmsTask.rowVersion} + 1`,
            updateBy: auth.userName,
            updateTime: new Date(),
          })
          .where(and(eq(ccmsTask.planId, planId), eq(ccmsTask.delFlag, '0'), eq(ccmsTask.category, TASK_CATEGORY[back] ?? 'writing')));
        await record(tx, wf, auth, 'reject', { approvalId: approval.approvalId, reason });
        await moveTo(tx, wf, back);
        return wf.stage as WorkflowStage;
      });
      const writers = await writersOf(ctx, stage);
      events.emit({ type: 'contentDecided', userIds: writers, ...about(auth, ctx), approved: false, reason });
      return describe(auth, ctx);
    },

    /** Approvals waiting for the caller's decision (My tasks). */
    mine: (auth: AuthContext) => approvalsWaitingFor(db, auth.userId),

    /** The documents and topics a task covers (the task's plan's library branch). */
    async setTaskContent(auth: AuthContext, body: TaskContentBody) {
      const task = await loadTask(auth, body.taskId, 'write');
      if (!task.planId) throw badRequest('workflow.taskOutsidePlan');
      const unique = [...new Map(body.items.map((i) => [`${i.kind}:${i.path}`, i])).values()];
      if (unique.length > 0) {
        // Only documents and topics of the plan's library branch (as the catalogue knows them) can be covered.
        const ctx = await findPlanContext(db, task.planId);
        if (!ctx?.plan.libraryId) throw badRequest('workflow.noLibrary');
        const missingOf = async () => {
          const known = await catalogued(db, ctx.plan.libraryId ?? 0, ctx.branch, unique);
          return unique.filter((i) => !known.has(`${i.kind}:${i.path}`));
        };
        let missing = await missingOf();
        // A branch the catalogue has never indexed (a new project branch) is indexed first, then looked at again.
        if (missing.length > 0 && indexBranch && (await indexedCommit(db, ctx.plan.libraryId, ctx.branch)) === '') {
          await indexBranch(auth, ctx.plan.libraryId, ctx.branch);
          missing = await missingOf();
        }
        if (missing.length > 0) throw badRequest('workflow.contentMissing', { paths: missing.map((i) => i.path).join(', ') });
      }
      await db.transaction(async (tx) => {
        await tx.delete(ccmsTaskContent).where(eq(ccmsTaskContent.taskId, task.taskId));
        if (unique.length > 0) await tx.insert(ccmsTaskContent).values(unique.map((i) => ({ taskId: task.taskId, kind: i.kind, path: i.path })));
      });
    },

    async taskContent(auth: AuthContext, taskId: number) {
      await loadTask(auth, taskId, 'read');
      const items = await db.select({ kind: ccmsTaskContent.kind, path: ccmsTaskContent.path }).from(ccmsTaskContent).where(eq(ccmsTaskContent.taskId, taskId));
      return items.map((i) => ({ kind: i.kind as 'document' | 'topic', path: i.path }));
    },
  };
}

/** The stage an action leads into (for "since when" of completed stages). */
function stageAfter(action: string, stage: WorkflowStage, existTranslate: boolean): WorkflowStage | undefined {
  const stages = stagesOf(existTranslate);
  if (action === 'activate') return 'edit';
  if (action === 'initiate') return APPROVAL_OF[stage];
  if (action === 'reject') return BACK_TO[stage];
  if (action === 'pass') return stages[stages.indexOf(stage) + 1];
  return undefined;
}
