import type { WorkItemHistory } from '@ccms/contracts/work/work-item-collab';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ccmsPlan, ccmsRelease, ccmsWorkItem } from '../../../db/schema';
import { userNames } from './work-item.queries';

/** History fields whose values are ids, and what they name. */
const USER_FIELDS = new Set(['ownerId', 'assigneeId', 'auditorId', 'confirmerId', 'fixerId', 'closerId', 'cc', 'participator']);
const REF_FIELDS: Record<string, 'release' | 'plan' | 'item'> = { releaseId: 'release', iterationId: 'plan', parentId: 'item' };

type Row = Omit<WorkItemHistory, 'beforeLabel' | 'afterLabel'>;

const idsIn = (value: string) =>
  value
    .split(',')
    .map((v) => Number(v.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);

/**
 * History rows with the names their id values stand for (a release, a plan, a parent
 * requirement, users): `beforeLabel` / `afterLabel`, empty where the value is shown as it is.
 */
export async function withLabels(db: Db, rows: Row[]): Promise<WorkItemHistory[]> {
  const wanted = { release: new Set<number>(), plan: new Set<number>(), item: new Set<number>(), user: new Set<number>() };
  for (const r of rows) {
    const kind = USER_FIELDS.has(r.changeField) ? 'user' : REF_FIELDS[r.changeField];
    if (!kind || r.changeType === 'comment' || r.changeType === 'attachment') continue;
    for (const id of [...idsIn(r.beforeValue), ...idsIn(r.afterValue)]) wanted[kind].add(id);
  }
  const titles = async (table: typeof ccmsRelease | typeof ccmsPlan | typeof ccmsWorkItem, ids: Set<number>) => {
    if (ids.size === 0) return new Map<number, string>();
    const idColumn = table === ccmsRelease ? ccmsRelease.releaseId : table === ccmsPlan ? ccmsPlan.planId : ccmsWorkItem.workItemId;
    const found = await db
      .select({ id: idColumn, title: table.title })
      .from(table)
      .where(inArray(idColumn, [...ids]));
    return new Map(found.map((f) => [f.id, f.title]));
  };
  const [release, plan, item, user] = await Promise.all([
    titles(ccmsRelease, wanted.release),
    titles(ccmsPlan, wanted.plan),
    titles(ccmsWorkItem, wanted.item),
    userNames(db, [...wanted.user]),
  ]);
  const names = { release, plan, item, user };
  return rows.map((r) => {
    const kind = USER_FIELDS.has(r.changeField) ? 'user' : REF_FIELDS[r.changeField];
    const label = (value: string) => {
      if (!kind || !value || r.changeType === 'comment' || r.changeType === 'attachment') return '';
      const ids = idsIn(value);
      if (ids.length === 0) return '';
      const name = (id: number) => {
        const n = names[kind].get(id);
        return kind === 'item' ? `#${id} ${n ?? ''}`.trim() : (n ?? `#${id}`);
      };
      return ids.map(name).join(', ');
    };
    return { ...r, beforeLabel: label(r.beforeValue), afterLabel: label(r.afterValue) };
  });
}
