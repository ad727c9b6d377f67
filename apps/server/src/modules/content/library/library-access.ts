import type { LibraryLevel } from '@ccms/contracts/content/library';
import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client';
import { ccmsLibraryGrant } from '../../../db/schema';
import type { AuthContext } from '../../../platform/auth/access';
import { forbidden } from '../../../platform/http/errors';

/** Strength of each level; owner and admin configure, write changes content, read sees. */
const RANK: Record<LibraryLevel, number> = { owner: 4, admin: 3, write: 2, read: 1 };

/** What an action on a library needs. */
export type LibraryNeed = 'read' | 'write' | 'configure';
const NEED_RANK: Record<LibraryNeed, number> = { read: 1, write: 2, configure: 3 };

/** Grants that reach the caller: to the user, to one of the user's roles, or to everyone. */
export function grantsReaching(auth: AuthContext): SQL {
  const roleIds = auth.roles.map((r) => r.roleId);
  const parts: SQL[] = [
    and(eq(ccmsLibraryGrant.granteeType, 'user'), eq(ccmsLibraryGrant.granteeId, auth.userId)) as SQL,
    eq(ccmsLibraryGrant.granteeType, 'all'),
  ];
  if (roleIds.length > 0) parts.push(and(eq(ccmsLibraryGrant.granteeType, 'role'), inArray(ccmsLibraryGrant.granteeId, roleIds)) as SQL);
  return or(...parts) as SQL;
}

/** Condition on a library id column: the libraries the caller may read (undefined: all, for the admin role). */
export function readableLibraries(auth: AuthContext, libraryIdColumn: PgColumn): SQL | undefined {
  if (auth.isAdmin) return undefined;
  return sql`${libraryIdColumn} IN (SELECT ${ccmsLibraryGrant.libraryId} FROM ${ccmsLibraryGrant} WHERE ${grantsReaching(auth)})`;
}

/** The caller's strongest level on each library (absent: none); the admin role is owner everywhere. */
export async function levelsOf(db: Db, auth: AuthContext, libraryIds: number[]): Promise<Map<number, LibraryLevel>> {
  const levels = new Map<number, LibraryLevel>();
  if (libraryIds.length === 0) return levels;
  if (auth.isAdmin) {
    for (const id of libraryIds) levels.set(id, 'owner');
    return levels;
  }
  const rows = await db
    .select({ libraryId: ccmsLibraryGrant.libraryId, level: ccmsLibraryGrant.level })
    .from(ccmsLibraryGrant)
    .where(and(inArray(ccmsLibraryGrant.libraryId, libraryIds), grantsReaching(auth)));
  for (const row of rows) {
    const level = row.level as LibraryLevel;
    const had = levels.get(row.libraryId);
    if (!had || RANK[level] > RANK[had]) levels.set(row.libraryId, level);
  }
  return levels;
}

export async function levelOf(db: Db, auth: AuthContext, libraryId: number): Promise<LibraryLevel | null> {
  return (await levelsOf(db, auth, [libraryId])).get(libraryId) ?? null;
}

export const allows = (level: LibraryLevel | null, need: LibraryNeed) => level !== null && RANK[level] >= NEED_RANK[need];

/** Throws "No relevant permissions" unless the caller's level on the library meets the need. */
export async function assertLibraryAccess(db: Db, auth: AuthContext, libraryId: number, need: LibraryNeed): Promise<LibraryLevel> {
  const level = await levelOf(db, auth, libraryId);
  if (!level || !allows(level, need)) throw forbidden('noRelevantPermissions');
  return level;
}
