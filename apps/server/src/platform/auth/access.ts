import { ALL_PERMISSION, DEFAULT_ROLE, SUPER_ROLE } from '@ccms/contracts/constants';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
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
  /** The session row's secret hash: tickets minted for this caller are bound to it (never returned). */
  sessionHash: string;
  userId: number;
  userName: string;
  nickName: string;
  deptId: number | null;
  deptName: string;
  roles: RoleGrant[];
  roleKeys: string[];
  permissions: Set<string>;
  isAdmin: boolean;
  /** Someone else set the password: every route but the few marked beforePasswordChange (getInfo, getRouters, the own profile) answers 403 until it changes. */
  pwdChangeRequired: boolean;
}

/** The seeded administrator role: its id and key together make an administrator. */
export const ADMIN_ROLE_ID = 1;

/**
 * The access a user's enabled roles and the `perms` texts of their enabled menus give. Only the
 * admin role makes an administrator; a wildcard in a menu's perms (older data) grants nothing.
 */
export function accessOf(roles: RoleGrant[], menuPerms: (string | null)[]) {
  const isAdmin = roles.some((r) => r.roleKey === SUPER_ROLE && r.roleId === ADMIN_ROLE_ID);
  const permissions = new Set<string>();
  if (isAdmin) permissions.add(ALL_PERMISSION);
  else if (roles.length > 0)
    for (const p of menuPerms) for (const one of (p ?? '').split(',')) if (one.trim() && !one.includes('*')) permissions.add(one.trim());
  const roleKeys = roles.length > 0 ? roles.map((r) => r.roleKey) : [DEFAULT_ROLE];
  return { roles, roleKeys, permissions, isAdmin };
}

/** The user's enabled roles (scope grants), as JSON, in one subquery on the user id column or value. */
export const enabledRolesJson = (userId: SQL | PgColumn | number) => sql<RoleGrant[]>`(SELECT coalesce(json_agg(json_build_object(
    'roleId', ${sysRole.roleId}, 'roleKey', ${sysRole.roleKey}, 'dataScope', ${sysRole.dataScope}) ORDER BY ${sysRole.roleId}), '[]'::json)
  FROM ${sysUserRole} INNER JOIN ${sysRole} ON ${sysRole.roleId} = ${sysUserRole.roleId}
  WHERE ${sysUserRole.userId} = ${userId} AND ${sysRole.status} = '0' AND ${sysRole.delFlag} = '0')`;

/** The distinct `perms` texts of the enabled menus of the user's enabled roles, as JSON, in one subquery. */
export const menuPermsJson = (userId: SQL | PgColumn | number) => sql<(string | null)[]>`(SELECT coalesce(json_agg(DISTINCT ${sysMenu.perms}), '[]'::json)
  FROM ${sysUserRole} INNER JOIN ${sysRole} ON ${sysRole.roleId} = ${sysUserRole.roleId}
  INNER JOIN ${sysRoleMenu} ON ${sysRoleMenu.roleId} = ${sysRole.roleId} INNER JOIN ${sysMenu} ON ${sysMenu.menuId} = ${sysRoleMenu.menuId}
  WHERE ${sysUserRole.userId} = ${userId} AND ${sysRole.status} = '0' AND ${sysRole.delFlag} = '0' AND ${sysMenu.status} = '0' AND ${sysMenu.perms} IS NOT NULL)`;

export async function deptNameOf(db: Db, deptId: number | null): Promise<string> {
  if (deptId === null) return '';
  const [row] = await db.select({ name: sysDept.deptName }).from(sysDept).where(eq(sysDept.deptId, deptId));
  return row?.name ?? '';
}

/** Permission check as the spec's hasPermi: the administrator (by role, never by a permission string) passes everything. */
export function hasPermission(auth: Pick<AuthContext, 'permissions' | 'isAdmin'>, permission: string): boolean {
  return auth.isAdmin || auth.permissions.has(permission);
}

export function hasRole(auth: Pick<AuthContext, 'roleKeys'>, role: string): boolean {
  return auth.roleKeys.includes(SUPER_ROLE) || auth.roleKeys.includes(role);
}
