import { z } from 'zod';
import { endpoint } from '../endpoint';
import { DateTime, IdParam, OkEmpty, okOf, qInt } from '../http';
import { TaskPerm } from './task';

/**
 * The review and approval workflow of a plan (spec section 4, issue 16): the plan's content (the
 * documents and topics its tasks cover) goes start → edit content → edit approval → translate
 * content → translate approval → end; the translate stages only when the project config says
 * translation exists. Content status follows the workflow, and only the workflow.
 */
export const WorkflowPerm = {
  /** The workflow screen and a plan's workflow. */
  query: 'ccms:workflow:query',
  /** Activate, initiate, approve and reject (who may act is decided by the project config and the plan). */
  act: 'ccms:workflow:act',
} as const;

export const WORKFLOW_STAGES = ['start', 'edit', 'editApproval', 'translate', 'translateApproval', 'end'] as const;
export type WorkflowStage = (typeof WORKFLOW_STAGES)[number];
/** The stages a workflow goes through: without translation the translate stages are skipped. */
export const stagesOf = (existTranslate: boolean): readonly WorkflowStage[] =>
  existTranslate ? WORKFLOW_STAGES : WORKFLOW_STAGES.filter((s) => s !== 'translate' && s !== 'translateApproval');
/** The approval stage that follows a content stage. */
export const APPROVAL_OF: Partial<Record<WorkflowStage, WorkflowStage>> = { edit: 'editApproval', translate: 'translateApproval' };

export const APPROVAL_STATES = ['pending', 'initiated', 'passed', 'rejected'] as const;
export type ApprovalState = (typeof APPROVAL_STATES)[number];

export const WORKFLOW_ACTIONS = ['activate', 'initiate', 'approve', 'reject', 'pass'] as const;
export type WorkflowAction = (typeof WORKFLOW_ACTIONS)[number];

/** What a task covers: documents (maps) and topics of the plan's library branch, by path. */
export const TaskContentItem = z.object({
  kind: z.enum(['document', 'topic']),
  path: z
    .string()
    .trim()
    .min(1)
    .max(1000)
    .transform((p) => p.replace(/^\/+/, ''))
    .describe('path of the map or topic in the library'),
});
export type TaskContentItem = z.infer<typeof TaskContentItem>;
/** A covered item as answered (the request schema's path transform cannot serialize a response). */
export const TaskContentRow = z.object({ kind: z.enum(['document', 'topic']), path: z.string() });
export const TaskContentBody = z.object({
  taskId: z.number().int().positive().describe('id of a task (GET /ccms/task/list)'),
  items: z.array(TaskContentItem).max(500).describe('the whole coverage of the task (replaces what it covered)'),
});
export type TaskContentBody = z.infer<typeof TaskContentBody>;

export const WorkflowPlanParam = z.object({ planId: z.coerce.number().int().positive().describe('id of a plan (GET /ccms/plan/list)') });
export const WorkflowActBody = z.object({ planId: z.number().int().positive().describe('id of a plan (GET /ccms/plan/list)') });
export const WorkflowRejectBody = WorkflowActBody.extend({
  reason: z
    .string({ message: 'workflow.reasonRequired' })
    .trim()
    .min(1, { message: 'workflow.reasonRequired' })
    .max(2000)
    .describe('why; kept on the writer’s task'),
});
export type WorkflowRejectBody = z.infer<typeof WorkflowRejectBody>;

const Person = z.object({ userId: z.number(), name: z.string() });

export const WorkflowStep = z.object({
  stage: z.enum(WORKFLOW_STAGES),
  state: z.enum(['completed', 'current', 'pending']),
  /** Who acts in this stage (writers, reviewers, translators). */
  actors: z.array(Person),
  /** When the stage became current (null while pending). */
  since: DateTime,
});

export const WorkflowHistoryEntry = z.object({
  action: z.enum(WORKFLOW_ACTIONS),
  stage: z.string(),
  userId: z.number().nullable(),
  userName: z.string(),
  reason: z.string(),
  approvalId: z.number().nullable(),
  time: DateTime,
});

export const WorkflowVote = z.object({ reviewerId: z.number(), name: z.string(), decision: z.enum(['approve', 'reject']).nullable(), time: DateTime });

export const WorkflowApproval = z.object({
  approvalId: z.number(),
  stage: z.string(),
  state: z.enum(APPROVAL_STATES),
  rule: z.string(),
  reason: z.string(),
  initiatedBy: z.string(),
  initiateTime: DateTime,
  decideTime: DateTime,
  votes: z.array(WorkflowVote),
});
export type WorkflowApproval = z.infer<typeof WorkflowApproval>;

export const WorkflowContent = z.object({
  kind: z.enum(['document', 'topic']),
  path: z.string(),
  status: z.string(),
  /** The commit last approved by a workflow ('' when never). */
  approvedCommit: z.string(),
  taskId: z.number(),
});

export const Workflow = z.object({
  planId: z.number(),
  planTitle: z.string(),
  projectId: z.number(),
  libraryId: z.number().nullable(),
  branch: z.string(),
  existTranslate: z.boolean(),
  /** The rule in force: the plan's when set, else the project config's (all when neither). */
  reviewRule: z.string(),
  /** Where the rule in force comes from. */
  reviewRuleFrom: z.enum(['plan', 'config', 'default']),
  /** False until activated: the plan's workflow sits in "start". */
  active: z.boolean(),
  stage: z.enum(WORKFLOW_STAGES),
  stageSince: DateTime,
  /** State of the approval of the current round: pending until initiated. */
  approvalState: z.enum(APPROVAL_STATES),
  steps: z.array(WorkflowStep),
  approvals: z.array(WorkflowApproval),
  history: z.array(WorkflowHistoryEntry),
  content: z.array(WorkflowContent),
  /** What the caller may do now. */
  can: z.object({ activate: z.boolean(), initiate: z.boolean(), approve: z.boolean(), reject: z.boolean() }),
  rowVersion: z.number(),
});
export type Workflow = z.infer<typeof Workflow>;

/** An approval waiting for the caller (My tasks). */
export const MyApproval = z.object({
  approvalId: z.number(),
  planId: z.number(),
  planTitle: z.string(),
  projectTitle: z.string(),
  stage: z.string(),
  initiatedBy: z.string(),
  initiateTime: DateTime,
});
export type MyApproval = z.infer<typeof MyApproval>;

export const ApprovedRevisionQuery = z.object({
  libraryId: qInt.positive(),
  branch: z.string().max(200).optional(),
  path: z.string().trim().min(1).max(1000),
});
export const ApprovedRevision = z.object({
  path: z.string(),
  commit: z.string(),
  approvalId: z.number().nullable(),
  approvedBy: z.string(),
  approveTime: DateTime,
});

/** A covered item's "what changed" (issue 38, item 5): which item of the plan. */
export const WorkflowDiffQuery = z.object({
  path: z.string().trim().min(1).max(1000).describe('path of a document or topic the plan covers (Workflow.content[].path)'),
});
export type WorkflowDiffQuery = z.infer<typeof WorkflowDiffQuery>;

/** A commit of the library as a reviewer sees it named. */
export const WorkflowRevision = z.object({
  commit: z.string(),
  date: z.string().describe('author date, ISO 8601'),
  author: z.string(),
  message: z.string(),
});
export type WorkflowRevision = z.infer<typeof WorkflowRevision>;

/** One side of the comparison: the file's XML and its rendering (null when its format has no rendered view). */
export const WorkflowDiffSide = z.object({ xml: z.string(), html: z.string().nullable() });

export const WORKFLOW_DIFF_STATES = ['changed', 'unchanged', 'new', 'deleted'] as const;

/**
 * What changed in a covered item: its revision on the plan's branch against the revision the
 * workflow last approved, or (never approved) the plan's base: where the plan's branch forked
 * from the project's source branch, else the branch as it was when the plan was made.
 */
export const WorkflowDiff = z.object({
  planId: z.number(),
  libraryId: z.number(),
  branch: z.string(),
  kind: z.enum(['document', 'topic']),
  path: z.string(),
  /** The older revision; null when there is none to compare with (the branch had no commit then). */
  base: WorkflowRevision.extend({
    source: z.enum(['approval', 'planBase']).describe('approval: the last approved revision; planBase: the plan’s base'),
    approvedBy: z.string().describe('who passed the approval ("" for the plan’s base)'),
    approveTime: DateTime,
  }).nullable(),
  head: WorkflowRevision,
  /** new: the base has no such file (everything inserted); unchanged: the same bytes; deleted: the head has none. */
  state: z.enum(WORKFLOW_DIFF_STATES),
  before: WorkflowDiffSide,
  after: WorkflowDiffSide,
});
export type WorkflowDiff = z.infer<typeof WorkflowDiff>;

const tag = 'work/workflow';

/** The workflow API: each endpoint's URL, method, access and schemas, for the server's routes and the web's calls. */
export const WorkflowApi = {
  mine: endpoint({
    method: 'GET',
    url: '/ccms/workflow/mine',
    access: { permission: TaskPerm.mine },
    summary: 'Approvals waiting for the caller’s decision (My tasks)',
    tag,
    response: okOf(z.array(MyApproval)),
  }),
  taskContent: endpoint({
    method: 'GET',
    url: '/ccms/workflow/task-content/:id',
    access: { permission: [WorkflowPerm.query, TaskPerm.query] },
    summary: 'The documents and topics a task covers',
    tag,
    params: IdParam,
    response: okOf(z.array(TaskContentRow)),
  }),
  setTaskContent: endpoint({
    method: 'PUT',
    url: '/ccms/workflow/task-content',
    access: { permission: TaskPerm.edit },
    summary: 'Set the documents and topics a task covers (its plan’s workflow reviews them)',
    tag,
    body: TaskContentBody,
    response: OkEmpty,
  }),
  get: endpoint({
    method: 'GET',
    url: '/ccms/workflow/:planId',
    access: { permission: WorkflowPerm.query },
    summary: 'A plan’s workflow: steps, who acts, approvals, history and content',
    tag,
    params: WorkflowPlanParam,
    response: okOf(Workflow),
  }),
  diff: endpoint({
    method: 'GET',
    url: '/ccms/workflow/:planId/diff',
    access: { permission: WorkflowPerm.query },
    summary: 'What changed in a covered item: its XML and rendering on the plan’s branch and at the last approved revision (or the plan’s base)',
    tag,
    params: WorkflowPlanParam,
    query: WorkflowDiffQuery,
    response: okOf(WorkflowDiff),
  }),
  activate: endpoint({
    method: 'POST',
    url: '/ccms/workflow/activate',
    access: { permission: WorkflowPerm.act },
    summary: 'Activate a plan’s workflow (start → edit content)',
    tag,
    body: WorkflowActBody,
    response: okOf(Workflow),
  }),
  initiate: endpoint({
    method: 'POST',
    url: '/ccms/workflow/initiate',
    access: { permission: WorkflowPerm.act },
    summary: 'Initiate the approval of the current content stage (writers or translators, their tasks completed)',
    tag,
    body: WorkflowActBody,
    response: okOf(Workflow),
  }),
  approve: endpoint({
    method: 'POST',
    url: '/ccms/workflow/approve',
    access: { permission: WorkflowPerm.act },
    summary: 'Approve the initiated approval (the review rule decides when it passes)',
    tag,
    body: WorkflowActBody,
    response: okOf(Workflow),
  }),
  reject: endpoint({
    method: 'POST',
    url: '/ccms/workflow/reject',
    access: { permission: WorkflowPerm.act },
    summary: 'Reject the initiated approval with a reason (back to the content stage)',
    tag,
    body: WorkflowRejectBody,
    response: okOf(Workflow),
  }),
};
