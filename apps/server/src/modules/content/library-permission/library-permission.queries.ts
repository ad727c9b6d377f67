import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ccmsLibraryGrant, sysRole, sysUser } from '../../../db/schema';

/** A library's grants with the grantee's name (user name, role name, empty for all). */
export function listGrants(db: Db, libraryId: number) {
  return db
    .select({
      grantId: ccmsLibraryGrant.grantId,
      libraryId: ccmsLibraryGrant.libraryId,
      granteeType: ccmsLibraryGrant.granteeType,
      granteeId: ccmsLibraryGrant.granteeId,
      granteeName: sql<string>`coalesce(${sysUser.userName}, ${sysRole.roleName}, '')`,
      level: ccmsLibraryGrant.level,
      createBy: ccmsLibraryGrant.createBy,
      createTime: ccmsLibraryGrant.createTime,
    })
    .from(ccmsLibraryGrant)
    .leftJoin(sysUser, and(eq(ccmsLibraryGrant.granteeType, 'user'), eq(sysUser.userId, ccmsLibraryGrant.granteeId)))
    .leftJoin(sysRole, and(eq(ccmsLibraryGrant.granteeType, 'role'), eq(sysRole.roleId, ccmsLibraryGrant.granteeId)))
    .where(eq(ccmsLibraryGrant.libraryId, libraryId))
    .orderBy(asc(ccmsLibraryGrant.grantId));
}

export async function grantsByIds(db: Db, grantIds: number[]) {
  return db.select().from(ccmsLibraryGrant).where(inArray(ccmsLibraryGrant.grantId, grantIds));
}

export async function granteeExists(db: Db, type: 'user' | 'role' | 'all', id: number) {
  if (type === 'all') return true;
  if (type === 'user') {
    const [row] = await db
      .select({ id: sysUser.userId })
      .from(sysUser)
      .where(and(eq(sysUser.userId, id), eq(sysUser.delFlag, '0')));
    return !!row;
  }
  const [row] = await db
    .select({ id: sysRole.roleId })
    .from(sysRole)
    .where(and(eq(sysRole.roleId, id), eq(sysRole.delFlag, '0')));
  return !!row;
}
