import { ALL_PERMISSION, DEFAULT_ROLE, SUPER_ROLE } from '@ccms/contracts/constants';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sysDept, sysMenu, sysRole, sysRoleMenu, sysUserRole } from '../../db/schema';

export interface RoleGrant {
  roleId: number;
  roleKey: string;
  /** 1 all, 2 custom, 3 own department, 4 department and below, 5 self. */
  dataScope: string;
}

/** Who is calling: carried on every authenticated request. */
export interface AuthContext {
  tokenId: string;
  userId: number;
  userName: string;
  nickName: string;
  deptId: number | null;
  deptName: string;
  roles: RoleGrant[];
  roleKeys: string[];
  permissions: Set<string>;
  isAdmin: boolean;
}

/** Enabled roles of a user and the permission strings of their enabled menus. */
export async function loadAccess(db: Db, userId: number) {
  const roles = await db
    .select({ roleId: sysRole.roleId, roleKey: sysRole.roleKey, dataScope: sysRole.dataScope })
    .from(sysUserRole)
    .innerJoin(sysRole, eq(sysRole.roleId, sysUserRole.roleId))
    .where(and(eq(sysUserRole.userId, userId), eq(sysRole.status, '0'), eq(sysRole.delFlag, '0')));
  const isAdmin = roles.some((r) => r.roleKey === SUPER_ROLE);
  const permissions = new Set<string>();
  if (isAdmin) permissions.add(ALL_PERMISSION);
  else if (roles.length > 0) {
    const perms = await db
      .selectDistinct({ perms: sysMenu.perms })
      .from(sysRoleMenu)
      .innerJoin(sysMenu, eq(sysMenu.menuId, sysRoleMenu.menuId))
      .where(
        and(
          inArray(
            sysRoleMenu.roleId,
            roles.map((r) => r.roleId),
          ),
          eq(sysMenu.status, '0'),
          isNotNull(sysMenu.perms),
        ),
      );
    for (const p of perms) for (const one of (p.perms ?? '').split(',')) if (one.trim()) permissions.add(one.trim());
  }
  const roleKeys = roles.length > 0 ? roles.map((r) => r.roleKey) : [DEFAULT_ROLE];
  return { roles, roleKeys, permissions, isAdmin };
}

export async function deptNameOf(db: Db, deptId: number | null): Promise<string> {
  if (deptId === null) return '';
  const [row] = await db.select({ name: sysDept.deptName }).from(sysDept).where(eq(sysDept.deptId, deptId));
  return row?.name ?? '';
}

/** Permission check as the spec's hasPermi: *:*:* passes everything. */
export function hasPermission(auth: Pick<AuthContext, 'permissions'>, permission: string): boolean {
  return auth.permissions.has(ALL_PERMISSION) || auth.permissions.has(permission);
}

export function hasRole(auth: Pick<AuthContext, 'roleKeys'>, role: string): boolean {
  return auth.roleKeys.includes(SUPER_ROLE) || auth.roleKeys.includes(role);
}
