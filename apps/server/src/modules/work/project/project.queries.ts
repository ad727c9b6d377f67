import type { ProjectFilter, ProjectQuery } from '@ccms/contracts/work/project';
import { and, asc, count, desc, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client';
import { ccmsLibrary, ccmsProject, ccmsProjectCategory, ccmsProjectMember, ccmsTask, sysRole, sysUser } from '../../../db/schema';
import { containing } from '../../../platform/db/filters';
import { orderBy, pageWindow } from '../../../platform/http/paging';
import { type ProjectCaller, visibleProjectCondition } from './project-access';

const sortable = {
  title: ccmsProject.title,
  name: ccmsProject.name,
  status: ccmsProject.status,
  beginDate: ccmsProject.beginDate,
  endDate: ccmsProject.endDate,
  createTime: ccmsProject.createTime,
};

const live = eq(ccmsProject.delFlag, '0');

function filters(caller: ProjectCaller, q: ProjectFilter): SQL | undefined {
  return and(
    live,
    visibleProjectCondition(caller, ccmsProject.projectId),
    q.title ? ilike(ccmsProject.title, containing(q.title)) : undefined,
    q.name ? ilike(ccmsProject.name, containing(q.name)) : undefined,
    q.status ? eq(ccmsProject.status, q.status) : undefined,
    q.category ? eq(ccmsProject.category, q.category) : undefined,
    q.ownerId ? eq(ccmsProject.ownerId, q.ownerId) : undefined,
    q.libraryId ? eq(ccmsProject.libraryId, q.libraryId) : undefined,
  );
}

const owner = alias(sysUser, 'owner');

const columns = {
  project: ccmsProject,
  libraryName: ccmsLibrary.name,
  ownerName: owner.nickName,
  categoryName: ccmsProjectCategory.name,
};

function joined(db: Db) {
  return db
    .select(columns)
    .from(ccmsProject)
    .leftJoin(ccmsLibrary, eq(ccmsLibrary.libraryId, ccmsProject.libraryId))
    .leftJoin(owner, eq(owner.userId, ccmsProject.ownerId))
    .leftJoin(ccmsProjectCategory, eq(ccmsProjectCategory.value, ccmsProject.category));
}

export type ProjectJoined = Awaited<ReturnType<ReturnType<typeof joined>['execute']>>[number];

/** A page of the projects the caller may see. */
export async function listProjects(db: Db, caller: ProjectCaller, q: ProjectQuery) {
  const where = filters(caller, q);
  const { limit, offset } = pageWindow(q);
  const [rows, [total]] = await Promise.all([
    joined(db)
      .where(where)
      .orderBy(...orderBy(q, sortable, desc(ccmsProject.createTime)), desc(ccmsProject.projectId))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(ccmsProject).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Every visible project the filters select, for exports. */
export const filteredProjects = (db: Db, caller: ProjectCaller, q: ProjectFilter) =>
  joined(db).where(filters(caller, q)).orderBy(desc(ccmsProject.createTime), desc(ccmsProject.projectId)).limit(10_000);

export async function findProject(db: Db, projectId: number): Promise<ProjectJoined | undefined> {
  const [row] = await joined(db).where(and(live, eq(ccmsProject.projectId, projectId)));
  return row;
}

/** Another live project with this title (excluding `exceptId`). */
export async function findTitleClash(db: Db, title: string, exceptId?: number) {
  const [row] = await db
    .select({ id: ccmsProject.projectId })
    .from(ccmsProject)
    .where(and(live, eq(ccmsProject.title, title), exceptId ? ne(ccmsProject.projectId, exceptId) : undefined));
  return row;
}

export async function userExists(db: Db, userId: number) {
  const [row] = await db
    .select({ id: sysUser.userId })
    .from(sysUser)
    .where(and(eq(sysUser.userId, userId), eq(sysUser.delFlag, '0')));
  return !!row;
}

export async function libraryExists(db: Db, libraryId: number) {
  const [row] = await db
    .select({ id: ccmsLibrary.libraryId })
    .from(ccmsLibrary)
    .where(and(eq(ccmsLibrary.libraryId, libraryId), eq(ccmsLibrary.delFlag, '0')));
  return !!row;
}

export async function categoryExists(db: Db, value: string) {
  const [row] = await db.select({ id: ccmsProjectCategory.categoryId }).from(ccmsProjectCategory).where(eq(ccmsProjectCategory.value, value));
  return !!row;
}

/** Active users for owner, assignee and member pickers, optionally matching a fragment of the user or nick name. */
export function userOptions(db: Db, fragment = '', limit = 500) {
  const pattern = fragment ? containing(fragment) : undefined;
  return db
    .select({ userId: sysUser.userId, userName: sysUser.userName, nickName: sysUser.nickName })
    .from(sysUser)
    .where(and(eq(sysUser.delFlag, '0'), eq(sysUser.status, '0'), pattern ? or(ilike(sysUser.userName, pattern), ilike(sysUser.nickName, pattern)) : undefined))
    .orderBy(asc(sysUser.userName))
    .limit(limit);
}

/** Active roles for grantee pickers. */
export function roleOptions(db: Db) {
  return db
    .select({ roleId: sysRole.roleId, roleName: sysRole.roleName, roleKey: sysRole.roleKey })
    .from(sysRole)
    .where(and(eq(sysRole.delFlag, '0'), eq(sysRole.status, '0')))
    .orderBy(asc(sysRole.roleSort), asc(sysRole.roleId));
}

/** A project's members with their names. */
export function listMembers(db: Db, projectId: number) {
  return db
    .select({
      memberId: ccmsProjectMember.memberId,
      projectId: ccmsProjectMember.projectId,
      userId: ccmsProjectMember.userId,
      userName: sql<string>`coalesce(${sysUser.userName}, '')`,
      nickName: sql<string>`coalesce(${sysUser.nickName}, '')`,
      projectRole: ccmsProjectMember.projectRole,
      createBy: ccmsProjectMember.createBy,
      createTime: ccmsProjectMember.createTime,
    })
    .from(ccmsProjectMember)
    .leftJoin(sysUser, eq(sysUser.userId, ccmsProjectMember.userId))
    .where(eq(ccmsProjectMember.projectId, projectId))
    .orderBy(asc(ccmsProjectMember.memberId));
}

export const membersByIds = (db: Db, memberIds: number[]) => db.select().from(ccmsProjectMember).where(inArray(ccmsProjectMember.memberId, memberIds));

/** Tasks of a project: how many, how many completed. */
export async function taskCounts(db: Db, projectId: number) {
  const [row] = await db
    .select({ total: count(), completed: sql<number>`count(*) filter (where ${ccmsTask.status} = 'completed')`.mapWith(Number) })
    .from(ccmsTask)
    .where(and(eq(ccmsTask.projectId, projectId), eq(ccmsTask.delFlag, '0')));
  return { total: row?.total ?? 0, completed: row?.completed ?? 0 };
}

/** Work items of a project: how many, how many closed (zero when the work item table is not there). */
export async function itemCounts(db: Db, projectId: number) {
  const result = await db.execute(sql`SELECT to_regclass('ccms_work_item') IS NOT NULL AS present`);
  const present = (result as unknown as { rows: { present: boolean }[] }).rows[0]?.present ?? false;
  if (!present) return { total: 0, done: 0 };
  const counted = await db.execute(
    sql`SELECT count(*)::int AS total, (count(*) FILTER (WHERE status = 'closed'))::int AS done FROM ccms_work_item WHERE project_id = ${projectId} AND del_flag = '0'`,
  );
  const row = (counted as unknown as { rows: { total: number; done: number }[] }).rows[0];
  return { total: Number(row?.total ?? 0), done: Number(row?.done ?? 0) };
}

/** Projects on a library branch whose scheduled update is due. */
export function projectsToUpdate(db: Db, now: Date) {
  return db
    .select()
    .from(ccmsProject)
    .where(
      and(
        live,
        eq(ccmsProject.status, '0'),
        eq(ccmsProject.useOriginBranch, false),
        ne(ccmsProject.updateSchedule, 'never'),
        sql`${ccmsProject.libraryId} IS NOT NULL`,
        sql`(${ccmsProject.lastUpdateTime} IS NULL OR ${ccmsProject.lastUpdateTime} <= ${now.toISOString()}::timestamptz - (CASE ${ccmsProject.updateSchedule}
          WHEN 'minutes' THEN interval '10 minutes' WHEN 'hour' THEN interval '1 hour' ELSE interval '1 day' END) + interval '30 seconds')`,
      ),
    );
}
