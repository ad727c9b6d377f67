import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Language } from '@ccms/contracts/constants';
import { translate } from '@ccms/contracts/messages';
import type {
  CommentBody,
  Condition,
  ConditionQuery,
  SavedFilter,
  SavedFilterBody,
  TransitionBody,
  WorkItem,
  WorkItemAttachment,
  WorkItemBody,
  WorkItemComment,
  WorkItemExport,
  WorkItemFields,
  WorkItemHistory,
  WorkItemListRow,
  WorkItemQuery,
  WorkItemUpdate,
} from '@ccms/contracts/work/work-item';
import { EDITABLE_FIELDS } from '@ccms/contracts/work/work-item';
import { allowedActions, INITIAL_STATE, transitionOf, type WorkItemType } from '@ccms/contracts/work/work-item-states';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { ccmsWorkItemAttachment, ccmsWorkItemComment, ccmsWorkItemFilter, ccmsWorkItem as w } from '../../../db/schema';
import type { AuthContext } from '../../../platform/auth/access';
import { badRequest, conflict, forbidden, notFound } from '../../../platform/http/errors';
import { type ExcelColumn, toXlsx } from '../../../platform/http/excel';
import { orderBy } from '../../../platform/http/paging';
import type { Storage } from '../../../platform/storage/storage';
import {
  assertProjectAccess,
  assertSameProject,
  type ProjectLevel,
  projectAbilities,
  projectAllows,
  projectLevels,
  readableProjectCondition,
} from '../project/project-access';
import { conditionsSql } from './work-item.conditions';
import {
  activeUsers,
  allItems,
  ancestorsOf,
  appendHistory,
  attachmentNamed,
  attachmentsOf,
  commentsOf,
  filterSql,
  filtersOf,
  findAttachment,
  findComment,
  findItem,
  findItems,
  findItemWithTitles,
  type HistoryEntry,
  historyOf,
  type ItemWithTitles,
  type ListRow,
  liveChildren,
  lockItem,
  pageItems,
  planOf,
  releaseProject,
  SORTABLE,
  userNames,
  type WorkItemRow,
} from './work-item.queries';

/** Most rows an export writes. */
const EXPORT_CAP = 10_000;

const USER_FIELDS = ['ownerId', 'assigneeId', 'auditorId', 'confirmerId', 'fixerId', 'closerId'] as const;
const USER_LIST_FIELDS = ['cc', 'participator'] as const;

const splitIds = (s: string): number[] =>
  s
    .split(',')
    .map((p) => Number(p.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);

type Stored = Partial<typeof w.$inferInsert>;

/** API fields to columns: user lists are stored comma-separated. */
function toColumns(fields: Partial<WorkItemFields>): Stored {
  const { cc, participator, ...rest } = fields;
  const out: Stored = { ...rest };
  if (cc !== undefined) out.cc = cc.join(',');
  if (participator !== undefined) out.participator = participator.join(',');
  return out;
}

/** Hours left and over, as tasks keep them. */
const derived = (effort: number, done: number) => ({ remain: Math.max(effort - done, 0), exceed: Math.max(done - effort, 0) });

/** A stored value as history shows it: people by name, times as ISO text. */
function display(field: string, value: unknown, names: Map<number, string>): string {
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
function mentionedUsers(...values: Stored[]): number[] {
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
function changes(changeType: string, before: Stored, after: Stored, names: Map<number, string>): HistoryEntry[] {
  const out: HistoryEntry[] = [];
  for (const [field, value] of Object.entries(after)) {
    const b = display(field, before[field as keyof Stored], names);
    const a = display(field, value, names);
    if (a !== b) out.push({ changeType, changeField: field, beforeValue: b, afterValue: a });
  }
  return out;
}

/** A safe attachment name: the last path segment, no control characters. */
function cleanFileName(raw: string): string {
  const last = raw.split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  return last.replace(/[\u0000-\u001f\u007f]/g, '').trim();
}

export interface AttachmentDownload {
  fileName: string;
  size: number;
  stream: Readable;
}

export function workItemService(db: Db, storage: Storage) {
  /** Rows as the API answers them; `known` holds levels already looked up for this request. */
  async function present(rows: ItemWithTitles[], auth: AuthContext, known = new Map<number, ProjectLevel>()): Promise<WorkItem[]> {
    const items = rows.map((r) => r.item);
    const missing = [...new Set(items.map((i) => i.projectId))].filter((id) => !known.has(id));
    const [names, fetched] = await Promise.all([
      userNames(db, mentionedUsers(...items)),
      missing.length > 0 ? projectLevels(db, auth, missing) : new Map<number, ProjectLevel>(),
    ]);
    const levels = new Map([...known, ...fetched]);
    const name = (id: number | null) => (id === null ? '' : (names.get(id) ?? ''));
    return rows.map(({ item, projectTitle, releaseTitle, parentTitle, childCount }) => {
      const level: ProjectLevel | null = levels.get(item.projectId) ?? null;
      const type = item.workItemType as WorkItemType;
      const cc = splitIds(item.cc);
      const participator = splitIds(item.participator);
      const { delFlag: _d, createUserId: _c, ...fields } = item;
      return {
        ...fields,
        workItemType: type,
        projectTitle,
        releaseTitle,
        parentTitle,
        childCount,
        cc,
        ccNames: cc.map((id) => names.get(id) ?? String(id)),
        participator,
        participatorNames: participator.map((id) => names.get(id) ?? String(id)),
        ownerName: name(item.ownerId),
        assigneeName: name(item.assigneeId),
        auditorName: name(item.auditorId),
        confirmerName: name(item.confirmerId),
        fixerName: name(item.fixerId),
        closerName: name(item.closerId),
        myLevel: level,
        abilities: projectAbilities(auth, level),
        actions: projectAllows(level, 'write') ? allowedActions(type, item.status) : [],
      };
    });
  }

  /** List rows as the API answers them: each with the caller's level on its project and the actions it allows. */
  async function presentRows(rows: ListRow[], auth: AuthContext, known: Map<number, ProjectLevel>): Promise<WorkItemListRow[]> {
    const missing = [...new Set(rows.map((r) => r.projectId))].filter((id) => !known.has(id));
    const levels = missing.length > 0 ? new Map([...known, ...(await projectLevels(db, auth, missing))]) : known;
    return rows.map(({ total: _t, ...row }) => {
      const level: ProjectLevel | null = levels.get(row.projectId) ?? null;
      const type = row.workItemType as WorkItemType;
      return { ...row, workItemType: type, myLevel: level, actions: projectAllows(level, 'write') ? allowedActions(type, row.status) : [] };
    });
  }

  /** The live item, after the caller's level on its project and the request's project are checked. */
  async function load(auth: AuthContext, workItemId: number, need: 'read' | 'write', projectId?: number): Promise<WorkItemRow> {
    const item = await findItem(db, workItemId);
    if (!item) throw notFound('workItem.missing', { id: workItemId });
    await assertProjectAccess(db, auth, item.projectId, need);
    if (projectId !== undefined) assertSameProject(projectId, item.projectId);
    return item;
  }

  const stale = (item: WorkItemRow) => conflict('workItem.stale', { title: item.title, by: item.updateBy || item.createBy });

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

  /** Where a list or query looks: one project the caller reads (its level known), or every project they read. */
  async function scope(auth: AuthContext, projectId?: number): Promise<{ where: SQL | undefined; levels: Map<number, ProjectLevel> }> {
    if (projectId === undefined) return { where: readableProjectCondition(auth, w.projectId), levels: new Map() };
    const level = await assertProjectAccess(db, auth, projectId, 'read');
    return { where: eq(w.projectId, projectId), levels: new Map([[projectId, level]]) };
  }

  async function conditionScope(auth: AuthContext, q: { conditions: Condition[]; logic: 'and' | 'or'; workItemType?: string; projectId?: number }) {
    const conditions = conditionsSql(q.conditions, q.logic);
    const { where, levels } = await scope(auth, q.projectId);
    return { where: and(where, q.workItemType ? eq(w.workItemType, q.workItemType) : undefined, conditions), levels };
  }

  async function addComment(tx: Tx, auth: AuthContext, workItemId: number, body: CommentBody) {
    if (body.parentCommentId && !(await findComment(tx, workItemId, body.parentCommentId))) throw badRequest('workItem.commentMissing');
    const [row] = await tx
      .insert(ccmsWorkItemComment)
      .values({ workItemId, parentCommentId: body.parentCommentId ?? null, content: body.content, createUserId: auth.userId, createBy: auth.userName })
      .returning();
    await appendHistory(tx, workItemId, auth.userName, [
      { changeType: 'comment', changeField: body.parentCommentId ? 'reply' : 'comment', beforeValue: '', afterValue: body.content },
    ]);
    return row;
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
      const { where, levels } = await conditionScope(auth, q);
      const page = await pageItems(db, where, q);
      return { rows: await presentRows(page.rows, auth, levels), total: page.total };
    },

    async export(auth: AuthContext, q: WorkItemExport, lang: Language) {
      const order = orderBy({ orderByColumn: q.orderByColumn, isAsc: q.isAsc }, SORTABLE, w.workItemId);
      const { where, levels } = await conditionScope(auth, q);
      const rows = await present(await allItems(db, where, order, EXPORT_CAP), auth, levels);
      const label = (prefix: string, v: string) => (v ? translate(lang, `${prefix}.${v}`) : '');
      const columns: ExcelColumn<WorkItem>[] = [
        { key: 'workItemId', header: { zh: '编号', en: 'ID' }, width: 10 },
        { key: 'workItemType', header: { zh: '类型', en: 'Type' }, width: 10, format: (v) => label('workItem.type', String(v)) },
        { key: 'title', header: { zh: '标题', en: 'Title' }, width: 40 },
        { key: 'status', header: { zh: '状态', en: 'Status' }, width: 12, format: (v) => label('workItem.status', String(v)) },
        { key: 'priority', header: { zh: '优先级', en: 'Priority' }, width: 8 },
        { key: 'severity', header: { zh: '严重程度', en: 'Severity' }, width: 8 },
        { key: 'projectTitle', header: { zh: '项目', en: 'Project' }, width: 20 },
        { key: 'releaseTitle', header: { zh: '发布', en: 'Release' }, width: 16 },
        { key: 'version', header: { zh: '版本', en: 'Version' }, width: 12 },
        { key: 'assigneeName', header: { zh: '指派给', en: 'Assignee' }, width: 14 },
        { key: 'ownerName', header: { zh: '负责人', en: 'Owner' }, width: 14 },
        { key: 'resolution', header: { zh: '解决方案', en: 'Resolution' }, width: 12 },
        { key: 'due', header: { zh: '截止日期', en: 'Due' }, width: 12 },
        { key: 'progress', header: { zh: '进度', en: 'Progress' }, width: 8 },
        { key: 'createBy', header: { zh: '创建者', en: 'Created by' }, width: 14 },
        { key: 'createTime', header: { zh: '创建时间', en: 'Created' }, width: 20 },
      ];
      return toXlsx(lang === 'en' ? 'Work items' : '工作项', columns, rows, lang);
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
      return db.transaction(async (tx) => {
        const [created] = await tx.insert(w).values(row).returning({ workItemId: w.workItemId });
        if (!created) throw new Error('work item not created');
        const names = await userNames(tx, mentionedUsers(row));
        const defaults: Stored = { priority: 3, severity: 3, remain: 0, exceed: 0 };
        const entries = changes('create', {}, { workItemType, status, ...values, ...derived(row.effort ?? 0, row.effortCompleted ?? 0) }, names).filter(
          (e) => e.afterValue !== '' && !(e.changeField in defaults && display(e.changeField, defaults[e.changeField as keyof Stored], names) === e.afterValue),
        );
        await appendHistory(tx, created.workItemId, auth.userName, entries);
        return created.workItemId;
      });
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
      await db.transaction(async (tx) => {
        const locked = await lockItem(tx, workItemId);
        if (!locked) throw notFound('workItem.missing', { id: workItemId });
        if (locked.rowVersion !== rowVersion) throw stale(locked);
        const names = await userNames(tx, mentionedUsers(locked, next));
        const entries = changes('edit', locked, next, names);
        if (entries.length === 0) return;
        const changed = Object.fromEntries(entries.map((e) => [e.changeField, next[e.changeField as keyof Stored]]));
        const [saved] = await tx
          .update(w)
          .set({ ...changed, rowVersion: rowVersion + 1, updateBy: auth.userName, updateTime: new Date() })
          .where(and(eq(w.workItemId, workItemId), eq(w.rowVersion, rowVersion)))
          .returning({ workItemId: w.workItemId });
        if (!saved) throw stale(locked);
        await appendHistory(tx, workItemId, auth.userName, entries);
      });
    },

    async transition(auth: AuthContext, workItemId: number, body: TransitionBody, lang: Language) {
      const item = await load(auth, workItemId, 'write', body.projectId);
      if (body.rowVersion !== undefined && body.rowVersion !== item.rowVersion) throw stale(item);
      const type = item.workItemType as WorkItemType;
      const step = transitionOf(type, item.status, body.action);
      if (!step) {
        throw badRequest('workItem.transitionRefused', {
          type: translate(lang, `workItem.type.${type}`),
          title: item.title,
          status: translate(lang, `workItem.status.${item.status}`),
          action: translate(lang, `workItem.action.${body.action}`),
        });
      }
      if (step.requires === 'resolution' && !body.resolution) throw badRequest('workItem.resolutionRequired');
      if (step.requires === 'closeReason' && !body.closeReason) throw badRequest('workItem.closeReasonRequired');
      const now = new Date();
      const set: Stored = { status: step.to };
      switch (body.action) {
        case 'reviewPass':
          if (!item.inProcessTime) set.inProcessTime = now;
          break;
        case 'reviewReject':
          Object.assign(set, { rejectTime: now, closed: now, closerId: auth.userId, closeReason: 'reject' });
          break;
        case 'close':
          Object.assign(set, { closed: now, closerId: auth.userId });
          if (type === 'requirement') {
            set.closeReason = body.closeReason;
            if (body.closeReason === 'done') Object.assign(set, { completed: now, progress: 100 });
          } else {
            set.verityTime = now;
            if (body.versionFix) set.versionClose = body.versionFix;
          }
          break;
        case 'activate':
          Object.assign(set, { closed: null, closerId: null, closeReason: '', completed: null });
          break;
        case 'resolve':
          Object.assign(set, { resolution: body.resolution, resolved: now, fixerId: auth.userId });
          if (body.versionFix) set.versionFix = body.versionFix;
          // As ZenTao: a resolved defect goes back to whoever raised it, to verify.
          if (item.createUserId) set.assigneeId = item.createUserId;
          break;
        case 'reactivate':
          Object.assign(set, { resolution: '', resolved: null, closed: null, closerId: null, verityTime: null, reactivateCount: item.reactivateCount + 1 });
          if (item.fixerId) set.assigneeId = item.fixerId;
          break;
        default:
          break;
      }
      await db.transaction(async (tx) => {
        const locked = await lockItem(tx, workItemId);
        if (!locked) throw notFound('workItem.missing', { id: workItemId });
        if (locked.rowVersion !== item.rowVersion) throw stale(locked);
        const names = await userNames(tx, mentionedUsers(locked, set));
        const entries = changes(body.action, locked, set, names);
        await tx
          .update(w)
          .set({ ...set, rowVersion: locked.rowVersion + 1, updateBy: auth.userName, updateTime: now })
          .where(eq(w.workItemId, workItemId));
        await appendHistory(tx, workItemId, auth.userName, entries, now);
        if (body.comment) await addComment(tx, auth, workItemId, { content: body.comment });
      });
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
      await db.transaction(async (tx) => {
        for (const item of items) {
          const locked = await lockItem(tx, item.workItemId);
          if (!locked) continue;
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
      return (await historyOf(db, workItemId)).map(({ seq, workItemId: _w, ...row }) => ({ ...row, index: seq }));
    },

    // ---- comments ----

    async comments(auth: AuthContext, workItemId: number): Promise<WorkItemComment[]> {
      await load(auth, workItemId, 'read');
      const rows = await commentsOf(db, workItemId);
      const liveReplyTo = new Set(rows.filter((r) => r.comment.delFlag === '0').map((r) => r.comment.parentCommentId));
      // A deleted comment stays as an empty placeholder only while replies answer it.
      return rows
        .filter((r) => r.comment.delFlag === '0' || liveReplyTo.has(r.comment.commentId))
        .map(({ comment: c, nickName }) => ({
          commentId: c.commentId,
          workItemId: c.workItemId,
          parentCommentId: c.parentCommentId,
          content: c.delFlag === '0' ? c.content : '',
          createBy: c.createBy,
          createUserId: c.createUserId,
          nickName,
          createTime: c.createTime,
          mine: c.createUserId === auth.userId,
          deleted: c.delFlag !== '0',
        }));
    },

    async comment(auth: AuthContext, workItemId: number, body: CommentBody): Promise<number> {
      await load(auth, workItemId, 'write');
      return db.transaction(async (tx) => {
        if (!(await lockItem(tx, workItemId))) throw notFound('workItem.missing', { id: workItemId });
        const row = await addComment(tx, auth, workItemId, body);
        if (!row) throw new Error('comment not created');
        return row.commentId;
      });
    },

    async removeComment(auth: AuthContext, workItemId: number, commentId: number) {
      await load(auth, workItemId, 'read');
      const comment = await findComment(db, workItemId, commentId);
      if (!comment) throw notFound('notFound.row', { what: `comment ${commentId}` });
      if (comment.createUserId !== auth.userId) throw forbidden('workItem.commentNotMine');
      await db.transaction(async (tx) => {
        await lockItem(tx, workItemId);
        await tx
          .update(ccmsWorkItemComment)
          .set({ delFlag: '1', updateBy: auth.userName, updateTime: new Date() })
          .where(eq(ccmsWorkItemComment.commentId, commentId));
        await appendHistory(tx, workItemId, auth.userName, [{ changeType: 'comment', changeField: 'comment', beforeValue: comment.content, afterValue: '' }]);
      });
    },

    // ---- attachments ----

    async attachments(auth: AuthContext, workItemId: number): Promise<WorkItemAttachment[]> {
      await load(auth, workItemId, 'read');
      return (await attachmentsOf(db, workItemId)).map(({ storageKey: _k, ...a }) => a);
    },

    async attach(auth: AuthContext, workItemId: number, file: { filename: string; buffer: Buffer }, replace: boolean) {
      await load(auth, workItemId, 'write');
      const fileName = cleanFileName(file.filename);
      if (!fileName || fileName.length > 255 || fileName === '.' || fileName === '..') throw badRequest('workItem.fileName');
      if (!replace && (await attachmentNamed(db, workItemId, fileName))) throw conflict('workItem.attachmentExists', { name: fileName });
      const key = `workitem/${workItemId}/${randomUUID()}`;
      await storage.put(key, file.buffer);
      let replacedKey: string | null = null;
      try {
        await db.transaction(async (tx) => {
          if (!(await lockItem(tx, workItemId))) throw notFound('workItem.missing', { id: workItemId });
          const existing = await attachmentNamed(tx, workItemId, fileName);
          const now = new Date();
          const size = file.buffer.length;
          if (existing) {
            if (!replace) throw conflict('workItem.attachmentExists', { name: fileName });
            replacedKey = existing.storageKey;
            await tx
              .update(ccmsWorkItemAttachment)
              .set({ storageKey: key, size, updateBy: auth.userName, updateTime: now })
              .where(eq(ccmsWorkItemAttachment.attachmentId, existing.attachmentId));
            await appendHistory(tx, workItemId, auth.userName, [
              { changeType: 'attachment', changeField: 'replace', beforeValue: `${fileName} (${existing.size} B)`, afterValue: `${fileName} (${size} B)` },
            ]);
          } else {
            await tx.insert(ccmsWorkItemAttachment).values({ workItemId, fileName, storageKey: key, size, createBy: auth.userName });
            await appendHistory(tx, workItemId, auth.userName, [
              { changeType: 'attachment', changeField: 'add', beforeValue: '', afterValue: `${fileName} (${size} B)` },
            ]);
          }
        });
      } catch (err) {
        await storage.remove(key);
        throw err;
      }
      if (replacedKey) await storage.remove(replacedKey);
    },

    async download(auth: AuthContext, workItemId: number, attachmentId: number): Promise<AttachmentDownload> {
      await load(auth, workItemId, 'read');
      const a = await findAttachment(db, workItemId, attachmentId);
      if (!a) throw notFound('notFound.row', { what: `attachment ${attachmentId}` });
      return { fileName: a.fileName, size: a.size, stream: await storage.read(a.storageKey) };
    },

    async detach(auth: AuthContext, workItemId: number, attachmentId: number) {
      await load(auth, workItemId, 'write');
      const a = await findAttachment(db, workItemId, attachmentId);
      if (!a) throw notFound('notFound.row', { what: `attachment ${attachmentId}` });
      await db.transaction(async (tx) => {
        await lockItem(tx, workItemId);
        await tx.delete(ccmsWorkItemAttachment).where(eq(ccmsWorkItemAttachment.attachmentId, attachmentId));
        await appendHistory(tx, workItemId, auth.userName, [
          { changeType: 'attachment', changeField: 'remove', beforeValue: `${a.fileName} (${a.size} B)`, afterValue: '' },
        ]);
      });
      await storage.remove(a.storageKey);
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
