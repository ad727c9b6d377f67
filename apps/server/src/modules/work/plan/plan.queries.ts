import type { PlanFilter, PlanQuery } from '@ccms/contracts/work/plan';
import { and, count, desc, eq, ilike, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client';
import { ccmsLibrary, ccmsPlan, ccmsProject, ccmsRelease, ccmsTask, sysUser } from '../../../db/schema';
import { containing } from '../../../platform/db/filters';
import { orderBy, pageWindow } from '../../../platform/http/paging';
import { type ProjectCaller, readableProjectCondition } from '../project/project-access';

const sortable = { title: ccmsPlan.title, status: ccmsPlan.status, beginDate: ccmsPlan.beginDate, dueDate: ccmsPlan.dueDate, createTime: ccmsPlan.createTime };

const live = eq(ccmsPlan.delFlag, '0');

function filters(caller: ProjectCaller, q: PlanFilter): SQL | undefined {
  return and(
    live,
    readableProjectCondition(caller, ccmsPlan.projectId),
    q.projectId ? eq(ccmsPlan.projectId, q.projectId) : undefined,
    q.title ? ilike(ccmsPlan.title, containing(q.title)) : undefined,
    q.status ? eq(ccmsPlan.status, q.status) : undefined,
    q.enable ? eq(ccmsPlan.enable, q.enable === 'true') : undefined,
    q.releaseId ? eq(ccmsPlan.releaseId, q.releaseId) : undefined,
    q.ownerId ? eq(ccmsPlan.ownerId, q.ownerId) : undefined,
  );
}

const owner = alias(sysUser, 'plan_owner');
const reviewer = alias(sysUser, 'plan_reviewer');

/** Tasks of the plan in scope: all and completed. */
const tasksTotal = sql<number>`(SELECT count(*) FROM ${ccmsTask} WHERE ${ccmsTask.planId} = ${ccmsPlan.planId} AND ${ccmsTask.delFlag} = '0')`.mapWith(Number);
const tasksCompleted =
  sql<number>`(SELECT count(*) FROM ${ccmsTask} WHERE ${ccmsTask.planId} = ${ccmsPlan.planId} AND ${ccmsTask.delFlag} = '0' AND ${ccmsTask.status} = 'completed')`.mapWith(
    Number,
  );

const joined = (db: Db) =>
  db
    .select({
      plan: ccmsPlan,
      projectTitle: ccmsProject.title,
      libraryName: ccmsLibrary.name,
      releaseTitle: ccmsRelease.title,
      ownerName: owner.nickName,
      reviewerName: reviewer.nickName,
      tasksTotal,
      tasksCompleted,
    })
    .from(ccmsPlan)
    .innerJoin(ccmsProject, and(eq(ccmsProject.projectId, ccmsPlan.projectId), eq(ccmsProject.delFlag, '0')))
    .leftJoin(ccmsLibrary, eq(ccmsLibrary.libraryId, ccmsPlan.libraryId))
    .leftJoin(ccmsRelease, eq(ccmsRelease.releaseId, ccmsPlan.releaseId))
    .leftJoin(owner, eq(owner.userId, ccmsPlan.ownerId))
    .leftJoin(reviewer, eq(reviewer.userId, ccmsPlan.reviewerId));

export type PlanJoined = Awaited<ReturnType<ReturnType<typeof joined>['execute']>>[number];

export async function listPlans(db: Db, caller: ProjectCaller, q: PlanQuery) {
  const where = filters(caller, q);
  const { limit, offset } = pageWindow(q);
  const [rows, [total]] = await Promise.all([
    joined(db)
      .where(where)
      .orderBy(...orderBy(q, sortable, desc(ccmsPlan.createTime)), desc(ccmsPlan.planId))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: count() })
      .from(ccmsPlan)
      .innerJoin(ccmsProject, and(eq(ccmsProject.projectId, ccmsPlan.projectId), eq(ccmsProject.delFlag, '0')))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export const filteredPlans = (db: Db, caller: ProjectCaller, q: PlanFilter) =>
  joined(db).where(filters(caller, q)).orderBy(desc(ccmsPlan.createTime)).limit(10_000);

export async function findPlan(db: Db, planId: number) {
  const [row] = await joined(db).where(and(live, eq(ccmsPlan.planId, planId)));
  return row;
}

export async function findPlanRow(db: Db, planId: number) {
  const [row] = await db
    .select()
    .from(ccmsPlan)
    .where(and(live, eq(ccmsPlan.planId, planId)));
  return row;
}

export async function findPlanTitleClash(db: Db, projectId: number, title: string, exceptId?: number) {
  const [row] = await db
    .select({ id: ccmsPlan.planId })
    .from(ccmsPlan)
    .where(and(live, eq(ccmsPlan.projectId, projectId), eq(ccmsPlan.title, title), exceptId ? ne(ccmsPlan.planId, exceptId) : undefined));
  return row;
}

export const plansByIds = (db: Db, ids: number[]) =>
  db
    .select()
    .from(ccmsPlan)
    .where(and(live, inArray(ccmsPlan.planId, ids)));

export async function findReleaseRow(db: Db, releaseId: number) {
  const [row] = await db
    .select({ id: ccmsRelease.releaseId, projectId: ccmsRelease.projectId })
    .from(ccmsRelease)
    .where(and(eq(ccmsRelease.releaseId, releaseId), eq(ccmsRelease.delFlag, '0')));
  return row;
}
