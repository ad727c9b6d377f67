import { z } from 'zod';
import { BranchName } from '../content/library';
import { endpoint } from '../endpoint';
import { DateTime, IdList, IdParam, OkEmpty, okOf, PageQuery, qInt, rowsOf } from '../http';
import { endNotBeforeBegin, OptionalDate, OptionalId, RowVersion } from './common';
import { ProjectPerm } from './project';
import { NOTICE_TYPES, REVIEW_RULES } from './project-config';

export const PlanPerm = {
  list: 'ccms:plan:list',
  query: 'ccms:plan:query',
  add: 'ccms:plan:add',
  edit: 'ccms:plan:edit',
  remove: 'ccms:plan:remove',
  export: 'ccms:plan:export',
} as const;

/** Where a plan is; tasks cannot be deleted from a completed or closed (or disabled) plan. */
export const PLAN_STATUSES = ['notStarted', 'inProgress', 'completed', 'closed'] as const;
export const PlanStatus = z.enum(PLAN_STATUSES).describe('plan status code');
export type PlanStatus = z.infer<typeof PlanStatus>;
/** Plan statuses in which deleting tasks is refused. */
export const PLAN_STATUSES_LOCKING_TASKS: readonly PlanStatus[] = ['completed', 'closed'];

const planFields = z.object({
  projectId: z.number().int().positive().describe('id of a project (GET /ccms/project/list)'),
  title: z.string().trim().min(1).max(200),
  libraryId: OptionalId.optional().describe('id of a library (GET /ccms/library/list)'),
  branch: z
    .union([BranchName, z.literal('')])
    .default('')
    .describe('git branch of the library (its default branch when absent)'),
  releaseId: OptionalId.optional().describe('id of a release of the same project (GET /ccms/release/list)'),
  description: z.string().max(10_000).default(''),
  beginDate: OptionalDate.optional(),
  dueDate: OptionalDate.optional(),
  ownerId: OptionalId.optional().describe('defaults to the caller'),
  reviewerId: OptionalId.optional().describe('user id of the reviewer'),
  reviewRule: z
    .union([z.enum(REVIEW_RULES), z.literal('')])
    .default('')
    .describe("all: every reviewer must approve; one: any one reviewer suffices; '' (default): the project config's rule"),
  status: PlanStatus.default('notStarted'),
  enable: z.boolean().default(true).describe('whether the plan is open for work'),
  notice: z.boolean().default(false),
  noticeType: z.enum(NOTICE_TYPES).default('system').describe('how people are notified: email or system message'),
});
const rules = endNotBeforeBegin<z.infer<typeof planFields>>('beginDate', 'dueDate');

export const PlanBody = planFields.superRefine(rules);
export type PlanBody = z.infer<typeof PlanBody>;
export const PlanUpdate = planFields
  .extend({
    id: z.number().int().positive(),
    rowVersion: RowVersion.describe('the rowVersion read with the row; a stale value answers 409 instead of overwriting another edit'),
  })
  .superRefine(rules);
export type PlanUpdate = z.infer<typeof PlanUpdate>;

/** Enable (open) or disable (close) a plan; the screen confirms first. */
export const PlanEnableBody = z.object({ id: z.number().int().positive(), enable: z.boolean().describe('whether the plan is open for work') });

export const Plan = z.object({
  id: z.number(),
  projectId: z.number(),
  projectTitle: z.string(),
  title: z.string(),
  libraryId: z.number().nullable(),
  libraryName: z.string(),
  branch: z.string(),
  releaseId: z.number().nullable(),
  releaseTitle: z.string(),
  description: z.string(),
  beginDate: z.string().nullable(),
  dueDate: z.string().nullable(),
  ownerId: z.number().nullable(),
  ownerName: z.string(),
  reviewerId: z.number().nullable(),
  reviewerName: z.string(),
  /** all, one, or '' when the plan follows its project config's rule. */
  reviewRule: z.string(),
  /** Whole percent of the plan's tasks completed. */
  progress: z.number(),
  tasksTotal: z.number(),
  tasksCompleted: z.number(),
  status: z.string(),
  enable: z.boolean(),
  notice: z.boolean(),
  noticeType: z.string(),
  rowVersion: z.number(),
  createBy: z.string(),
  createTime: DateTime,
  updateBy: z.string(),
  updateTime: DateTime,
});
export type Plan = z.infer<typeof Plan>;

export const PlanFilter = z.object({
  projectId: qInt.positive().optional().describe('id of a project (GET /ccms/project/list)'),
  title: z.string().max(200).optional(),
  status: PlanStatus.optional(),
  enable: z.enum(['true', 'false']).optional().describe('whether the plan is open for work'),
  releaseId: qInt.positive().optional().describe('id of a release of the same project (GET /ccms/release/list)'),
  ownerId: qInt.positive().optional().describe('user id of the owner'),
});
export type PlanFilter = z.infer<typeof PlanFilter>;
export const PlanQuery = PageQuery.extend(PlanFilter.shape);
export type PlanQuery = z.infer<typeof PlanQuery>;

const tag = 'work/plan';

/** The plan API: each endpoint's URL, method, access and schemas, for the server's routes and the web's calls. */
export const PlanApi = {
  // The project detail's project-list tab reads them with the project's query permission.
  list: endpoint({
    method: 'GET',
    url: '/ccms/plan/list',
    access: { permission: [PlanPerm.list, ProjectPerm.query] },
    summary: 'List plans by page',
    tag,
    query: PlanQuery,
    response: rowsOf(Plan),
  }),
  export: endpoint({
    method: 'POST',
    url: '/ccms/plan/export',
    access: { permission: PlanPerm.export },
    summary: 'Export plans as an Excel workbook',
    tag,
    body: PlanFilter,
    response: z.unknown().describe('an .xlsx workbook'),
  }),
  enable: endpoint({
    method: 'PUT',
    url: '/ccms/plan/enable',
    access: { permission: PlanPerm.edit },
    summary: 'Enable or disable a plan',
    tag,
    body: PlanEnableBody,
    response: OkEmpty,
  }),
  get: endpoint({
    method: 'GET',
    url: '/ccms/plan/:id',
    access: { permission: PlanPerm.query },
    summary: 'Get a plan',
    tag,
    params: IdParam,
    response: okOf(Plan),
  }),
  add: endpoint({
    method: 'POST',
    url: '/ccms/plan',
    access: { permission: PlanPerm.add },
    summary: 'Create a plan',
    tag,
    body: PlanBody,
    response: okOf(z.object({ id: z.number() })),
  }),
  edit: endpoint({
    method: 'PUT',
    url: '/ccms/plan',
    access: { permission: PlanPerm.edit },
    summary: 'Update a plan',
    tag,
    body: PlanUpdate,
    response: OkEmpty,
  }),
  remove: endpoint({
    method: 'DELETE',
    url: '/ccms/plan/:ids',
    access: { permission: PlanPerm.remove },
    summary: 'Delete plans',
    tag,
    params: z.object({ ids: IdList }),
    response: OkEmpty,
  }),
};
