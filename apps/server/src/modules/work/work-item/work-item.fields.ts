import type { WorkItemFields } from '@ccms/contracts/work/work-item';
import type { ccmsWorkItem as w } from '../../../db/schema';
import type { HistoryEntry } from './work-item.queries';

// Stored work item fields: user references, comma-separated user lists, derived hours, history diffs.

/** Fields holding one user id. */
export const USER_FIELDS = ['ownerId', 'assigneeId', 'auditorId', 'confirmerId', 'fixerId', 'closerId'] as const;
/** Fields holding a comma-separated list of user ids. */
export const USER_LIST_FIELDS = ['cc', 'participator'] as const;

export const splitIds = (s: string): number[] =>
  s
    .split(',')
    .map((p) => Number(p.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);

export type Stored = Partial<typeof w.$inferInsert>;

/** API fields to columns: user lists are stored comma-separated. */
export function toColumns(fields: Partial<WorkItemFields>): Stored {
  const { cc, participator, ...rest } = fields;
  const out: Stored = { ...rest };
  if (cc !== undefined) out.cc = cc.join(',');
  if (participator !== undefined) out.participator = participator.join(',');
  return out;
}

/** Hours left and over, as tasks keep them. */
export const derived = (effort: number, done: number) => ({ remain: Math.max(effort - done, 0), exceed: Math.max(done - effort, 0) });

/** A stored value as history shows it: people by name, times as ISO text. */
export function display(field: string, value: unknown, names: Map<number, string>): string {
  if (value === null || value === undefined) return '';
  if ((USER_FIELDS as readonly string[]).includes(field)) return names.get(Number(value)) ?? String(value);
  if ((USER_LIST_FIELDS as readonly string[]).includes(field))
    return splitIds(String(value))
      .map((id) => names.get(id) ?? String(id))
      .join(', ');
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

/** User ids a set of stored values mentions. */
export function mentionedUsers(...values: Stored[]): number[] {
  const ids: number[] = [];
  for (const v of values) {
    for (const f of USER_FIELDS) {
      const id = v[f];
      if (typeof id === 'number') ids.push(id);
    }
    for (const f of USER_LIST_FIELDS) {
      const list = v[f];
      if (typeof list === 'string') ids.push(...splitIds(list));
    }
  }
  return ids;
}

/** History rows for the fields that differ between before and after (only keys of `after`). */
export function changes(changeType: string, before: Stored, after: Stored, names: Map<number, string>): HistoryEntry[] {
  const out: HistoryEntry[] = [];
  for (const [field, value] of Object.entries(after)) {
    const b = display(field, before[field as keyof Stored], names);
    const a = display(field, value, names);
    if (a !== b) out.push({ changeType, changeField: field, beforeValue: b, afterValue: a });
  }
  return out;
}
