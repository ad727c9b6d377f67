import type { Language } from '@ccms/contracts/constants';
import { translate } from '@ccms/contracts/messages';
import type { WorkItem, WorkItemBody, WorkItemQuery, WorkItemUpdate } from '@ccms/contracts/work/work-item';
import { EDITABLE_FIELDS } from '@ccms/contracts/work/work-item';
import type { WorkItemHistory } from '@ccms/contracts/work/work-item-collab';
import type { Condition, ConditionQuery, SavedFilter, SavedFilterBody, WorkItemExport } from '@ccms/contracts/work/work-item-conditions';
import { INITIAL_STATE } from '@ccms/contracts/work/work-item-states';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ccmsWorkItemFilter, ccmsWorkItem as w } from '../../../db/schema';
import type { AuthContext } from '../../../platform/auth/access';
import { assertLevelAllows } from '../../../platform/auth/grants';
import { badRequest, notFound } from '../../../platform/http/errors';
import { toXlsx } from '../../../platform/http/excel';
import { orderBy } from '../../../platform/http/paging';
import type { NotificationService } from '../../system/notification/notification.service';
import { accessParams, assertProjectAccess, assertSameProject, levelFromRow } from '../project/project-access';
import { noticeChannelOf } from '../project/project-notice';
import { workItemColumns } from './work-item.excel';
import { changes, derived, display, mentionedUsers, type Stored, splitIds, toColumns, USER_FIELDS, USER_LIST_FIELDS } from './work-item.fields';
import {
  activeUsers,
  allItems,
  ancestorsOf,
  appendHistory,
  filterSql,
  filtersOf,
  findItem,
  findItems,
  findItemWithTitles,
  historyOf,
  liveChildren,
  lockItem,
  pageItems,
  planOf,
  releaseProject,
  SORTABLE,
  userNames,
} from './work-item.queries';
import { workItemReader } from './work-item.reader';
import { withLabels } from './work-item-history';
import type { WorkItemIndex } from './work-item-index';

/** Most rows an export writes. */
const EXPORT_CAP = 10_000;

/** Work items themselves: lists, condition query, export, create, read, edit, delete, history, saved filters. */
export function workItemService(db: Db, index: WorkItemIndex, notices?: Pick<NotificationService, 'notify'>) {
  /** Tells the new assignee of a work item (not the one who assigned it, nor someone already on it). */
  async function tellAssigned(auth: AuthContext, item: { workItemId: number; projectId: number; title: string }, assigneeId: number | null | undefined) {
    if (!notices || !assigneeId) return;
    await notices.notify({
      event: 'workItemAssigned',
      recipients: [assigneeId],
      params: { name: item.title, actor: auth.nickName || auth.userName },
      link: `/work/work-item?workItemId=${item.workItemId}`,
      channel: await noticeChannelOf(db, item.projectId, null),
      actorId: auth.userId,
    });
  }

  const { present, presentRows, load, stale, scope, conditionScope, checkConditions } = workItemReader(db);

  /** Refs of new or changed values must exist, in the same project; users must exist. */
  async function checkRefs(projectId: number, type: string, values: Stored, selfId?: number) {
    if (values.parentId) {
      if (type !== 'requirement') throw badRequest('workItem.parentInvalid');
      const parent = await findItem(db, values.parentId);
      if (!parent || parent.projectId !== projectId || parent.workItemType !== 'requirement') throw badRequest('workItem.parentInvalid');
      if (selfId !== undefined && (await ancestorsOf(db, values.parentId)).includes(selfId)) throw badRequest('workItem.parentCycle');
    }
    if (values.releaseId && (await releaseProject(db, values.releaseId)) !== projectId) throw badRequest('workItem.releaseInvalid');
    if (values.iterationId && (await planOf(db, values.iterationId))?.projectId !== projectId) throw badRequest('workItem.iterationInvalid');
    const found = await userNames(db, mentionedUsers(values));
    for (const f of USER_FIELDS) {
      const id = values[f];
      if (typeof id === 'number' && !found.has(id)) throw badRequest('workItem.userMissing', { field: f, id });
    }
    for (const f of USER_LIST_FIELDS) {
      const list = values[f];
      for (const id of typeof list === 'string' ? splitIds(list) : []) if (!found.has(id)) throw badRequest('workItem.userMissing', { field: f, id });
    }
  }

  return {
    userOptions: () => activeUsers(db),

    async list(auth: AuthContext, q: WorkItemQuery) {
      const { projectId, ...filters } = q;
      const { where, levels } = await scope(auth, projectId);
      const page = await pageItems(db, and(where, filterSql(filters)), q);
      return { rows: await presentRows(page.rows, auth, levels), total: page.total };
    },

    async query(auth: AuthContext, q: ConditionQuery) {
      // One project's query comes from memory when the index can answer it exactly; SQL otherwise.
      if (q.projectId !== undefined) {
        checkConditions(q);
        const page = await index.page(q.projectId, q, accessParams(auth));
        if (page) {
          // The page's rows came with the caller's access to the project; an empty page asks for it.
          const level = page.access
            ? assertLevelAllows(levelFromRow(auth, page.access), 'read', 'project')
            : await assertProjectAccess(db, auth, q.projectId, 'read');
          return { rows: await presentRows(page.rows, auth, new Map([[q.projectId, level]])), total: page.total };
        }
      }
      const { where, levels } = await conditionScope(auth, q);
      const page = await pageItems(db, where(), q);
      return { rows: await presentRows(page.rows, auth, levels), total: page.total };
    },

    async export(auth: AuthContext, q: WorkItemExport, lang: Language) {
      const order = orderBy({ orderByColumn: q.orderByColumn, isAsc: q.isAsc }, SORTABLE, w.workItemId);
      const { where, levels } = await conditionScope(auth, q);
      const rows = await present(await allItems(db, where(), order, EXPORT_CAP), auth, levels);
      return toXlsx(translate(lang, 'workItem.excel.sheet'), workItemColumns(lang), rows, lang);
    },

    async get(auth: AuthContext, workItemId: number, projectId?: number): Promise<WorkItem> {
      await load(auth, workItemId, 'read', projectId);
      const row = await findItemWithTitles(db, workItemId);
      const [item] = await present(row ? [row] : [], auth);
      if (!item) throw notFound('workItem.missing', { id: workItemId });
      return item;
    },

    async create(auth: AuthContext, body: WorkItemBody): Promise<number> {
      await assertProjectAccess(db, auth, body.projectId, 'write');
      const { projectId, workItemType, ...fields } = body;
      const values = toColumns(fields);
      await checkRefs(projectId, workItemType, values);
      const status = INITIAL_STATE[workItemType];
      const row: typeof w.$inferInsert = {
        priority: 3,
        severity: 3,
        ...values,
        ...derived(values.effort ?? 0, values.effortCompleted ?? 0),
        projectId,
        workItemType,
        title: fields.title,
        status,
        createUserId: auth.userId,
        createBy: auth.userName,
      };
      const workItemId = await index.write(async (tx, touch) => {
        const [created] = await tx.insert(w).values(row).returning({ workItemId: w.workItemId });
        if (!created) throw new Error('work item not created');
        touch(projectId, [created.workItemId]);
        const names = await userNames(tx, mentionedUsers(row));
        const defaults: Stored = { priority: 3, severity: 3, remain: 0, exceed: 0 };
        const entries = changes('create', {}, { workItemType, status, ...values, ...derived(row.effort ?? 0, row.effortCompleted ?? 0) }, names).filter(
          (e) => e.afterValue !== '' && !(e.changeField in defaults && display(e.changeField, defaults[e.changeField as keyof Stored], names) === e.afterValue),
        );
        await appendHistory(tx, created.workItemId, auth.userName, entries);
        return created.workItemId;
      });
      await tellAssigned(auth, { workItemId, projectId, title: fields.title }, row.assigneeId);
      return workItemId;
    },

    async update(auth: AuthContext, body: WorkItemUpdate) {
      const item = await load(auth, body.workItemId, 'write', body.projectId);
      if (item.rowVersion !== body.rowVersion) throw stale(item);
      const { workItemId, projectId: _p, rowVersion, ...fields } = body;
      const wanted = toColumns(Object.fromEntries(EDITABLE_FIELDS.filter((k) => fields[k] !== undefined).map((k) => [k, fields[k]])));
      const merged = { ...item, ...wanted };
      if (merged.begin && merged.due && merged.due < merged.begin) throw badRequest('work.endBeforeBegin', { field: 'due' });
      await checkRefs(item.projectId, item.workItemType, wanted, workItemId);
      const next: Stored = { ...wanted, ...derived(merged.effort, merged.effortCompleted) };
      const reassigned = await index.write(async (tx, touch) => {
        const locked = await lockItem(tx, workItemId);
        if (!locked) throw notFound('workItem.missing', { id: workItemId });
        if (locked.rowVersion !== rowVersion) throw stale(locked);
        const names = await userNames(tx, mentionedUsers(locked, next));
        const entries = changes('edit', locked, next, names);
        if (entries.length === 0) return false;
        const changed = Object.fromEntries(entries.map((e) => [e.changeField, next[e.changeField as keyof Stored]]));
        const [saved] = await tx
          .update(w)
          .set({ ...changed, rowVersion: rowVersion + 1, updateBy: auth.userName, updateTime: new Date() })
          .where(and(eq(w.workItemId, workItemId), eq(w.rowVersion, rowVersion)))
          .returning({ workItemId: w.workItemId });
        if (!saved) throw stale(locked);
        touch(locked.projectId, [workItemId]);
        await appendHistory(tx, workItemId, auth.userName, entries);
        return 'assigneeId' in changed && changed.assigneeId !== locked.assigneeId;
      });
      if (reassigned) await tellAssigned(auth, { workItemId, projectId: item.projectId, title: merged.title }, merged.assigneeId);
    },

    async remove(auth: AuthContext, ids: number[], projectId?: number) {
      const items = await findItems(db, ids);
      const missing = ids.find((id) => !items.some((i) => i.workItemId === id));
      if (missing !== undefined) throw notFound('workItem.missing', { id: missing });
      for (const item of items) {
        await assertProjectAccess(db, auth, item.projectId, 'write');
        if (projectId !== undefined) assertSameProject(projectId, item.projectId);
      }
      const orphaned = (await liveChildren(db, ids)).find((c) => !ids.includes(c.workItemId));
      if (orphaned) throw badRequest('workItem.hasChildren', { title: items.find((i) => i.workItemId === orphaned.parentId)?.title ?? '' });
      await index.write(async (tx, touch) => {
        for (const item of items) {
          const locked = await lockItem(tx, item.workItemId);
          if (!locked) continue;
          touch(locked.projectId, [item.workItemId]);
          await tx
            .update(w)
            .set({ delFlag: '1', rowVersion: locked.rowVersion + 1, updateBy: auth.userName, updateTime: new Date() })
            .where(eq(w.workItemId, item.workItemId));
          await appendHistory(tx, item.workItemId, auth.userName, [{ changeType: 'delete', changeField: 'delFlag', beforeValue: '0', afterValue: '1' }]);
        }
      });
    },

    async history(auth: AuthContext, workItemId: number, projectId?: number): Promise<WorkItemHistory[]> {
      await load(auth, workItemId, 'read', projectId);
      return withLabels(
        db,
        (await historyOf(db, workItemId)).map(({ seq, workItemId: _w, ...row }) => ({ ...row, index: seq })),
      );
    },

    // ---- saved filters (each user sees only their own) ----

    async filters(auth: AuthContext, q: { projectId?: number; workItemType?: string }): Promise<SavedFilter[]> {
      return (await filtersOf(db, auth.userId, q)).map((f) => ({
        filterId: f.filterId,
        name: f.name,
        conditions: f.conditions as Condition[],
        logic: f.logic === 'or' ? 'or' : 'and',
        workItemType: f.workItemType === 'requirement' || f.workItemType === 'defect' ? f.workItemType : null,
        projectId: f.projectId,
        createTime: f.createTime,
      }));
    },

    /** Saves under a name; the same name again replaces the caller's earlier filter. */
    async saveFilter(auth: AuthContext, body: SavedFilterBody): Promise<number> {
      const values = {
        userId: auth.userId,
        name: body.name,
        conditions: body.conditions,
        logic: body.logic,
        workItemType: body.workItemType ?? null,
        projectId: body.projectId ?? null,
      };
      const [row] = await db
        .insert(ccmsWorkItemFilter)
        .values(values)
        .onConflictDoUpdate({ target: [ccmsWorkItemFilter.userId, ccmsWorkItemFilter.name], set: { ...values, createTime: new Date() } })
        .returning({ filterId: ccmsWorkItemFilter.filterId });
      if (!row) throw new Error('filter not saved');
      return row.filterId;
    },

    async removeFilters(auth: AuthContext, ids: number[]) {
      const own = await db
        .select({ filterId: ccmsWorkItemFilter.filterId })
        .from(ccmsWorkItemFilter)
        .where(and(inArray(ccmsWorkItemFilter.filterId, ids), eq(ccmsWorkItemFilter.userId, auth.userId)));
      const missing = ids.find((id) => !own.some((o) => o.filterId === id));
      if (missing !== undefined) throw notFound('notFound.row', { what: `filter ${missing}` });
      await db.delete(ccmsWorkItemFilter).where(and(inArray(ccmsWorkItemFilter.filterId, ids), eq(ccmsWorkItemFilter.userId, auth.userId)));
    },
  };
}
