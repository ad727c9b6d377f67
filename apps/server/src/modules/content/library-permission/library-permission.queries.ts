import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ccmsLibraryGrant, sysRole, sysUser } from '../../../db/schema';
import { containing } from '../../../platform/db/filters';

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

/** Active users whose user name or nick name holds the keyword, for grantee and reader pickers: ids and names only. */
export function granteeUsers(db: Db, params: { keyword?: string; limit: number }) {
  const pattern = params.keyword ? containing(params.keyword) : undefined;
  return db
    .select({ userId: sysUser.userId, userName: sysUser.userName, nickName: sysUser.nickName })
    .from(sysUser)
    .where(and(eq(sysUser.delFlag, '0'), eq(sysUser.status, '0'), pattern ? or(ilike(sysUser.userName, pattern), ilike(sysUser.nickName, pattern)) : undefined))
    .orderBy(asc(sysUser.userName))
    .limit(params.limit);
}

/** Active roles for grantee and reader pickers: ids, names and keys only. */
export function granteeRoles(db: Db) {
  return db
    .select({ roleId: sysRole.roleId, roleName: sysRole.roleName, roleKey: sysRole.roleKey })
    .from(sysRole)
    .where(and(eq(sysRole.delFlag, '0'), eq(sysRole.status, '0')))
    .orderBy(asc(sysRole.roleSort), asc(sysRole.roleId));
}
