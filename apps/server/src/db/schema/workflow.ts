import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * The review workflow of plans and the review comments on topics (issue 16). A plan's content is
 * what its tasks cover (ccms_task_content); its workflow moves through the stages of
 * contracts/work/workflow.ts and keeps every action.
 */

const at = () => timestamp({ withTimezone: true, mode: 'date' });

/** A document (map) or topic of the plan's library branch that a task covers. */
export const ccmsTaskContent = pgTable(
  'ccms_task_content',
  {
    taskContentId: integer().primaryKey().generatedByDefaultAsIdentity(),
    taskId: integer().notNull(),
    /** document or topic. */
    kind: varchar({ length: 8 }).notNull(),
    path: varchar({ length: 1000 }).notNull(),
  },
  (t) => [uniqueIndex('ccms_task_content_uq').on(t.taskId, t.kind, t.path), index('ccms_task_content_path_idx').on(t.path)],
);

/** The workflow of one plan: its current stage and since when. */
export const ccmsWorkflow = pgTable('ccms_workflow', {
  workflowId: integer().primaryKey().generatedByDefaultAsIdentity(),
  planId: integer().notNull().unique(),
  /** start, edit, editApproval, translate, translateApproval or end. */
  stage: varchar({ length: 24 }).notNull().default('start'),
  stageSince: at().notNull().defaultNow(),
  rowVersion: integer().notNull().default(1),
  createBy: varchar({ length: 64 }).notNull().default(''),
  createTime: at().notNull().defaultNow(),
});

/** One round of approval (edit or translate): initiated, then passed or rejected. */
export const ccmsWorkflowApproval = pgTable(
  'ccms_workflow_approval',
  {
    approvalId: integer().primaryKey().generatedByDefaultAsIdentity({ startWith: 100 }),
    workflowId: integer().notNull(),
    /** editApproval or translateApproval. */
    stage: varchar({ length: 24 }).notNull(),
    /** initiated, passed or rejected. */
    state: varchar({ length: 12 }).notNull().default('initiated'),
    /** The review rule when initiated: all or one. */
    rule: varchar({ length: 8 }).notNull(),
    /** Who must (rule all) or may (rule one) approve, fixed when initiated. */
    reviewerIds: jsonb().$type<number[]>().notNull().default([]),
    reason: text().notNull().default(''),
    initiatedBy: varchar({ length: 64 }).notNull().default(''),
    initiateTime: at().notNull().defaultNow(),
    decideTime: at(),
  },
  (t) => [index('ccms_workflow_approval_wf_idx').on(t.workflowId), index('ccms_workflow_approval_state_idx').on(t.state)],
);

/** A reviewer's decision in an approval. */
export const ccmsWorkflowVote = pgTable(
  'ccms_workflow_vote',
  {
    voteId: integer().primaryKey().generatedByDefaultAsIdentity(),
    approvalId: integer().notNull(),
    reviewerId: integer().notNull(),
    /** approve or reject. */
    decision: varchar({ length: 8 }).notNull(),
    voteTime: at().notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ccms_workflow_vote_uq').on(t.approvalId, t.reviewerId)],
);

/** Every action on a workflow, in order (the history under the steps bar). */
export const ccmsWorkflowAction = pgTable(
  'ccms_workflow_action',
  {
    actionId: integer().primaryKey().generatedByDefaultAsIdentity(),
    workflowId: integer().notNull(),
    approvalId: integer(),
    /** activate, initiate, approve, reject or pass. */
    action: varchar({ length: 12 }).notNull(),
    /** The stage the action was taken in. */
    stage: varchar({ length: 24 }).notNull(),
    userId: integer(),
    userName: varchar({ length: 64 }).notNull().default(''),
    reason: text().notNull().default(''),
    actionTime: at().notNull().defaultNow(),
  },
  (t) => [index('ccms_workflow_action_wf_idx').on(t.workflowId)],
);

/** The revision (commit) of a document or topic a workflow approved last; an edit keeps it. */
export const ccmsApprovedRevision = pgTable(
  'ccms_approved_revision',
  {
    approvedRevisionId: integer().primaryKey().generatedByDefaultAsIdentity(),
    libraryId: integer().notNull(),
    branch: varchar({ length: 200 }).notNull(),
    path: varchar({ length: 1000 }).notNull(),
    commit: varchar({ length: 40 }).notNull(),
    approvalId: integer(),
    approvedBy: varchar({ length: 64 }).notNull().default(''),
    approveTime: at().notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ccms_approved_revision_uq').on(t.libraryId, t.branch, t.path)],
);

/** A review comment on a topic, or a reply to one (parentId). */
export const ccmsReviewComment = pgTable(
  'ccms_review_comment',
  {
    commentId: integer().primaryKey().generatedByDefaultAsIdentity({ startWith: 100 }),
    parentId: integer(),
    libraryId: integer().notNull(),
    branch: varchar({ length: 200 }).notNull(),
    path: varchar({ length: 1000 }).notNull(),
    /** The plan whose tasks cover the topic when the comment was made. */
    planId: integer(),
    /** The approval the topic was under when the comment was made. */
    approvalId: integer(),
    elementId: varchar({ length: 200 }).notNull().default(''),
    elementPath: varchar({ length: 500 }).notNull().default(''),
    rangeStart: integer().notNull().default(0),
    rangeEnd: integer().notNull().default(0),
    quote: text().notNull().default(''),
    /** The text just before and after the quote when it was last found: the context that finds it again after edits. */
    prefix: text().notNull().default(''),
    suffix: text().notNull().default(''),
    body: text().notNull(),
    /** User names mentioned with @. */
    mentions: jsonb().$type<string[]>().notNull().default([]),
    /** open or resolved. */
    state: varchar({ length: 10 }).notNull().default('open'),
    /** The quoted text (or, without a quote, the element) is gone from the topic. */
    outdated: boolean().notNull().default(false),
    authorId: integer().notNull(),
    authorName: varchar({ length: 64 }).notNull(),
    createTime: at().notNull().defaultNow(),
    updateBy: varchar({ length: 64 }).notNull().default(''),
    updateTime: at(),
  },
  (t) => [index('ccms_review_comment_topic_idx').on(t.libraryId, t.branch, t.path), index('ccms_review_comment_parent_idx').on(t.parentId)],
);
