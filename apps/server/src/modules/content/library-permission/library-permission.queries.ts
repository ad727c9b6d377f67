import { and, asc, eq, ilike, or } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sysRole, sysUser } from '../../../db/schema';
import { containing } from '../../../platform/db/filters';

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
