import type { TaskFilter, TaskQuery } from '@ccms/contracts/work/task';
import { and, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client';
import { ccmsPlan, ccmsProject, ccmsTask, sysUser } from '../../../db/schema';
import { containing } from '../../../platform/db/filters';
import { orderBy, pageWindow } from '../../../platform/http/paging';
import { type ProjectCaller, readableProjectCondition } from '../project/project-access';

const sortable = {
  title: ccmsTask.title,
  status: ccmsTask.status,
  beginDate: ccmsTask.beginDate,
  dueDate: ccmsTask.dueDate,
  effort: ccmsTask.effort,
  createTime: ccmsTask.createTime,
};

const live = eq(ccmsTask.delFlag, '0');

/** Whose tasks: all the caller may read, or only those assigned to (or written by) one user. */
export type TaskScope = { kind: 'readable'; caller: ProjectCaller } | { kind: 'mine'; userId: number };

function filters(scope: TaskScope, q: TaskFilter): SQL | undefined {
  return and(
    live,
    scope.kind === 'readable'
      ? readableProjectCondition(scope.caller, ccmsTask.projectId)
      : or(eq(ccmsTask.assigneeId, scope.userId), eq(ccmsTask.writerId, scope.userId)),
    q.projectId ? eq(ccmsTask.projectId, q.projectId) : undefined,
    q.planId ? eq(ccmsTask.planId, q.planId) : undefined,
    q.title ? ilike(ccmsTask.title, containing(q.title)) : undefined,
    q.status ? eq(ccmsTask.status, q.status) : undefined,
    q.category ? eq(ccmsTask.category, q.category) : undefined,
    q.assigneeId ? eq(ccmsTask.assigneeId, q.assigneeId) : undefined,
  );
}

const assignee = alias(sysUser, 'task_assignee');
const writer = alias(sysUser, 'task_writer');

const joined = (db: Db) =>
  db
    .select({ task: ccmsTask, projectTitle: ccmsProject.title, planTitle: ccmsPlan.title, assigneeName: assignee.nickName, writerName: writer.nickName })
    .from(ccmsTask)
    .innerJoin(ccmsProject, and(eq(ccmsProject.projectId, ccmsTask.projectId), eq(ccmsProject.delFlag, '0')))
    .leftJoin(ccmsPlan, and(eq(ccmsPlan.planId, ccmsTask.planId), eq(ccmsPlan.delFlag, '0')))
    .leftJoin(assignee, eq(assignee.userId, ccmsTask.assigneeId))
    .leftJoin(writer, eq(writer.userId, ccmsTask.writerId));

export type TaskJoined = Awaited<ReturnType<ReturnType<typeof joined>['execute']>>[number];

export async function listTasks(db: Db, scope: TaskScope, q: TaskQuery) {
  const where = filters(scope, q);
  const { limit, offset } = pageWindow(q);
  const [rows, [total]] = await Promise.all([
    joined(db)
      .where(where)
      .orderBy(...orderBy(q, sortable, desc(ccmsTask.createTime)), desc(ccmsTask.taskId))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: count() })
      .from(ccmsTask)
      .innerJoin(ccmsProject, and(eq(ccmsProject.projectId, ccmsTask.projectId), eq(ccmsProject.delFlag, '0')))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export const filteredTasks = (db: Db, scope: TaskScope, q: TaskFilter) => joined(db).where(filters(scope, q)).orderBy(desc(ccmsTask.createTime)).limit(10_000);

export async function findTask(db: Db, taskId: number) {
  const [row] = await joined(db).where(and(live, eq(ccmsTask.taskId, taskId)));
  return row;
}

/** Tasks of these ids with the state of their plan (null fields when they have none). */
export const tasksWithPlans = (db: Db, ids: number[]) =>
  db
    .select({ task: ccmsTask, planEnable: ccmsPlan.enable, planStatus: ccmsPlan.status })
    .from(ccmsTask)
    .leftJoin(ccmsPlan, and(eq(ccmsPlan.planId, ccmsTask.planId), eq(ccmsPlan.delFlag, '0')))
    .where(and(live, inArray(ccmsTask.taskId, ids)));
