import { z } from 'zod';
import { endpoint } from '../endpoint';
import { Abilities, PlainLevel } from '../grants';
import { DateTime, IdList, IdParam, OkEmpty, okOf, PageQuery, qInt, rowsOf } from '../http';
import { endNotBeforeBegin, OptionalDate, OptionalId, UserOption } from './common';
import { CLOSE_REASONS, RESOLUTIONS, WORK_ITEM_ACTIONS, WORK_ITEM_STATES, WORK_ITEM_TYPES } from './work-item-states';

/** Permission strings of the work item screens (seeded menu buttons). */
export const WorkItemPerm = {
  list: 'ccms:workitem:list',
  query: 'ccms:workitem:query',
  add: 'ccms:workitem:add',
  edit: 'ccms:workitem:edit',
  remove: 'ccms:workitem:remove',
  export: 'ccms:workitem:export',
} as const;

/** Object-level rights on the item's project (the grant levels). */
export const ProjectLevelEnum = PlainLevel;

const text = (max: number) => z.string().trim().max(max);
const userId = OptionalId;
const userIds = z.array(z.number().int().positive()).max(50).describe('user ids (stored comma-separated)');
const day = OptionalDate;
const hours = z.number().min(0).max(100000);

/**
 * Every field a caller may set on a work item. Times of the state machine (resolved, closed,
 * ...), the people it records (fixer, closer), status and resolution change only by transitions.
 */
export const WorkItemFields = z.object({
  title: z.string().trim().min(1).max(200),
  priority: z.number().int().min(1).max(4).describe('1 highest to 4 lowest'),
  severity: z.number().int().min(1).max(4).describe('1 blocker to 4 minor'),
  releaseId: OptionalId.describe('id of a release of the same project (GET /ccms/release/list)'),
  iterationId: OptionalId.describe('the plan the item is scheduled in'),
  version: text(64),
  template: text(100),
  begin: day,
  due: day,
  deadline: day,
  estimate: hours,
  parentId: OptionalId.describe('parent requirement of a sub-requirement'),
  progress: z.number().int().min(0).max(100).describe('percent done, 0-100'),
  archived: z.boolean(),
  confidential: z.boolean(),
  feature: text(200),
  size: text(32),
  testFocus: text(500),
  module: text(200),
  businessValue: text(64),
  versionReport: text(64),
  versionTest: text(64),
  versionFix: text(64).describe('version that fixes the defect'),
  versionClose: text(64),
  baselineFind: text(64),
  baselineJoin: text(64),
  baselineTest: text(64),
  baselineClose: text(64),
  ownerId: userId.describe('user id of the owner'),
  cc: userIds.describe('user ids copied on the work item'),
  assigneeId: userId.describe('user id of the assignee'),
  participator: userIds.describe('user ids taking part'),
  auditorId: userId.describe('user id of the reviewer who audits the work item'),
  confirmerId: userId.describe('user id of the person who confirms the work item'),
  effort: hours.describe('planned hours'),
  effortCompleted: hours.describe('hours spent'),
  createdFrom: text(100),
  os: text(64),
  platform: text(64),
  source: text(64),
  frequency: text(64),
  originphase: text(64),
  sourcephase: text(64),
  description: z.string().max(20000),
});
export type WorkItemFields = z.infer<typeof WorkItemFields>;

/** Fields an edit compares and records in history (the order history rows take). */
export const EDITABLE_FIELDS = Object.keys(WorkItemFields.shape) as (keyof WorkItemFields)[];

const datesInOrder = endNotBeforeBegin<Partial<WorkItemFields>>('begin', 'due');

export const WorkItemBody = WorkItemFields.partial()
  .extend({
    projectId: z.number().int().positive().describe('id of a project (GET /ccms/project/list)'),
    workItemType: z.enum(WORK_ITEM_TYPES).describe('requirement or defect'),
    title: z.string().trim().min(1).max(200),
  })
  .superRefine(datesInOrder);
export type WorkItemBody = z.infer<typeof WorkItemBody>;

/** A partial edit: fields left out stay as they are; rowVersion is the version the caller read. */
export const WorkItemUpdate = WorkItemFields.partial()
  .extend({
    workItemId: z.number().int().positive().describe('id of a work item (GET /ccms/workitem/list)'),
    projectId: z.number().int().positive().describe('the project the caller works in; another one is "Project mismatch"'),
    rowVersion: z.number().int().positive().describe('the rowVersion read with the row; a stale value answers 409 instead of overwriting another edit'),
  })
  .superRefine(datesInOrder);
export type WorkItemUpdate = z.infer<typeof WorkItemUpdate>;

export const WorkItem = z.object({
  workItemId: z.number(),
  projectId: z.number(),
  projectTitle: z.string(),
  workItemType: z.enum(WORK_ITEM_TYPES),
  title: z.string(),
  priority: z.number(),
  status: z.string(),
  severity: z.number(),
  releaseId: z.number().nullable(),
  releaseTitle: z.string(),
  iterationId: z.number().nullable(),
  iterationTitle: z.string().describe('title of the plan (iteration), empty when none'),
  version: z.string(),
  template: z.string(),
  begin: z.string().nullable(),
  due: z.string().nullable(),
  completed: DateTime,
  inProcessTime: DateTime,
  resolved: DateTime,
  verityTime: DateTime,
  closed: DateTime,
  rejectTime: DateTime,
  deadline: z.string().nullable(),
  estimate: z.number(),
  parentId: z.number().nullable(),
  parentTitle: z.string(),
  progress: z.number(),
  archived: z.boolean(),
  confidential: z.boolean(),
  feature: z.string(),
  size: z.string(),
  testFocus: z.string(),
  module: z.string(),
  businessValue: z.string(),
  versionReport: z.string(),
  versionTest: z.string(),
  versionFix: z.string(),
  versionClose: z.string(),
  baselineFind: z.string(),
  baselineJoin: z.string(),
  baselineTest: z.string(),
  baselineClose: z.string(),
  ownerId: z.number().nullable(),
  ownerName: z.string(),
  cc: z.array(z.number()),
  ccNames: z.array(z.string()),
  assigneeId: z.number().nullable(),
  assigneeName: z.string(),
  participator: z.array(z.number()),
  participatorNames: z.array(z.string()),
  auditorId: z.number().nullable(),
  auditorName: z.string(),
  confirmerId: z.number().nullable(),
  confirmerName: z.string(),
  fixerId: z.number().nullable(),
  fixerName: z.string(),
  closerId: z.number().nullable(),
  closerName: z.string(),
  effort: z.number(),
  effortCompleted: z.number(),
  remain: z.number(),
  exceed: z.number(),
  createdFrom: z.string(),
  os: z.string(),
  platform: z.string(),
  source: z.string(),
  frequency: z.string(),
  originphase: z.string(),
  sourcephase: z.string(),
  resolution: z.string(),
  closeReason: z.string(),
  reactivateCount: z.number(),
  description: z.string(),
  childCount: z.number().describe('live sub-requirements'),
  rowVersion: z.number(),
  createBy: z.string(),
  createTime: DateTime,
  updateBy: z.string(),
  updateTime: DateTime,
  /** The caller's level on the item's project and what it lets them do now (the web never re-derives it). */
  myLevel: ProjectLevelEnum.nullable(),
  abilities: Abilities.describe("what the caller's level on the project lets them do"),
  actions: z.array(z.enum(WORK_ITEM_ACTIONS)).describe('transitions the caller may make from the current state'),
});
export type WorkItem = z.infer<typeof WorkItem>;

/**
 * A row of a work item list or condition query: the columns list screens show, sort and act on
 * (as ZenTao and Jira lists do). The whole item, with every field of the spec, comes from
 * GET /ccms/workitem/{id}; exports write the whole item too.
 */
export const WorkItemListRow = WorkItem.pick({
  workItemId: true,
  projectId: true,
  projectTitle: true,
  workItemType: true,
  title: true,
  priority: true,
  status: true,
  severity: true,
  releaseId: true,
  releaseTitle: true,
  version: true,
  due: true,
  deadline: true,
  estimate: true,
  parentId: true,
  parentTitle: true,
  progress: true,
  archived: true,
  confidential: true,
  module: true,
  ownerId: true,
  ownerName: true,
  assigneeId: true,
  assigneeName: true,
  resolution: true,
  closeReason: true,
  childCount: true,
  rowVersion: true,
  createBy: true,
  createTime: true,
  updateTime: true,
  myLevel: true,
  actions: true,
});
export type WorkItemListRow = z.infer<typeof WorkItemListRow>;

export const WorkItemFilter = z.object({
  projectId: qInt.positive().optional().describe('id of a project (GET /ccms/project/list)'),
  workItemType: z.enum(WORK_ITEM_TYPES).optional().describe('requirement or defect'),
  status: z.enum(WORK_ITEM_STATES).optional(),
  title: z.string().max(200).optional(),
  assigneeId: qInt.positive().optional().describe('user id of the assignee'),
  parentId: qInt.positive().optional().describe('sub-requirements of this requirement'),
});
export type WorkItemFilter = z.infer<typeof WorkItemFilter>;

export const WorkItemQuery = PageQuery.extend(WorkItemFilter.shape);
export type WorkItemQuery = z.infer<typeof WorkItemQuery>;

/** Project the caller works in, when a request names it (detail, delete). */
export const ProjectScope = z.object({ projectId: qInt.positive().optional().describe('id of a project (GET /ccms/project/list)') });

// ---- transitions ----

export const TransitionBody = z.object({
  action: z.enum(WORK_ITEM_ACTIONS).describe("a transition action allowed in the item's current state (see the item's actions)"),
  projectId: z.number().int().positive().optional().describe('id of a project (GET /ccms/project/list)'),
  rowVersion: z.number().int().positive().optional().describe('when given, a stale version answers 409'),
  resolution: z.enum(RESOLUTIONS).optional().describe('required by resolve'),
  closeReason: z.enum(CLOSE_REASONS).optional().describe('required by close of a requirement'),
  versionFix: text(64).optional().describe('version that fixes the defect'),
  comment: z.string().trim().max(5000).optional().describe('kept as a comment on the item'),
});
export type TransitionBody = z.infer<typeof TransitionBody>;

const tag = 'work/work-item';

/** The work-item API: each endpoint's URL, method, access and schemas, for the server's routes and the web's calls. */
export const WorkItemApi = {
  list: endpoint({
    method: 'GET',
    url: '/ccms/workitem/list',
    access: { permission: WorkItemPerm.list },
    summary: 'List the work items of a project by page',
    tag,
    query: WorkItemQuery,
    response: rowsOf(WorkItemListRow),
  }),
  userOptions: endpoint({
    method: 'GET',
    url: '/ccms/workitem/userOptions',
    access: { permission: WorkItemPerm.list },
    summary: 'List users, for the work item assignee picker',
    tag,
    response: okOf(z.array(UserOption)),
  }),
  get: endpoint({
    method: 'GET',
    url: '/ccms/workitem/:id',
    access: { permission: WorkItemPerm.query },
    summary: 'Get a work item',
    tag,
    params: IdParam,
    query: ProjectScope,
    response: okOf(WorkItem),
  }),
  add: endpoint({
    method: 'POST',
    url: '/ccms/workitem',
    access: { permission: WorkItemPerm.add },
    summary: 'Create a work item',
    tag,
    body: WorkItemBody,
    response: okOf(z.object({ workItemId: z.number() })),
  }),
  edit: endpoint({
    method: 'PUT',
    url: '/ccms/workitem',
    access: { permission: WorkItemPerm.edit },
    summary: 'Update a work item',
    tag,
    body: WorkItemUpdate,
    response: OkEmpty,
  }),
  remove: endpoint({
    method: 'DELETE',
    url: '/ccms/workitem/:ids',
    access: { permission: WorkItemPerm.remove },
    summary: 'Delete work items',
    tag,
    params: z.object({ ids: IdList }),
    query: ProjectScope,
    response: OkEmpty,
  }),
  transition: endpoint({
    method: 'POST',
    url: '/ccms/workitem/:id/transition',
    access: { permission: WorkItemPerm.edit },
    summary: 'Move a work item to another state',
    tag,
    params: IdParam,
    body: TransitionBody,
    response: OkEmpty,
  }),
};
