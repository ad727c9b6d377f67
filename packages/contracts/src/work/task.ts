import { z } from 'zod';
import { endpoint } from '../endpoint';
import { DateTime, IdList, IdParam, OkEmpty, okOf, PageQuery, qInt, rowsOf } from '../http';
import { endNotBeforeBegin, OptionalDate, OptionalId, RowVersion } from './common';
import { PlanPerm } from './plan';
import { ProjectPerm } from './project';

export const TaskPerm = {
  list: 'ccms:task:list',
  query: 'ccms:task:query',
  add: 'ccms:task:add',
  edit: 'ccms:task:edit',
  remove: 'ccms:task:remove',
  export: 'ccms:task:export',
  /** The "my tasks" page: own tasks, and progress on them. */
  mine: 'ccms:myTask:list',
} as const;

export const TASK_STATUSES = ['new', 'notStarted', 'inProgress', 'completed'] as const;
export const TaskStatus = z.enum(TASK_STATUSES).describe('task status code');
export type TaskStatus = z.infer<typeof TaskStatus>;

export const TASK_CATEGORIES = ['writing', 'review', 'translation', 'translationReview', 'other'] as const;

/** Hours, two decimals. */
const Hours = z.coerce.number().min(0).max(100_000).multipleOf(0.01).default(0);

const taskFields = z.object({
  projectId: z.number().int().positive().describe('id of a project (GET /ccms/project/list)'),
  planId: OptionalId.optional().describe('id of a plan of the same project (GET /ccms/plan/list)'),
  title: z.string().trim().min(1).max(200),
  category: z.enum(TASK_CATEGORIES).default('writing'),
  assigneeId: OptionalId.optional().describe('user id of the assignee'),
  writerId: OptionalId.optional().describe('user id of the writer'),
  status: TaskStatus.default('new'),
  beginDate: OptionalDate.optional(),
  dueDate: OptionalDate.optional(),
  description: z.string().max(10_000).default(''),
  effort: Hours.describe('hours planned'),
  effortCompleted: Hours.describe('hours spent'),
});
const rules = endNotBeforeBegin<z.infer<typeof taskFields>>('beginDate', 'dueDate');

/** remain and exceed are computed by the server: remain = max(effort - effortCompleted, 0), exceed = max(effortCompleted - effort, 0). */
export const TaskBody = taskFields.superRefine(rules);
export type TaskBody = z.infer<typeof TaskBody>;
export const TaskUpdate = taskFields
  .extend({
    id: z.number().int().positive(),
    rowVersion: RowVersion.describe('the rowVersion read with the row; a stale value answers 409 instead of overwriting another edit'),
  })
  .superRefine(rules);
export type TaskUpdate = z.infer<typeof TaskUpdate>;

/** Progress on a task by its assignee or writer (my tasks) or an editor. */
export const TaskProgressBody = z.object({
  id: z.number().int().positive(),
  rowVersion: RowVersion.describe('the rowVersion read with the row; a stale value answers 409 instead of overwriting another edit'),
  status: TaskStatus,
  effortCompleted: Hours.describe('hours spent'),
});
export type TaskProgressBody = z.infer<typeof TaskProgressBody>;

export const Task = z.object({
  id: z.number(),
  projectId: z.number(),
  projectTitle: z.string(),
  planId: z.number().nullable(),
  planTitle: z.string(),
  title: z.string(),
  category: z.string(),
  assigneeId: z.number().nullable(),
  assigneeName: z.string(),
  writerId: z.number().nullable(),
  writerName: z.string(),
  status: z.string(),
  beginDate: z.string().nullable(),
  dueDate: z.string().nullable(),
  description: z.string(),
  effort: z.number(),
  effortCompleted: z.number(),
  remain: z.number(),
  exceed: z.number(),
  rowVersion: z.number(),
  createBy: z.string(),
  createTime: DateTime,
  updateBy: z.string(),
  updateTime: DateTime,
});
export type Task = z.infer<typeof Task>;

export const TaskFilter = z.object({
  projectId: qInt.positive().optional().describe('id of a project (GET /ccms/project/list)'),
  planId: qInt.positive().optional().describe('id of a plan of the same project (GET /ccms/plan/list)'),
  title: z.string().max(200).optional(),
  status: TaskStatus.optional(),
  category: z.enum(TASK_CATEGORIES).optional(),
  assigneeId: qInt.positive().optional().describe('user id of the assignee'),
});
export type TaskFilter = z.infer<typeof TaskFilter>;
export const TaskQuery = PageQuery.extend(TaskFilter.shape);
export type TaskQuery = z.infer<typeof TaskQuery>;

/** remain and exceed from effort and completed effort (two decimals). */
export function effortSplit(effort: number, effortCompleted: number): { remain: number; exceed: number } {
  const round = (n: number) => Math.round(n * 100) / 100;
  return { remain: round(Math.max(effort - effortCompleted, 0)), exceed: round(Math.max(effortCompleted - effort, 0)) };
}

const tag = 'work/task';

/** The task API: each endpoint's URL, method, access and schemas, for the server's routes and the web's calls. */
export const TaskApi = {
  // The project detail's project-list tab and the plan detail read them too.
  list: endpoint({
    method: 'GET',
    url: '/ccms/task/list',
    access: { permission: [TaskPerm.list, ProjectPerm.query, PlanPerm.query] },
    summary: 'List tasks by page',
    tag,
    query: TaskQuery,
    response: rowsOf(Task),
  }),
  mine: endpoint({
    method: 'GET',
    url: '/ccms/task/mine',
    access: { permission: TaskPerm.mine },
    summary: "List the caller's own tasks by page",
    tag,
    query: TaskQuery,
    response: rowsOf(Task),
  }),
  export: endpoint({
    method: 'POST',
    url: '/ccms/task/export',
    access: { permission: TaskPerm.export },
    summary: 'Export tasks as an Excel workbook',
    tag,
    body: TaskFilter,
    response: z.unknown().describe('an .xlsx workbook'),
  }),
  progress: endpoint({
    method: 'PUT',
    url: '/ccms/task/progress',
    access: { permission: [TaskPerm.edit, TaskPerm.mine] },
    summary: 'Report progress on a task',
    tag,
    body: TaskProgressBody,
    response: OkEmpty,
  }),
  get: endpoint({
    method: 'GET',
    url: '/ccms/task/:id',
    access: { permission: [TaskPerm.query, TaskPerm.mine] },
    summary: 'Get a task',
    tag,
    params: IdParam,
    response: okOf(Task),
  }),
  add: endpoint({
    method: 'POST',
    url: '/ccms/task',
    access: { permission: TaskPerm.add },
    summary: 'Create a task',
    tag,
    body: TaskBody,
    response: okOf(z.object({ id: z.number() })),
  }),
  edit: endpoint({
    method: 'PUT',
    url: '/ccms/task',
    access: { permission: TaskPerm.edit },
    summary: 'Update a task',
    tag,
    body: TaskUpdate,
    response: OkEmpty,
  }),
  remove: endpoint({
    method: 'DELETE',
    url: '/ccms/task/:ids',
    access: { permission: TaskPerm.remove },
    summary: 'Delete tasks',
    tag,
    params: z.object({ ids: IdList }),
    response: OkEmpty,
  }),
};
