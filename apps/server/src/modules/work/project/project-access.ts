import { type Abilities, abilitiesOf, type GrantNeed, levelAllows, strongestLevel } from '@ccms/contracts/grants';
import { PROJECT_LEVELS } from '@ccms/contracts/work/project';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client';
import { ccmsProject, ccmsProjectGrant, ccmsProjectMember } from '../../../db/schema';
import { assertLevelAllows, type GrantCaller, grantStore, isSystemAdmin } from '../../../platform/auth/grants';
import { badRequest } from '../../../platform/http/errors';

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
export type ProjectLevel = (typeof PROJECT_LEVELS)[number];

/** What an action on a project needs. */
export type ProjectNeed = Exclude<GrantNeed, 'own'>;

/** The caller of a request, as far as project access is concerned (an AuthContext fits). */
export type ProjectCaller = GrantCaller;

export { isSystemAdmin };

/** The grants in ccms_project_grant (platform/auth/grants). */
export const projectGrants = grantStore({
  table: ccmsProjectGrant,
  objectKey: 'projectId',
  object: 'project',
  levels: PROJECT_LEVELS,
  objectId: ccmsProjectGrant.projectId,
  row: ({ objectId, ...grant }) => ({ projectId: objectId, ...grant }),
  setLevel: (level) => ({ level }),
});

/** The caller has a level on the project row in scope through a grant, membership or ownership. */
function reachedBy(caller: ProjectCaller): SQL {
  return sql`(${ccmsProject.ownerId} = ${caller.userId}
      OR ${projectGrants.reachedBy(caller, ccmsProject.projectId)}
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

async function _idsWhere(db: Db, cond: SQL | undefined): Promise<number[] | null> {
  if (!cond) return null;
  const rows = await db
    .select({ id: ccmsProject.projectId })
    .from(ccmsProject)
    .where(and(eq(ccmsProject.delFlag, '0'), cond));
  return rows.map((r) => r.id);
}

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
      grantLevels: admin ? sql<string[] | null>`null` : projectGrants.levelsReaching(caller, sql`ccms_project.project_id`),
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
  for (const p of projects) {
    // Grants, then membership (write), ownership (owner) and a public, not secret project (read).
    const level = strongestLevel(
      [...(p.grantLevels ?? []), p.member && 'write', p.ownerId === caller.userId && 'owner', p.isPublic && !p.secrecy && 'read'],
      PROJECT_LEVELS,
    );
    if (level) levels.set(p.id, level);
  }
  return levels;
}

/** The caller's level on one project: 'admin' | 'owner' | 'write' | 'read', or null (none, or no such project). */
export async function projectLevel(db: Db, caller: ProjectCaller, projectId: number): Promise<ProjectLevel | null> {
  return (await projectLevels(db, caller, [projectId])).get(projectId) ?? null;
}

export const projectAllows = (level: ProjectLevel | null, need: ProjectNeed) => levelAllows(level, need);

/** What the caller's level on a project lets them do; a system admin (level admin) also hands out ownership. */
export const projectAbilities = (caller: ProjectCaller, level: ProjectLevel | null): Abilities => abilitiesOf(level, isSystemAdmin(caller));

/** Throws "No relevant permissions" (403) unless the caller's level on the project meets the need. */
export async function assertProjectAccess(db: Db, caller: ProjectCaller, projectId: number, need: ProjectNeed): Promise<ProjectLevel> {
  return assertLevelAllows(await projectLevel(db, caller, projectId), need, 'project');
}

/** Throws "Project mismatch, please note" (400) when an object's project is not the one the request names. */
export function assertSameProject(expected: number, actual: number): void {
  if (expected !== actual) throw badRequest('projectMismatch');
}
