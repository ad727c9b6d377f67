import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { preparedOn } from '../../../db/prepared';
import { ccmsProject } from '../../../db/schema';
import { type AccessParams, type ProjectAccessRow, projectAccessFields } from '../project/project-access';
import type { ListRow } from './work-item.queries';
import type { Dictionary, ProjectRows } from './work-item-index-store';

/**
 * A page of the condition query made from the index's own columns (work-item-index-store.ts), as
 * a search engine answers from its stored fields: the page costs no read of the items. What a row
 * shows from other tables (the project's title, a release's title, the owner's and assignee's nick
 * names) and what decides the caller's level are read in one statement per page, by primary key.
 * The parent's title and the child count come from the project's rows: a parent is a live
 * requirement of the same project (the service refuses any other) and an item with live children
 * cannot be deleted. A page the columns cannot show exactly as SQL does (a parent that is not a live
 * item of the project, a date outside years 1 to 9999) answers undefined and goes to SQL.
 */

/** A list row of the index's page, with what decides the caller's level on its project. */
export type IndexRow = Omit<ListRow, 'total'> & { access: ProjectAccessRow | null };

/** What a page shows from outside the work item table, and the caller's access to the project. */
interface PageContext {
  title: string;
  access: ProjectAccessRow;
  releaseIds: number[] | null;
  releaseTitles: string[] | null;
  userIds: number[] | null;
  nickNames: string[] | null;
}

/** The project row with the titles and names of one page (`releaseIds`, `userIds`) and the caller's access. */
function contextQuery(db: Db) {
  return db
    .select({
      title: ccmsProject.title,
      access: projectAccessFields(sql`${sql.placeholder('projectId')}::int`),
      // As the SQL path joins them: a release by id whatever its state, a user only while not deleted.
      releaseIds: sql<number[] | null>`(SELECT array_agg(r.release_id ORDER BY r.release_id) FROM ccms_release r
        WHERE r.release_id = ANY(${sql.placeholder('releaseIds')}::int[]))`,
      releaseTitles: sql<string[] | null>`(SELECT array_agg(r.title ORDER BY r.release_id) FROM ccms_release r
        WHERE r.release_id = ANY(${sql.placeholder('releaseIds')}::int[]))`,
      userIds: sql<number[] | null>`(SELECT array_agg(u.user_id ORDER BY u.user_id) FROM sys_user u
        WHERE u.user_id = ANY(${sql.placeholder('userIds')}::int[]) AND u.del_flag = '0')`,
      nickNames: sql<string[] | null>`(SELECT array_agg(u.nick_name ORDER BY u.user_id) FROM sys_user u
        WHERE u.user_id = ANY(${sql.placeholder('userIds')}::int[]) AND u.del_flag = '0')`,
    })
    .from(ccmsProject)
    .where(eq(ccmsProject.projectId, sql.placeholder('projectId')))
    .prepare('ccms_work_item_page_context');
}

const DAY_MS = 86_400_000;

/** A date column's day number as the driver reads it ('YYYY-MM-DD'); null for NULL, undefined outside years 1 to 9999. */
function dayText(days: number): string | null | undefined {
  if (Number.isNaN(days)) return null;
  const date = new Date(days * DAY_MS);
  const year = date.getUTCFullYear();
  return year >= 1 && year <= 9999 ? date.toISOString().slice(0, 10) : undefined;
}

/** A timestamp column's epoch microseconds as a Date (cut to milliseconds, as parsing the driver's text does). */
const stamp = (micros: number) => new Date(Math.floor(micros / 1000));

const lookup = <V>(keys: number[] | null, values: V[] | null) => new Map((keys ?? []).map((k, i) => [k, (values ?? [])[i] as V]));

/** A number column's value in a slot, null for NULL (NaN). */
function orNull(column: Float64Array, slot: number): number | null {
  const value = column[slot] as number;
  return Number.isNaN(value) ? null : value;
}

/** A text column's value in a slot. */
const textOf = (dict: Dictionary, codes: Int32Array, slot: number) => dict.values[codes[slot] as number] as string;

/**
 * A slot's row as the SQL path reads it, less what comes from other tables (filled in by
 * `listRowsOf`); undefined when its columns cannot show it exactly. It runs for every row of every
 * page, so each column is named (a property load V8 keeps monomorphic), not looked up by a key.
 */
function ownRow(rows: ProjectRows, projectId: number, slot: number): IndexRow | undefined {
  const { numbers: n, texts: t, dicts: d } = rows;
  const parentId = orNull(n.parentId, slot);
  const parentSlot = parentId === null ? undefined : rows.slotOf.get(parentId);
  if (parentId !== null && parentSlot === undefined) return undefined;
  const due = dayText(n.due[slot] as number);
  const deadline = dayText(n.deadline[slot] as number);
  if (due === undefined || deadline === undefined) return undefined;
  const workItemId = n.workItemId[slot] as number;
  const updateTime = n.updateTime[slot] as number;
  return {
    workItemId,
    projectId,
    workItemType: textOf(d.workItemType, t.workItemType, slot),
    title: textOf(d.title, t.title, slot),
    priority: n.priority[slot] as number,
    status: textOf(d.status, t.status, slot),
    severity: n.severity[slot] as number,
    releaseId: orNull(n.releaseId, slot),
    version: textOf(d.version, t.version, slot),
    due,
    deadline,
    estimate: n.estimate[slot] as number,
    parentId,
    progress: n.progress[slot] as number,
    archived: rows.bools.archived[slot] === 1,
    confidential: rows.bools.confidential[slot] === 1,
    module: textOf(d.module, t.module, slot),
    ownerId: orNull(n.ownerId, slot),
    assigneeId: orNull(n.assigneeId, slot),
    resolution: textOf(d.resolution, t.resolution, slot),
    closeReason: textOf(d.closeReason, t.closeReason, slot),
    rowVersion: n.rowVersion[slot] as number,
    createBy: textOf(d.createBy, t.createBy, slot),
    createTime: stamp(n.createTime[slot] as number),
    updateTime: Number.isNaN(updateTime) ? null : stamp(updateTime),
    projectTitle: '',
    releaseTitle: '',
    parentTitle: parentSlot === undefined ? '' : textOf(d.title, t.title, parentSlot),
    childCount: rows.childCount(workItemId),
    ownerName: '',
    assigneeName: '',
    access: null,
  };
}

/** A user's nick name by id, '' when unset or not a live user. */
const nameIn = (names: Map<number, string>, id: number | null) => (id === null ? '' : (names.get(id) ?? ''));

/**
 * The ids' list rows, in their order, with the caller's access; undefined when SQL must show them.
 * The rows' own columns are copied before the statement's await: a refresh meanwhile may reuse slots.
 */
export async function listRowsOf(db: Db, rows: ProjectRows, projectId: number, ids: number[], caller: AccessParams): Promise<IndexRow[] | undefined> {
  const out: IndexRow[] = [];
  const releaseIds = new Set<number>();
  const userIds = new Set<number>();
  for (const id of ids) {
    const slot = rows.slotOf.get(id);
    const row = slot === undefined ? undefined : ownRow(rows, projectId, slot);
    if (!row) return undefined;
    out.push(row);
    if (row.releaseId !== null) releaseIds.add(row.releaseId);
    if (row.ownerId !== null) userIds.add(row.ownerId);
    if (row.assigneeId !== null) userIds.add(row.assigneeId);
  }
  const [context] = (await preparedOn(db, contextQuery).execute({
    projectId,
    releaseIds: [...releaseIds],
    userIds: [...userIds],
    ...caller,
  })) as PageContext[];
  if (!context) return undefined;
  const releases = lookup(context.releaseIds, context.releaseTitles);
  const names = lookup(context.userIds, context.nickNames);
  for (const row of out) {
    row.projectTitle = context.title;
    row.releaseTitle = row.releaseId === null ? '' : (releases.get(row.releaseId) ?? '');
    row.ownerName = nameIn(names, row.ownerId);
    row.assigneeName = nameIn(names, row.assigneeId);
    row.access = context.access;
  }
  return out;
}
