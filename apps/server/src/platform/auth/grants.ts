import { ALL_PERMISSION } from '@ccms/contracts/constants';
import { type GranteeType, type GrantLevel, type GrantNeed, LEVEL_FOR_NEED, levelAllows, strongestLevel } from '@ccms/contracts/grants';
import type { GRANTED_OBJECTS } from '@ccms/contracts/http';
import { and, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { preparedOn } from '../../db/prepared';
import { sysRole, sysUser } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../http/errors';
import type { AuthContext } from './access';

/**
 * The one grant store and check for anything granted to a user, a role or all (libraries,
 * projects, and later publications and regulations). Each object kind has its own grant table
 * of the same shape; `grantStore` is built once per table and answers which grants reach a
 * caller, the caller's strongest grant level per object, and sets and revokes grants under
 * the owner rules. Levels and needs are ranked once, in contracts (`levelAllows`). It also lists
 * an object's grants with the grantees' names, refuses a grantee that does not exist, and gives a
 * new object's creator its owner grant, so no module writes those itself.
 *
 * An output's readers (a publish config's reader users and roles) are not grants, on purpose: a
 * grant gives a level on an object that lives on and changes, and reaches everything under it;
 * readers are copied onto each output when it is published and never change there, and they only
 * narrow who reads that one frozen output (with `readersOnly`, not even the library's writers). A
 * reader list changed later applies to later outputs, not to what was already handed out.
 */

/** The caller, as far as grants are concerned (an AuthContext fits). */
export type GrantCaller = Pick<AuthContext, 'userId' | 'roles' | 'isAdmin'> & { permissions?: Set<string> };

/** A system admin: the admin role, or every permission (*:*:*). */
export const isSystemAdmin = (caller: GrantCaller) => caller.isAdmin || (caller.permissions?.has(ALL_PERMISSION) ?? false);

/** Throws "No relevant permissions" (403, naming the level the object needs) unless the level meets the need; answers the level. */
export function assertLevelAllows<L extends GrantLevel>(level: L | null | undefined, need: GrantNeed, object: (typeof GRANTED_OBJECTS)[number]): L {
  if (!level || !levelAllows(level, need)) throw forbidden('noRelevantPermissions', { level: LEVEL_FOR_NEED[need], object });
  return level;
}

/** The columns every grant table has. */
export type GrantTable = PgTable & {
  grantId: PgColumn;
  granteeType: PgColumn;
  granteeId: PgColumn;
  level: PgColumn;
  createBy: PgColumn;
  createTime: PgColumn;
};

/** A grant as the permission tabs list it, with the grantee's name (user name, role name, empty for all). */
export interface GrantListRow<L extends GrantLevel = GrantLevel> {
  grantId: number;
  granteeType: GranteeType;
  granteeId: number;
  granteeName: string;
  level: L;
  createBy: string;
  createTime: Date;
}

/** Whether a grantee names a user or role that is not deleted ('all' always does). */
export async function granteeExists(db: Db, type: GranteeType, id: number): Promise<boolean> {
  if (type === 'all') return true;
  const [row] =
    type === 'user'
      ? await db
          .select({ id: sysUser.userId })
          .from(sysUser)
          .where(and(eq(sysUser.userId, id), eq(sysUser.delFlag, '0')))
      : await db
          .select({ id: sysRole.roleId })
          .from(sysRole)
          .where(and(eq(sysRole.roleId, id), eq(sysRole.delFlag, '0')));
  return row !== undefined;
}

/** A grant to write: the object, the grantee (id 0 for all), the level and who gave it. */
export interface NewGrant<L extends GrantLevel = GrantLevel> {
  objectId: number;
  granteeType: GranteeType;
  granteeId: number;
  level: L;
  createBy: string;
}

export interface GrantTableSpec<T extends GrantTable, L extends GrantLevel, K extends string> {
  table: T;
  /** The granted object's id as the API names it (libraryId, projectId, ...): the listed rows carry it. */
  objectKey: K;
  /** What kind of object it grants (a refusal names it). */
  object: (typeof GRANTED_OBJECTS)[number];
  /** The levels this kind of object knows (a stored text outside them grants nothing). */
  levels: readonly L[];
  /** The column naming the granted object (library id, project id, ...). */
  objectId: PgColumn;
  /** The row to insert for a new grant. */
  row: (grant: NewGrant<L>) => T['$inferInsert'];
  /** The change that sets an existing grant's level. */
  setLevel: (level: L) => PgUpdateSetSource<T>;
}

/** How a caller may change grants on one object: after the configure check, whether they may touch owner grants. */
export interface GrantRights {
  grantOwner: boolean;
}

export interface GrantRules {
  /** Refuse (400 grant.lastOwner) to leave the object without an owner grant. */
  keepAnOwner: boolean;
}

export function grantStore<T extends GrantTable, L extends GrantLevel, K extends string>(spec: GrantTableSpec<T, L, K>) {
  const { table, objectId } = spec;
  // Reads go through the plain table type: drizzle's select cannot check a generic table.
  const source: PgTable = table;
  const grantFields = { grantId: sql<number>`${table.grantId}`, objectId: sql<number>`${objectId}`, level: sql<string>`${table.level}` };

  /** Handing out or taking away ownership needs the owner level. */
  const ownerNeeded = () => forbidden('noRelevantPermissions', { level: 'owner', object: spec.object });

  /**
   * Grants that reach a user: to the user (`userId`), to one of their roles (`inRoles`, a condition
   * on the grantee id; undefined: no roles), or to everyone.
   */
  function reachingOf(userId: SQL | number, inRoles: SQL | undefined): SQL {
    const parts: SQL[] = [and(eq(table.granteeType, 'user'), sql`${table.granteeId} = ${userId}`) as SQL, eq(table.granteeType, 'all')];
    if (inRoles) parts.push(and(eq(table.granteeType, 'role'), inRoles) as SQL);
    return or(...parts) as SQL;
  }

  /** Grants that reach the caller. */
  function reaching(caller: GrantCaller): SQL {
    const roleIds = caller.roles.map((r) => r.roleId);
    return reachingOf(caller.userId, roleIds.length > 0 ? inArray(table.granteeId, roleIds) : undefined);
  }

  /** Condition on an object id column or expression: a grant reaches the caller on that object. */
  const reachedBy = (caller: GrantCaller, idColumn: PgColumn | SQL): SQL => sql`${idColumn} IN (SELECT ${objectId} FROM ${table} WHERE ${reaching(caller)})`;

  /** The levels of the grants reaching the caller on the object named by `outerId` (SQL text of the outer query), as a JSON array or null. */
  const levelsReaching = (caller: GrantCaller, outerId: SQL): SQL<string[] | null> => levelsOf(outerId, reaching(caller));
  const levelsOf = (outerId: SQL, reach: SQL): SQL<string[] | null> =>
    sql<string[] | null>`(SELECT json_agg(${table.level}) FROM ${table} WHERE ${objectId} = ${outerId} AND ${reach})`;

  /** Grants that reach the caller of a prepared statement: the placeholders `userId` and `roleIds` (an int[], may be empty). */
  const reachingPlaceholders = (): SQL => reachingOf(sql`${sql.placeholder('userId')}`, sql`${table.granteeId} = ANY(${sql.placeholder('roleIds')}::int[])`);

  /** levelsReaching for a prepared statement (the caller as in reachingPlaceholders). */
  const levelsReachingPlaceholders = (outerId: SQL): SQL<string[] | null> => levelsOf(outerId, reachingPlaceholders());

  /** levels' statement: the objects `ids` (an int[]), the caller as in reachingPlaceholders. */
  const levelsStatement = (db: Db) =>
    db
      .select(grantFields)
      .from(source)
      .where(and(sql`${objectId} = ANY(${sql.placeholder('ids')}::int[])`, reachingPlaceholders()))
      .prepare(`ccms_${spec.object}_grant_levels`);

  /** The caller's strongest grant level on each object; absent: no grant reaches them. */
  async function levels(db: Db, caller: GrantCaller, objectIds: number[]): Promise<Map<number, L>> {
    const found = new Map<number, L>();
    if (objectIds.length === 0) return found;
    const rows = await preparedOn(db, levelsStatement).execute({ ids: objectIds, userId: caller.userId, roleIds: caller.roles.map((r) => r.roleId) });
    for (const row of rows) {
      const best = strongestLevel([found.get(row.objectId), row.level], spec.levels);
      if (best) found.set(row.objectId, best);
    }
    return found;
  }

  /** A grant by its ids (any object). */
  const byIds = (db: Db, grantIds: number[]) => db.select(grantFields).from(source).where(inArray(table.grantId, grantIds));

  /** The object keeps an owner grant other than the leaving ones. */
  async function assertAnotherOwner(db: Db, id: number, leaving: number[]) {
    const [other] = await db
      .select({ grantId: grantFields.grantId })
      .from(source)
      .where(and(eq(objectId, id), eq(table.level, 'owner'), ...leaving.map((g) => ne(table.grantId, g))));
    if (!other) throw badRequest('grant.lastOwner');
  }

  return {
    reaching,
    reachedBy,
    levelsReaching,
    levelsReachingPlaceholders,
    levels,
    byIds,

    /** The object's grants, oldest first, with the grantee's name. */
    async list(db: Db, id: number): Promise<Array<GrantListRow<L> & Record<K, number>>> {
      const rows = await db
        .select({
          grantId: sql<number>`${table.grantId}`,
          objectId: sql<number>`${objectId}`,
          granteeType: sql<GranteeType>`${table.granteeType}`,
          granteeId: sql<number>`${table.granteeId}`,
          granteeName: sql<string>`coalesce(${sysUser.userName}, ${sysRole.roleName}, '')`,
          level: sql<L>`${table.level}`,
          createBy: sql<string>`${table.createBy}`,
          createTime: sql<Date>`${table.createTime}`.mapWith(table.createTime),
        })
        .from(source)
        .leftJoin(sysUser, and(eq(table.granteeType, 'user'), eq(sysUser.userId, table.granteeId)))
        .leftJoin(sysRole, and(eq(table.granteeType, 'role'), eq(sysRole.roleId, table.granteeId)))
        .where(eq(objectId, id))
        .orderBy(table.grantId);
      return rows.map(({ objectId: id, ...row }) => ({ ...row, [spec.objectKey]: id }) as GrantListRow<L> & Record<K, number>);
    },

    /** Refuses (400 grant.granteeMissing) a grantee that names no live user or role. */
    async assertGrantee(db: Db, type: GranteeType, id: number) {
      if (!(await granteeExists(db, type, id))) throw badRequest('grant.granteeMissing', { id });
    },

    /** The creator's owner grant on an object just made, in the creating transaction. */
    async grantCreator(tx: Tx, id: number, creator: Pick<AuthContext, 'userId' | 'userName'>) {
      const owner = spec.levels.find((level) => level === 'owner');
      if (!owner) throw new Error(`${spec.object} grants have no owner level`);
      await tx.insert(table).values(spec.row({ objectId: id, granteeType: 'user', granteeId: creator.userId, level: owner, createBy: creator.userName }));
    },

    /**
     * Sets the grantee's level on the object (one grant per grantee). Giving or changing an
     * owner grant needs `grantOwner`; call after the configure check and the grantee check.
     */
    async put(db: Db, grant: NewGrant<L>, rights: GrantRights, rules: GrantRules) {
      const [existing] = await db
        .select(grantFields)
        .from(source)
        .where(and(eq(objectId, grant.objectId), eq(table.granteeType, grant.granteeType), eq(table.granteeId, grant.granteeId)));
      if ((grant.level === 'owner' || existing?.level === 'owner') && !rights.grantOwner) throw ownerNeeded();
      if (rules.keepAnOwner && existing?.level === 'owner' && grant.level !== 'owner') await assertAnotherOwner(db, grant.objectId, [existing.grantId]);
      if (existing) await db.update(table).set(spec.setLevel(grant.level)).where(eq(table.grantId, existing.grantId));
      else await db.insert(table).values(spec.row(grant));
    },

    /**
     * Removes grants (of any objects). `rightsOn` checks the caller may configure each object
     * (throwing when not) and says whether they may touch its owner grants.
     */
    async revoke(db: Db, grantIds: number[], rightsOn: (objectId: number) => Promise<GrantRights>, rules: GrantRules) {
      const grants = await byIds(db, grantIds);
      if (grants.length !== grantIds.length) throw notFound('notFound.row', { what: `grant ${grantIds.join(',')}` });
      for (const g of grants) {
        const rights = await rightsOn(g.objectId);
        if (g.level === 'owner' && !rights.grantOwner) throw ownerNeeded();
      }
      if (rules.keepAnOwner) {
        for (const id of new Set(grants.map((g) => g.objectId))) {
          const removedOwners = grants.filter((g) => g.objectId === id && g.level === 'owner').map((g) => g.grantId);
          if (removedOwners.length > 0) await assertAnotherOwner(db, id, removedOwners);
        }
      }
      await db.delete(table).where(inArray(table.grantId, grantIds));
    },
  };
}
