import type { WorkItem, WorkItemListRow } from '@ccms/contracts/work/work-item';
import type { Condition } from '@ccms/contracts/work/work-item-conditions';
import { allowedActions, type WorkItemType } from '@ccms/contracts/work/work-item-states';
import { and, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ccmsWorkItem as w } from '../../../db/schema';
import type { AuthContext } from '../../../platform/auth/access';
import { conflict, notFound } from '../../../platform/http/errors';
import {
  assertProjectAccess,
  assertSameProject,
  type ProjectLevel,
  projectAbilities,
  projectAllows,
  projectLevels,
  readableProjectCondition,
} from '../project/project-access';
import { conditionsSql, parseCondition } from './work-item.conditions';
import { mentionedUsers, splitIds } from './work-item.fields';
import { findItem, type ItemWithTitles, type ListRow, userNames, type WorkItemRow } from './work-item.queries';

/**
 * What every work item service shares: loading an item after the caller's project level is
 * checked, where lists look, and rows as the API answers them (with the caller's level and actions).
 */
export function workItemReader(db: Db) {
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
    return rows.map(({ item, projectTitle, releaseTitle, iterationTitle, parentTitle, childCount }) => {
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
        iterationTitle,
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

  /**
   * List rows as the API answers them: each with the caller's level on its project and the actions
   * it allows. Written field by field (the answer's schema, nothing more): the answer then goes out
   * as it is, without zod's copy (answer-serializer.ts), and a page costs one object per row.
   */
  async function presentRows(rows: Omit<ListRow, 'total'>[], auth: AuthContext, known: Map<number, ProjectLevel>): Promise<WorkItemListRow[]> {
    const missing = [...new Set(rows.map((r) => r.projectId))].filter((id) => !known.has(id));
    const levels = missing.length > 0 ? new Map([...known, ...(await projectLevels(db, auth, missing))]) : known;
    return rows.map((r) => {
      const level: ProjectLevel | null = levels.get(r.projectId) ?? null;
      const type = r.workItemType as WorkItemType;
      return {
        workItemId: r.workItemId,
        projectId: r.projectId,
        projectTitle: r.projectTitle,
        workItemType: type,
        title: r.title,
        priority: r.priority,
        status: r.status,
        severity: r.severity,
        releaseId: r.releaseId,
        releaseTitle: r.releaseTitle,
        version: r.version,
        due: r.due,
        deadline: r.deadline,
        estimate: r.estimate,
        parentId: r.parentId,
        parentTitle: r.parentTitle,
        progress: r.progress,
        archived: r.archived,
        confidential: r.confidential,
        module: r.module,
        ownerId: r.ownerId,
        ownerName: r.ownerName,
        assigneeId: r.assigneeId,
        assigneeName: r.assigneeName,
        resolution: r.resolution,
        closeReason: r.closeReason,
        childCount: r.childCount,
        rowVersion: r.rowVersion,
        createBy: r.createBy,
        createTime: r.createTime,
        updateTime: r.updateTime,
        myLevel: level,
        actions: projectAllows(level, 'write') ? allowedActions(type, r.status) : [],
      };
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

  /** Where a list or query looks: one project the caller reads (its level known), or every project they read. */
  async function scope(auth: AuthContext, projectId?: number): Promise<{ where: SQL | undefined; levels: Map<number, ProjectLevel> }> {
    if (projectId === undefined) return { where: readableProjectCondition(auth, w.projectId), levels: new Map() };
    const level = await assertProjectAccess(db, auth, projectId, 'read');
    return { where: eq(w.projectId, projectId), levels: new Map([[projectId, level]]) };
  }

  /** Throws the 400 of the first condition that is not one (before any access check). */
  function checkConditions(q: { conditions: Condition[] }) {
    for (const [i, c] of q.conditions.entries()) parseCondition(c, i);
  }

  /** The conditions checked (a 400 before the access check), the caller's levels, and `where` built on demand. */
  async function conditionScope(auth: AuthContext, q: { conditions: Condition[]; logic: 'and' | 'or'; workItemType?: string; projectId?: number }) {
    checkConditions(q);
    const { where, levels } = await scope(auth, q.projectId);
    return { where: () => and(where, q.workItemType ? eq(w.workItemType, q.workItemType) : undefined, conditionsSql(q.conditions, q.logic)), levels };
  }

  return { present, presentRows, load, stale, scope, conditionScope, checkConditions };
}
