import type { WorkItemFilter } from '@ccms/contracts/work/work-item';
import { and, asc, count, desc, eq, ilike, inArray, max, type SQL, sql } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../../db/client';
import {
  ccmsPlan,
  ccmsProject,
  ccmsRelease,
  ccmsWorkItemAttachment,
  ccmsWorkItemComment,
  ccmsWorkItemFilter,
  ccmsWorkItemHistory,
  sysUser,
  ccmsWorkItem as w,
} from '../../../db/schema';
import { containing } from '../../../platform/db/filters';
import { orderBy, pageWindow } from '../../../platform/http/paging';

export type WorkItemRow = typeof w.$inferSelect;

const parent = alias(w, 'parent_item');

/** Columns a list or condition query may sort by. */
export const SORTABLE: Record<string, PgColumn> = {
  workItemId: w.workItemId,
  title: w.title,
  priority: w.priority,
  severity: w.severity,
  status: w.status,
  createTime: w.createTime,
  updateTime: w.updateTime,
  due: w.due,
  deadline: w.deadline,
  progress: w.progress,
  estimate: w.estimate,
};

export const live = eq(w.delFlag, '0');

/** The simple list filters (GET /list). */
export function filterSql(q: WorkItemFilter): SQL | undefined {
  return and(
    q.projectId ? eq(w.projectId, q.projectId) : undefined,
    q.workItemType ? eq(w.workItemType, q.workItemType) : undefined,
    q.status ? eq(w.status, q.status) : undefined,
    q.title ? ilike(w.title, containing(q.title)) : undefined,
    q.assigneeId ? eq(w.assigneeId, q.assigneeId) : undefined,
    q.parentId ? eq(w.parentId, q.parentId) : undefined,
  );
}

/** A work item with the titles it refers to (selected over `w` joined as in `selectItems`). */
const itemFields = {
  item: w,
  projectTitle: sql<string>`coalesce(${ccmsProject.title}, '')`,
  releaseTitle: sql<string>`coalesce(${ccmsRelease.title}, '')`,
  iterationTitle: sql<string>`coalesce((SELECT p.title FROM ccms_plan p WHERE p.plan_id = ${w.iterationId}), '')`,
  parentTitle: sql<string>`coalesce(${parent.title}, '')`,
  // Static SQL text: an aliased table does not render its FROM clause inside sql``.
  childCount: sql<number>`(SELECT count(*)::int FROM ccms_work_item c WHERE c.parent_id = ${w.workItemId} AND c.del_flag = '0')`,
};

function selectItems(db: Db | Tx) {
  return db
    .select(itemFields)
    .from(w)
    .leftJoin(ccmsProject, eq(ccmsProject.projectId, w.projectId))
    .leftJoin(ccmsRelease, eq(ccmsRelease.releaseId, w.releaseId))
    .leftJoin(parent, eq(parent.workItemId, w.parentId));
}

export type ItemWithTitles = Awaited<ReturnType<ReturnType<typeof selectItems>['execute']>>[number];

/** A user's nick name by id column, '' when unset or deleted (as `userNames` reads them). */
const nickNameOf = (column: PgColumn) => sql<string>`coalesce((SELECT u.nick_name FROM sys_user u WHERE u.user_id = ${column} AND u.del_flag = '0'), '')`;

/** The columns of a list row (contracts WorkItemListRow, less the caller's level and actions). */
const listFields = {
  workItemId: w.workItemId,
  projectId: w.projectId,
  workItemType: w.workItemType,
  title: w.title,
  priority: w.priority,
  status: w.status,
  severity: w.severity,
  releaseId: w.releaseId,
  version: w.version,
  due: w.due,
  deadline: w.deadline,
  estimate: w.estimate,
  parentId: w.parentId,
  progress: w.progress,
  archived: w.archived,
  confidential: w.confidential,
  module: w.module,
  ownerId: w.ownerId,
  assigneeId: w.assigneeId,
  resolution: w.resolution,
  closeReason: w.closeReason,
  rowVersion: w.rowVersion,
  createBy: w.createBy,
  createTime: w.createTime,
  updateTime: w.updateTime,
  projectTitle: itemFields.projectTitle,
  releaseTitle: itemFields.releaseTitle,
  parentTitle: itemFields.parentTitle,
  childCount: itemFields.childCount,
  ownerName: nickNameOf(w.ownerId),
  assigneeName: nickNameOf(w.assigneeId),
};

export type ListRow = Awaited<ReturnType<typeof pageItems>>['rows'][number];

/**
 * One page of live items matching `where` as list rows, sorted from the allowlist, with the total,
 * in one statement: an inner select over the work item table alone filters, counts (count(*) over
 * the matches: one scan instead of a second query) and cuts the page; only the page's rows are
 * then joined to their titles and their owner's and assignee's names. Keeping the filters apart
 * from the joins also keeps planning cheap.
 */
export async function pageItems(db: Db, where: SQL | undefined, q: { pageNum: number; pageSize: number; orderByColumn?: string; isAsc?: string }) {
  const { limit, offset } = pageWindow(q);
  const order = [
    ...orderBy({ orderByColumn: q.orderByColumn, isAsc: q.isAsc as 'asc' | 'desc' | undefined }, SORTABLE, desc(w.workItemId)),
    desc(w.workItemId),
  ];
  const cond = and(live, where);
  const page = db
    .select({
      pageId: sql<number>`${w.workItemId}`.as('page_id'),
      total: sql<number>`(count(*) over ())::int`.as('page_total'),
      pos: sql<number>`row_number() over (order by ${sql.join(order, sql`, `)})`.as('page_pos'),
    })
    .from(w)
    .where(cond)
    .orderBy(...order)
    .limit(limit)
    .offset(offset)
    .as('page');
  const rows = await db
    .select({ ...listFields, total: page.total })
    .from(page)
    .innerJoin(w, eq(w.workItemId, page.pageId))
    .leftJoin(ccmsProject, eq(ccmsProject.projectId, w.projectId))
    .leftJoin(ccmsRelease, eq(ccmsRelease.releaseId, w.releaseId))
    .leftJoin(parent, eq(parent.workItemId, w.parentId))
    .orderBy(page.pos);
  if (rows.length === 0 && offset > 0) {
    // Past the last page: the window saw no rows, so the total needs its own count.
    const [counted] = await db.select({ n: count() }).from(w).where(cond);
    return { rows: [], total: counted?.n ?? 0 };
  }
  return { rows, total: rows[0]?.total ?? 0 };
}

/** Every live item matching `where` (exports), up to `cap`. */
export function allItems(db: Db, where: SQL | undefined, order: (SQL | PgColumn)[], cap: number) {
  return selectItems(db)
    .where(and(live, where))
    .orderBy(...order, desc(w.workItemId))
    .limit(cap);
}

export async function findItemWithTitles(db: Db | Tx, workItemId: number) {
  const [row] = await selectItems(db).where(and(eq(w.workItemId, workItemId), live));
  return row;
}

export async function findItem(db: Db | Tx, workItemId: number) {
  const [row] = await db
    .select()
    .from(w)
    .where(and(eq(w.workItemId, workItemId), live));
  return row;
}

/** The item locked for the rest of the transaction: changes and their history rows queue up per item. */
export async function lockItem(tx: Tx, workItemId: number) {
  const [row] = await tx
    .select()
    .from(w)
    .where(and(eq(w.workItemId, workItemId), live))
    .for('update');
  return row;
}

export async function findItems(db: Db, ids: number[]) {
  return db
    .select()
    .from(w)
    .where(and(inArray(w.workItemId, ids), live));
}

export async function liveChildren(db: Db | Tx, parentIds: number[]) {
  return db
    .select({ workItemId: w.workItemId, parentId: w.parentId })
    .from(w)
    .where(and(inArray(w.parentId, parentIds), live));
}

/** Active users for the people pickers of the work item form. */
export function activeUsers(db: Db) {
  return db
    .select({ userId: sysUser.userId, userName: sysUser.userName, nickName: sysUser.nickName })
    .from(sysUser)
    .where(and(eq(sysUser.delFlag, '0'), eq(sysUser.status, '0')))
    .orderBy(asc(sysUser.userId))
    .limit(2000);
}

/** Nick names of users by id (present ones only). */
export async function userNames(db: Db | Tx, ids: number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ userId: sysUser.userId, nickName: sysUser.nickName })
    .from(sysUser)
    .where(and(inArray(sysUser.userId, unique), eq(sysUser.delFlag, '0')));
  return new Map(rows.map((r) => [r.userId, r.nickName]));
}

export async function releaseProject(db: Db | Tx, releaseId: number) {
  const [row] = await db
    .select({ projectId: ccmsRelease.projectId })
    .from(ccmsRelease)
    .where(and(eq(ccmsRelease.releaseId, releaseId), eq(ccmsRelease.delFlag, '0')));
  return row?.projectId;
}

export async function planOf(db: Db | Tx, planId: number) {
  const [row] = await db
    .select({ projectId: ccmsPlan.projectId, title: ccmsPlan.title })
    .from(ccmsPlan)
    .where(and(eq(ccmsPlan.planId, planId), eq(ccmsPlan.delFlag, '0')));
  return row;
}

// ---- history ----

export interface HistoryEntry {
  changeType: string;
  changeField: string;
  beforeValue: string;
  afterValue: string;
}

/** Appends history rows numbered on from the item's last one (the caller holds the item's lock). */
export async function appendHistory(tx: Tx, workItemId: number, changeBy: string, entries: HistoryEntry[], at = new Date()) {
  if (entries.length === 0) return;
  const [last] = await tx
    .select({ n: max(ccmsWorkItemHistory.seq) })
    .from(ccmsWorkItemHistory)
    .where(eq(ccmsWorkItemHistory.workItemId, workItemId));
  const start = (last?.n ?? 0) + 1;
  await tx.insert(ccmsWorkItemHistory).values(entries.map((e, i) => ({ workItemId, seq: start + i, changeBy, changeTime: at, ...e })));
}

export function historyOf(db: Db, workItemId: number) {
  return db.select().from(ccmsWorkItemHistory).where(eq(ccmsWorkItemHistory.workItemId, workItemId)).orderBy(asc(ccmsWorkItemHistory.seq));
}

// ---- comments ----

export function commentsOf(db: Db, workItemId: number) {
  return db
    .select({ comment: ccmsWorkItemComment, nickName: sql<string>`coalesce(${sysUser.nickName}, ${ccmsWorkItemComment.createBy})` })
    .from(ccmsWorkItemComment)
    .leftJoin(sysUser, eq(sysUser.userId, ccmsWorkItemComment.createUserId))
    .where(eq(ccmsWorkItemComment.workItemId, workItemId))
    .orderBy(asc(ccmsWorkItemComment.createTime), asc(ccmsWorkItemComment.commentId));
}

export async function findComment(db: Db | Tx, workItemId: number, commentId: number) {
  const [row] = await db
    .select()
    .from(ccmsWorkItemComment)
    .where(and(eq(ccmsWorkItemComment.commentId, commentId), eq(ccmsWorkItemComment.workItemId, workItemId), eq(ccmsWorkItemComment.delFlag, '0')));
  return row;
}

// ---- attachments ----

export function attachmentsOf(db: Db, workItemId: number) {
  return db.select().from(ccmsWorkItemAttachment).where(eq(ccmsWorkItemAttachment.workItemId, workItemId)).orderBy(asc(ccmsWorkItemAttachment.fileName));
}

export async function findAttachment(db: Db | Tx, workItemId: number, attachmentId: number) {
  const [row] = await db
    .select()
    .from(ccmsWorkItemAttachment)
    .where(and(eq(ccmsWorkItemAttachment.attachmentId, attachmentId), eq(ccmsWorkItemAttachment.workItemId, workItemId)));
  return row;
}

export async function attachmentNamed(db: Db | Tx, workItemId: number, fileName: string) {
  const [row] = await db
    .select()
    .from(ccmsWorkItemAttachment)
    .where(and(eq(ccmsWorkItemAttachment.workItemId, workItemId), eq(ccmsWorkItemAttachment.fileName, fileName)));
  return row;
}

// ---- saved filters ----

export function filtersOf(db: Db, userId: number, scope: { projectId?: number; workItemType?: string }) {
  return db
    .select()
    .from(ccmsWorkItemFilter)
    .where(
      and(
        eq(ccmsWorkItemFilter.userId, userId),
        scope.projectId ? sql`(${ccmsWorkItemFilter.projectId} IS NULL OR ${ccmsWorkItemFilter.projectId} = ${scope.projectId})` : undefined,
        scope.workItemType ? sql`(${ccmsWorkItemFilter.workItemType} IS NULL OR ${ccmsWorkItemFilter.workItemType} = ${scope.workItemType})` : undefined,
      ),
    )
    .orderBy(asc(ccmsWorkItemFilter.name));
}

/** Parents of `parentId` up the tree (ids), to refuse cycles. */
export async function ancestorsOf(db: Db | Tx, parentId: number): Promise<number[]> {
  const seen: number[] = [];
  let next: number | null = parentId;
  while (next !== null && !seen.includes(next) && seen.length < 100) {
    seen.push(next);
    const [row] = await db.select({ parentId: w.parentId }).from(w).where(eq(w.workItemId, next));
    next = row?.parentId ?? null;
  }
  return seen;
}
