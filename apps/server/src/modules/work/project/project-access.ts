import { type Abilities, abilitiesOf, type GrantNeed, levelAllows, strongestLevel } from '@ccms/contracts/grants';
import { PROJECT_LEVELS } from '@ccms/contracts/work/project';
import { and, eq, type SQL, sql } from 'drizzle-orm';
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

/**
 * What decides the caller's level on the project row in scope (`ccms_project` of the statement),
 * for prepared statements: the caller is the placeholders `userId` and `roleIds` (an int[], may
 * be empty). The grant levels that reach the caller and their membership are subqueries on
 * `projectId`: the outer project row's id by default, written as static SQL text (a single-table
 * select renders its columns unqualified, which inside the subqueries would name the subquery's
 * own project_id), or a placeholder when every row is of one project, which PostgreSQL then
 * evaluates once rather than per row. The project id comes first: drizzle answers a nested object
 * of a left join as null when its first column is null, which is then exactly when there is no
 * such project.
 */
export function projectAccessFields(projectId: SQL = sql`ccms_project.project_id`) {
  return {
    projectId: ccmsProject.projectId,
    ownerId: ccmsProject.ownerId,
    secrecy: ccmsProject.secrecy,
    isPublic: ccmsProject.isPublic,
    deleted: sql<boolean>`(ccms_project.del_flag <> '0')`,
    grantLevels: projectGrants.levelsReachingPlaceholders(projectId),
    member: sql<boolean>`EXISTS (SELECT 1 FROM ${ccmsProjectMember}
      WHERE ${ccmsProjectMember.projectId} = ${projectId} AND ${ccmsProjectMember.userId} = ${sql.placeholder('userId')})`,
  };
}

/** A row of `projectAccessFields` (null: no such project). */
export interface ProjectAccessRow {
  projectId: number;
  ownerId: number | null;
  secrecy: boolean;
  isPublic: boolean;
  deleted: boolean;
  grantLevels: string[] | null;
  member: boolean;
}

/** The placeholders of `projectAccessFields` for a caller. */
export interface AccessParams {
  userId: number;
  roleIds: number[];
}
export const accessParams = (caller: ProjectCaller): AccessParams => ({ userId: caller.userId, roleIds: caller.roles.map((r) => r.roleId) });

/** The caller's level from a row of `projectAccessFields`: null for none, a deleted project or no project. */
export function levelFromRow(caller: ProjectCaller, p: ProjectAccessRow | null | undefined): ProjectLevel | null {
  if (!p || p.deleted) return null;
  if (isSystemAdmin(caller)) return 'admin';
  // Grants, then membership (write), ownership (owner) and a public, not secret project (read).
  return (
    strongestLevel(
      [...(p.grantLevels ?? []), p.member && 'write', p.ownerId === caller.userId && 'owner', p.isPublic && !p.secrecy && 'read'],
      PROJECT_LEVELS,
    ) ?? null
  );
}

/**
 * Each project of `ids` with what decides the caller's level, in one round trip. Prepared once per
 * database handle (a transaction gets its own): every request that touches a project's content
 * asks it, and building the query each time was most of its cost on the server.
 */
function levelsQuery(db: Db) {
  return db
    .select(projectAccessFields())
    .from(ccmsProject)
    .where(sql`${ccmsProject.projectId} = ANY(${sql.placeholder('ids')}::int[])`)
    .prepare('ccms_project_levels');
}
const preparedLevels = new WeakMap<Db, ReturnType<typeof levelsQuery>>();

/** The caller's strongest level on each (not deleted) project; absent: none. */
export async function projectLevels(db: Db, caller: ProjectCaller, projectIds: number[]): Promise<Map<number, ProjectLevel>> {
  const levels = new Map<number, ProjectLevel>();
  const ids = [...new Set(projectIds)];
  if (ids.length === 0) return levels;
  let query = preparedLevels.get(db);
  if (!query) {
    query = levelsQuery(db);
    preparedLevels.set(db, query);
  }
  for (const p of await query.execute({ ids, ...accessParams(caller) })) {
    const level = levelFromRow(caller, p);
    if (level) levels.set(p.projectId, level);
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
