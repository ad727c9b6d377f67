import { messageRef } from '@ccms/contracts/messages';
import {
  type Condition,
  type FieldKind,
  OPERATORS_BY_KIND,
  type Operator,
  operatorArity,
  QUERY_FIELDS,
  type QueryField,
} from '@ccms/contracts/work/work-item-conditions';
import { CLOSE_REASONS, RESOLUTIONS, WORK_ITEM_STATES, WORK_ITEM_TYPES } from '@ccms/contracts/work/work-item-states';
import { and, between, eq, gt, gte, ilike, inArray, isNull, lt, lte, ne, not, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { ccmsWorkItem as w } from '../../../db/schema';
import { containing } from '../../../platform/db/filters';
import { badRequest } from '../../../platform/http/errors';

/** The column behind each queryable field: the allowlist that keeps input out of SQL text. */
const COLUMNS: Record<QueryField, PgColumn> = {
  workItemId: w.workItemId,
  title: w.title,
  workItemType: w.workItemType,
  status: w.status,
  priority: w.priority,
  severity: w.severity,
  releaseId: w.releaseId,
  iterationId: w.iterationId,
  parentId: w.parentId,
  version: w.version,
  module: w.module,
  feature: w.feature,
  size: w.size,
  businessValue: w.businessValue,
  resolution: w.resolution,
  closeReason: w.closeReason,
  os: w.os,
  platform: w.platform,
  source: w.source,
  frequency: w.frequency,
  description: w.description,
  versionReport: w.versionReport,
  versionFix: w.versionFix,
  begin: w.begin,
  due: w.due,
  deadline: w.deadline,
  resolved: w.resolved,
  closed: w.closed,
  createTime: w.createTime,
  updateTime: w.updateTime,
  estimate: w.estimate,
  progress: w.progress,
  effort: w.effort,
  reactivateCount: w.reactivateCount,
  archived: w.archived,
  confidential: w.confidential,
  ownerId: w.ownerId,
  assigneeId: w.assigneeId,
  auditorId: w.auditorId,
  confirmerId: w.confirmerId,
  fixerId: w.fixerId,
  closerId: w.closerId,
  createBy: w.createBy,
};

/** Values an enum field may take. */
const ENUM_VALUES: Partial<Record<QueryField, readonly string[]>> = {
  workItemType: WORK_ITEM_TYPES,
  status: WORK_ITEM_STATES,
  resolution: ['', ...RESOLUTIONS],
  closeReason: ['', ...CLOSE_REASONS, 'reject'],
};

/** Fields stored as timestamps (a day compares as the whole day, server time). */
export const TIMESTAMP_FIELDS: ReadonlySet<QueryField> = new Set<QueryField>(['resolved', 'closed', 'createTime', 'updateTime']);

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export type Scalar = string | number | boolean;

class BadValue extends Error {}

function scalarOf(kind: FieldKind, field: QueryField, raw: unknown): Scalar {
  switch (kind) {
    case 'number':
    case 'user': {
      const n = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : Number.NaN;
      if (!Number.isFinite(n)) throw new BadValue();
      return n;
    }
    case 'bool':
      if (raw === true || raw === 'true') return true;
      if (raw === false || raw === 'false') return false;
      throw new BadValue();
    case 'date':
      if (typeof raw !== 'string' || !DAY.test(raw) || Number.isNaN(Date.parse(raw))) throw new BadValue();
      return raw;
    case 'enum': {
      const allowed = ENUM_VALUES[field] ?? [];
      if (typeof raw !== 'string' || !allowed.includes(raw)) throw new BadValue();
      return raw;
    }
    default:
      if (typeof raw !== 'string' && typeof raw !== 'number') throw new BadValue();
      return String(raw);
  }
}

/** Local midnight of a day, and of the day after. */
export function dayBounds(day: string): [Date, Date] {
  const start = new Date(`${day}T00:00:00`);
  const end = new Date(start);
  end.setDate(end.getDate() + 1);
  return [start, end];
}

function dateCondition(field: QueryField, column: PgColumn, op: Operator, values: string[]): SQL | undefined {
  const [a = '', b = ''] = values;
  if (!TIMESTAMP_FIELDS.has(field)) {
    switch (op) {
      case 'eq':
        return eq(column, a);
      case 'gt':
        return gt(column, a);
      case 'lt':
        return lt(column, a);
      case 'ge':
        return gte(column, a);
      case 'le':
        return lte(column, a);
      case 'between':
        return between(column, a, b);
      default:
        return undefined;
    }
  }
  const [aStart, aEnd] = dayBounds(a);
  switch (op) {
    case 'eq':
      return and(gte(column, aStart), lt(column, aEnd));
    case 'gt':
      return gte(column, aEnd);
    case 'lt':
      return lt(column, aStart);
    case 'ge':
      return gte(column, aStart);
    case 'le':
      return lt(column, aEnd);
    case 'between':
      return and(gte(column, aStart), lt(column, dayBounds(b)[1]));
    default:
      return undefined;
  }
}

/** A condition checked against its field: the operator fits the field's kind, the values are typed. */
export interface ParsedCondition {
  field: QueryField;
  kind: FieldKind;
  operator: Operator;
  column: PgColumn;
  nullable: boolean;
  /** The typed values (none for empty and notEmpty, one, a list, or a pair). */
  values: Scalar[];
}

/** A condition's field, operator and values checked; a 400 naming the condition when they do not fit. */
export function parseCondition(c: Condition, index: number): ParsedCondition {
  const kind: FieldKind = QUERY_FIELDS[c.field];
  const column = COLUMNS[c.field];
  const params = { index: index + 1, field: messageRef(`workItem.field.${c.field}`), operator: messageRef(`workItem.operator.${c.operator}`) };
  if (!OPERATORS_BY_KIND[kind].includes(c.operator)) throw badRequest('workItem.badOperator', params);
  const arity = operatorArity(c.operator);
  const parsed = { field: c.field, kind, operator: c.operator, column, nullable: !column.notNull };
  if (arity === 'none') return { ...parsed, values: [] };
  try {
    const list = Array.isArray(c.value) ? c.value : [];
    if (arity === 'list' && (list.length === 0 || !Array.isArray(c.value))) throw new BadValue();
    if (arity === 'pair' && list.length !== 2) throw new BadValue();
    if (arity === 'one' && (Array.isArray(c.value) || c.value === undefined || c.value === null)) throw new BadValue();
    return { ...parsed, values: (arity === 'one' ? [c.value] : list).map((v) => scalarOf(kind, c.field, v)) };
  } catch (err) {
    if (err instanceof BadValue) throw badRequest('workItem.badValue', params);
    throw err;
  }
}

/** One condition as SQL; a 400 naming the condition when the operator or value does not fit the field. */
export function conditionSql(c: Condition, index: number): SQL {
  const { kind, column, nullable, operator, values } = parseCondition(c, index);
  if (operatorArity(operator) === 'none') {
    const blank = nullable ? isNull(column) : kind === 'text' || kind === 'enum' ? eq(column, '') : sql`false`;
    return operator === 'empty' ? blank : not(blank);
  }
  const params = { index: index + 1, field: messageRef(`workItem.field.${c.field}`), operator: messageRef(`workItem.operator.${c.operator}`) };
  if (kind === 'date') {
    const found = dateCondition(
      c.field,
      column,
      operator,
      values.map((v) => String(v)),
    );
    if (!found) throw badRequest('workItem.badValue', params);
    return found;
  }
  const [first = '', second = ''] = values;
  switch (operator) {
    case 'eq':
      return eq(column, first);
    case 'ne':
      // "Not me" includes the unassigned: SQL's <> alone would drop NULLs.
      return nullable ? (or(ne(column, first), isNull(column)) as SQL) : ne(column, first);
    case 'contains':
      return ilike(column, containing(String(first)));
    case 'notContains':
      return not(ilike(column, containing(String(first))));
    case 'in':
      return inArray(column, values);
    case 'notIn':
      return nullable ? (or(notInArray(column, values), isNull(column)) as SQL) : notInArray(column, values);
    case 'gt':
      return gt(column, first);
    case 'lt':
      return lt(column, first);
    case 'ge':
      return gte(column, first);
    case 'le':
      return lte(column, first);
    case 'between':
      return between(column, first, second);
    default:
      throw badRequest('workItem.badValue', params);
  }
}

/** The conditions joined by AND or OR (undefined when there are none). */
export function conditionsSql(conditions: Condition[], logic: 'and' | 'or'): SQL | undefined {
  if (conditions.length === 0) return undefined;
  const parts = conditions.map((c, i) => conditionSql(c, i));
  return logic === 'or' ? or(...parts) : and(...parts);
}
