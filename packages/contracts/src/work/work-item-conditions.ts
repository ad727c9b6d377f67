import { z } from 'zod';
import { endpoint } from '../endpoint';
import { DateTime, IdList, OkEmpty, okOf, qInt, rowsOf } from '../http';
import { WorkItemListRow, WorkItemPerm } from './work-item';
import { WORK_ITEM_TYPES } from './work-item-states';

/**
 * Work item condition queries: the fields and operators a condition may use, the query and export
 * forms that carry conditions, and the caller's saved filters (server: work-item.conditions.ts).
 */

/** The spec's limit on one condition query. */
export const MAX_CONDITIONS = 10;

/** What kind of value a queryable field holds; it decides the operators that apply. */
export type FieldKind = 'text' | 'number' | 'date' | 'enum' | 'user' | 'bool';

/** The fields a condition may name (an allowlist: nothing else reaches SQL). */
export const QUERY_FIELDS = {
  workItemId: 'number',
  title: 'text',
  workItemType: 'enum',
  status: 'enum',
  priority: 'number',
  severity: 'number',
  releaseId: 'number',
  iterationId: 'number',
  parentId: 'number',
  version: 'text',
  module: 'text',
  feature: 'text',
  size: 'text',
  businessValue: 'text',
  resolution: 'enum',
  closeReason: 'enum',
  os: 'text',
  platform: 'text',
  source: 'text',
  frequency: 'text',
  description: 'text',
  versionReport: 'text',
  versionFix: 'text',
  begin: 'date',
  due: 'date',
  deadline: 'date',
  resolved: 'date',
  closed: 'date',
  createTime: 'date',
  updateTime: 'date',
  estimate: 'number',
  progress: 'number',
  effort: 'number',
  reactivateCount: 'number',
  archived: 'bool',
  confidential: 'bool',
  ownerId: 'user',
  assigneeId: 'user',
  auditorId: 'user',
  confirmerId: 'user',
  fixerId: 'user',
  closerId: 'user',
  createBy: 'text',
} as const satisfies Record<string, FieldKind>;
export type QueryField = keyof typeof QUERY_FIELDS;
export const QUERY_FIELD_NAMES = Object.keys(QUERY_FIELDS) as [QueryField, ...QueryField[]];

export const OPERATORS = ['eq', 'ne', 'contains', 'notContains', 'in', 'notIn', 'gt', 'lt', 'ge', 'le', 'between', 'empty', 'notEmpty'] as const;
export type Operator = (typeof OPERATORS)[number];

/** Operators that apply to each kind of field. */
export const OPERATORS_BY_KIND: Record<FieldKind, readonly Operator[]> = {
  text: ['eq', 'ne', 'contains', 'notContains', 'in', 'notIn', 'empty', 'notEmpty'],
  number: ['eq', 'ne', 'in', 'notIn', 'gt', 'lt', 'ge', 'le', 'between', 'empty', 'notEmpty'],
  date: ['eq', 'gt', 'lt', 'ge', 'le', 'between', 'empty', 'notEmpty'],
  enum: ['eq', 'ne', 'in', 'notIn', 'empty', 'notEmpty'],
  user: ['eq', 'ne', 'in', 'notIn', 'empty', 'notEmpty'],
  bool: ['eq'],
};

/** How many values an operator takes: none, one, a list, or a pair. */
export const operatorArity = (op: Operator): 'none' | 'one' | 'list' | 'pair' =>
  op === 'empty' || op === 'notEmpty' ? 'none' : op === 'in' || op === 'notIn' ? 'list' : op === 'between' ? 'pair' : 'one';

const Scalar = z.union([z.string().max(500), z.number(), z.boolean()]);

export const Condition = z.object({
  field: z.enum(QUERY_FIELD_NAMES),
  operator: z.enum(OPERATORS),
  value: z.union([Scalar, z.array(z.union([z.string().max(200), z.number()])).max(200), z.null()]).optional(),
});
export type Condition = z.infer<typeof Condition>;

export const Conditions = z.array(Condition).max(MAX_CONDITIONS, { message: 'workItem.tooManyConditions' });

export const ConditionQuery = z.object({
  conditions: Conditions.default([]).describe('filter conditions: field, operator and value (GET /ccms/workitem/filter for examples)'),
  logic: z.enum(['and', 'or']).default('and').describe('how conditions combine: and (all) or or (any)'),
  pageNum: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(1000).default(20),
  orderByColumn: z.string().max(64).optional(),
  isAsc: z.enum(['asc', 'desc', 'ascending', 'descending']).optional().describe('sort direction'),
  workItemType: z.enum(WORK_ITEM_TYPES).optional().describe('requirement or defect'),
  projectId: z.number().int().positive().optional().describe('id of a project (GET /ccms/project/list)'),
});
export type ConditionQuery = z.infer<typeof ConditionQuery>;

/** Export forms carry the conditions as one JSON text field (the web posts exports as forms). */
const jsonIfString = (v: unknown) => {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
};

export const WorkItemExport = z.object({
  conditions: z
    .preprocess(jsonIfString, Conditions)
    .default([])
    .describe('filter conditions: field, operator and value (GET /ccms/workitem/filter for examples)'),
  logic: z.enum(['and', 'or']).default('and').describe('how conditions combine: and (all) or or (any)'),
  orderByColumn: z.string().max(64).optional(),
  isAsc: z.enum(['asc', 'desc', 'ascending', 'descending']).optional().describe('sort direction'),
  workItemType: z.enum(WORK_ITEM_TYPES).optional().describe('requirement or defect'),
  projectId: qInt.positive().optional().describe('id of a project (GET /ccms/project/list)'),
});
export type WorkItemExport = z.infer<typeof WorkItemExport>;

// ---- saved filters ----

export const SavedFilterBody = z.object({
  name: z.string().trim().min(1).max(100),
  conditions: Conditions.describe('filter conditions: field, operator and value (GET /ccms/workitem/filter for examples)'),
  logic: z.enum(['and', 'or']).default('and').describe('how conditions combine: and (all) or or (any)'),
  workItemType: z.enum(WORK_ITEM_TYPES).nullable().optional().describe('requirement or defect'),
  projectId: z.number().int().positive().nullable().optional().describe('id of a project (GET /ccms/project/list)'),
});
export type SavedFilterBody = z.infer<typeof SavedFilterBody>;

export const SavedFilter = z.object({
  filterId: z.number().describe('id of a saved work item filter'),
  name: z.string(),
  conditions: z.array(Condition).describe('filter conditions: field, operator and value (GET /ccms/workitem/filter for examples)'),
  logic: z.enum(['and', 'or']).describe('how conditions combine: and (all) or or (any)'),
  workItemType: z.enum(WORK_ITEM_TYPES).nullable().describe('requirement or defect'),
  projectId: z.number().nullable().describe('id of a project (GET /ccms/project/list)'),
  createTime: DateTime,
});
export type SavedFilter = z.infer<typeof SavedFilter>;

export const FilterListQuery = z.object({
  projectId: qInt.positive().optional().describe('id of a project (GET /ccms/project/list)'),
  workItemType: z.enum(WORK_ITEM_TYPES).optional().describe('requirement or defect'),
});

const tag = 'work/work-item';

/** Work item condition queries, export and saved filters: each endpoint's URL, method, access and schemas. */
export const WorkItemFilterApi = {
  query: endpoint({
    method: 'POST',
    url: '/ccms/workitem/query',
    access: { permission: WorkItemPerm.list },
    summary: 'Find work items by a condition tree',
    tag,
    body: ConditionQuery,
    response: rowsOf(WorkItemListRow),
  }),
  export: endpoint({
    method: 'POST',
    url: '/ccms/workitem/export',
    access: { permission: WorkItemPerm.export },
    summary: 'Export work items as an Excel workbook',
    tag,
    body: WorkItemExport,
    response: z.unknown().describe('an .xlsx workbook'),
  }),
  filters: endpoint({
    method: 'GET',
    url: '/ccms/workitem/filter',
    access: { permission: WorkItemPerm.list },
    summary: "List the caller's saved work item filters",
    tag,
    query: FilterListQuery,
    response: okOf(z.array(SavedFilter)),
  }),
  saveFilter: endpoint({
    method: 'POST',
    url: '/ccms/workitem/filter',
    access: { permission: WorkItemPerm.list },
    summary: 'Save a work item filter',
    tag,
    body: SavedFilterBody,
    response: okOf(z.object({ filterId: z.number() })),
  }),
  removeFilters: endpoint({
    method: 'DELETE',
    url: '/ccms/workitem/filter/:ids',
    access: { permission: WorkItemPerm.list },
    summary: 'Delete saved work item filters',
    tag,
    params: z.object({ ids: IdList }),
    response: OkEmpty,
  }),
};
