import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client';
import { ccmsProject, ccmsProjectGrant, ccmsProjectMember } from '../../../db/schema';
import type { AuthContext } from '../../../platform/auth/access';
import { badRequest, forbidden } from '../../../platform/http/errors';

/**
 * Object-level access to projects (spec section 6), for every work module.
 *
 * - Levels, strongest first: owner, admin (both configure: grants, members, config, delete),
 *   write (change plans, tasks, items, releases), read (see the project's content).
 * - Where a level comes from: a grant to the user, one of the user's roles or everyone; the
 *   project's owner (ownerId) is owner; a member writes; a public project is read by everyone
 *   signed in. System admins (role admin, *:*:*) are 'admin' everywhere and pass every check.
 * - Visibility (project lists and the project's basic detail) is wider than reading: a project
 *   that is not secret is visible to everyone; a secret one only to a caller with a level on it.
 *   Its content (plans, tasks, work items, releases) needs a level: use `readableProjectCondition`
 *   / `projectLevel` for content, `visibleProjectCondition` only for the projects list itself.
 */
export type ProjectLevel = 'admin' | 'owner' | 'write' | 'read';

const RANK: Record<ProjectLevel, number> = { owner: 4, admin: 3, write: 2, read: 1 };

/** What an action on a project needs. */
export type ProjectNeed = 'read' | 'write' | 'configure';
const NEED_RANK: Record<ProjectNeed, number> = { read: 1, write: 2, configure: 3 };

/** The caller of a request, as far as project access is concerned (an AuthContext fits). */
export type ProjectCaller = Pick<AuthContext, 'userId' | 'roles' | 'isAdmin'> & { permissions?: Set<string> };

export const isSystemAdmin = (caller: ProjectCaller) => caller.isAdmin || (caller.permissions?.has('*:*:*') ?? false);

/** Grants that reach the caller: to the user, to one of the user's roles, or to everyone. */
export function projectGrantsReaching(caller: ProjectCaller): SQL {
  const roleIds = caller.roles.map((r) => r.roleId);
  const parts: SQL[] = [
    and(eq(ccmsProjectGrant.granteeType, 'user'), eq(ccmsProjectGrant.granteeId, caller.userId)) as SQL,
    eq(ccmsProjectGrant.granteeType, 'all'),
  ];
  if (roleIds.length > 0) parts.push(and(eq(ccmsProjectGrant.granteeType, 'role'), inArray(ccmsProjectGrant.granteeId, roleIds)) as SQL);
  return or(...parts) as SQL;
}

/** The caller has a level on the project row in scope through a grant, membership or ownership. */
function reachedBy(caller: ProjectCaller): SQL {
  return sql`(${ccmsProject.ownerId} = ${caller.userId}
      OR ${ccmsProject.projectId} IN (SELECT ${ccmsProjectGrant.projectId} FROM ${ccmsProjectGrant} WHERE ${projectGrantsReaching(caller)})
      OR ${ccmsProject.projectId} IN (SELECT ${ccmsProjectMember.projectId} FROM ${ccmsProjectMember} WHERE ${ccmsProjectMember.userId} = ${caller.userId}))`;
}

/**
 * Condition on a project id column: projects the caller may see in lists and as basic detail
 * (undefined: all, for system admins). A secret project is invisible without a level on it.
 */
export function visibleProjectCondition(caller: ProjectCaller, projectIdColumn: PgColumn | SQL): SQL | undefined {
  if (isSystemAdmin(caller)) return undefined;
  return sql`${projectIdColumn} IN (SELECT ${ccmsProject.projectId} FROM ${ccmsProject}
    WHERE ${ccmsProject.delFlag} = '0' AND (${ccmsProject.secrecy} = false OR ${reachedBy(caller)}))`;
}

/**
 * Condition on a project id column: projects whose content (plans, tasks, work items, releases)
 * the caller may read, i.e. where `projectLevel` is not null (undefined: all, for system admins).
 */
export function readableProjectCondition(caller: ProjectCaller, projectIdColumn: PgColumn | SQL): SQL | undefined {
  if (isSystemAdmin(caller)) return undefined;
  return sql`${projectIdColumn} IN (SELECT ${ccmsProject.projectId} FROM ${ccmsProject}
    WHERE ${ccmsProject.delFlag} = '0' AND ((${ccmsProject.isPublic} = true AND ${ccmsProject.secrecy} = false) OR ${reachedBy(caller)}))`;
}

async function idsWhere(db: Db, cond: SQL | undefined): Promise<number[] | null> {
  if (!cond) return null;
  const rows = await db
    .select({ id: ccmsProject.projectId })
    .from(ccmsProject)
    .where(and(eq(ccmsProject.delFlag, '0'), cond));
  return rows.map((r) => r.id);
}

/** Ids of the projects the caller may see in lists; null means all (system admin). */
export const visibleProjectIds = (db: Db, caller: ProjectCaller) => idsWhere(db, visibleProjectCondition(caller, ccmsProject.projectId));

/** Ids of the projects whose content the caller may read; null means all (system admin). */
export const readableProjectIds = (db: Db, caller: ProjectCaller) => idsWhere(db, readableProjectCondition(caller, ccmsProject.projectId));

/** The caller's strongest level on each (not deleted) project; absent: none. */
export async function projectLevels(db: Db, caller: ProjectCaller, projectIds: number[]): Promise<Map<number, ProjectLevel>> {
  const levels = new Map<number, ProjectLevel>();
  const ids = [...new Set(projectIds)];
  if (ids.length === 0) return levels;
  const admin = isSystemAdmin(caller);
  // One round trip: each project with the grant levels that reach the caller and their membership.
  // The outer project id is static SQL text: a single-table select renders its columns unqualified,
  // which inside the subqueries would name the subquery's own project_id.
  const projects = await db
    .select({
      id: ccmsProject.projectId,
      ownerId: ccmsProject.ownerId,
      secrecy: ccmsProject.secrecy,
      isPublic: ccmsProject.isPublic,
      grantLevels: admin
        ? sql<string[] | null>`null`
        : sql<string[] | null>`(SELECT json_agg(${ccmsProjectGrant.level}) FROM ${ccmsProjectGrant}
            WHERE ${ccmsProjectGrant.projectId} = ccms_project.project_id AND ${projectGrantsReaching(caller)})`,
      member: admin
        ? sql<boolean>`false`
        : sql<boolean>`EXISTS (SELECT 1 FROM ${ccmsProjectMember}
            WHERE ${ccmsProjectMember.projectId} = ccms_project.project_id AND ${ccmsProjectMember.userId} = ${caller.userId})`,
    })
    .from(ccmsProject)
    .where(and(inArray(ccmsProject.projectId, ids), eq(ccmsProject.delFlag, '0')));
  if (projects.length === 0) return levels;
  if (admin) {
    for (const p of projects) levels.set(p.id, 'admin');
    return levels;
  }
  const raise = (id: number, level: ProjectLevel) => {
    const had = levels.get(id);
    if (!had || RANK[level] > RANK[had]) levels.set(id, level);
  };
  for (const p of projects) {
    for (const level of p.grantLevels ?? []) raise(p.id, level as ProjectLevel);
    if (p.member) raise(p.id, 'write');
    if (p.ownerId === caller.userId) raise(p.id, 'owner');
    if (p.isPublic && !p.secrecy) raise(p.id, 'read');
  }
  return levels;
}

/** The caller's level on one project: 'admin' | 'owner' | 'write' | 'read', or null (none, or no such project). */
export async function projectLevel(db: Db, caller: ProjectCaller, projectId: number): Promise<ProjectLevel | null> {
  return (await projectLevels(db, caller, [projectId])).get(projectId) ?? null;
}

export const projectAllows = (level: ProjectLevel | null, need: ProjectNeed) => level !== null && RANK[level] >= NEED_RANK[need];

/** Throws "No relevant permissions" (403) unless the caller's level on the project meets the need. */
export async function assertProjectAccess(db: Db, caller: ProjectCaller, projectId: number, need: ProjectNeed): Promise<ProjectLevel> {
  const level = await projectLevel(db, caller, projectId);
  if (level === null || !projectAllows(level, need)) throw forbidden('noRelevantPermissions');
  return level;
}

/** Throws "Project mismatch, please note" (400) when an object's project is not the one the request names. */
export function assertSameProject(expected: number, actual: number): void {
  if (expected !== actual) throw badRequest('projectMismatch');
}
