import { Code } from '@ccms/contracts/http';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sysMenu, sysRole, sysRoleMenu, sysUser, sysUserRole } from '../../db/schema';
import { AppError, forbidden } from '../http/errors';
import type { AuthContext } from './access';
import { DataScope } from './data-scope';

/** The permission strings of a menu's `perms` text (a comma list). */
export const permsOf = (text: string | null) =>
  (text ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);

/**
 * How wide each data scope reaches, for "no one grants a scope they do not hold": all covers
 * everything, department-and-below covers one department, which covers self. A custom scope is
 * as wide as its departments, which are checked against the caller's own scope separately.
 */
const SCOPE_RANK: Record<string, number> = {
  [DataScope.ALL]: 4,
  [DataScope.DEPT_AND_CHILD]: 3,
  [DataScope.CUSTOM]: 2,
  [DataScope.DEPT]: 2,
  [DataScope.SELF]: 1,
};

export function scopeHeld(auth: AuthContext, scope: string): boolean {
  if (auth.isAdmin) return true;
  const widest = Math.max(0, ...auth.roles.map((r) => SCOPE_RANK[r.dataScope] ?? 0));
  return (SCOPE_RANK[scope] ?? Number.POSITIVE_INFINITY) <= widest;
}

/**
 * Guards against self-escalation: a non-administrator hands out only menus, permissions, data
 * scopes and roles they hold themselves, changes only accounts whose roles they could grant, and
 * nobody changes their own roles or a role they hold.
 * The administrator holds everything (by the admin role, never by a permission string).
 */
export function privilegeGuard(db: Db) {
  /** Menus the caller holds through an enabled role. */
  async function heldMenuIds(auth: AuthContext): Promise<Set<number>> {
    if (auth.roles.length === 0) return new Set();
    const rows = await db
      .select({ menuId: sysRoleMenu.menuId })
      .from(sysRoleMenu)
      .where(
        inArray(
          sysRoleMenu.roleId,
          auth.roles.map((r) => r.roleId),
        ),
      );
    return new Set(rows.map((r) => r.menuId));
  }

  /** Every permission in `perms` is one the caller holds. */
  function assertPermsHeld(auth: AuthContext, perms: string | null) {
    if (auth.isAdmin) return;
    const missing = permsOf(perms).find((p) => !auth.permissions.has(p));
    if (missing !== undefined) throw new AppError(Code.FORBIDDEN, 'privilege.permsNotHeld', { perms: missing });
  }

  /**
   * The menus newly granted (not in `already`) are ones the caller holds, or buttons whose every
   * permission the caller holds.
   */
  async function assertMenusGrantable(auth: AuthContext, menuIds: number[], already: Iterable<number> = []) {
    if (auth.isAdmin) return;
    const had = new Set(already);
    const fresh = [...new Set(menuIds)].filter((id) => !had.has(id));
    if (fresh.length === 0) return;
    const held = await heldMenuIds(auth);
    const menus = await db
      .select({ menuId: sysMenu.menuId, menuName: sysMenu.menuName, perms: sysMenu.perms })
      .from(sysMenu)
      .where(inArray(sysMenu.menuId, fresh));
    for (const menu of menus) {
      if (held.has(menu.menuId)) continue;
      const perms = permsOf(menu.perms);
      if (perms.length > 0 && perms.every((p) => auth.permissions.has(p))) continue;
      throw new AppError(Code.FORBIDDEN, 'privilege.menuNotHeld', { name: menu.menuName });
    }
  }

  /** The first of these roles (other than the caller's own) that holds a menu or data scope beyond the caller's, by name. */
  async function roleBeyondCaller(auth: AuthContext, roleIds: Iterable<number>): Promise<string | undefined> {
    if (auth.isAdmin) return undefined;
    const mine = new Set(auth.roles.map((r) => r.roleId));
    const others = [...new Set(roleIds)].filter((id) => !mine.has(id));
    if (others.length === 0) return undefined;
    const roles = await db
      .select({ roleId: sysRole.roleId, roleName: sysRole.roleName, dataScope: sysRole.dataScope })
      .from(sysRole)
      .where(inArray(sysRole.roleId, others));
    for (const role of roles) {
      if (!scopeHeld(auth, role.dataScope)) return role.roleName;
      const menus = await db.select({ menuId: sysRoleMenu.menuId }).from(sysRoleMenu).where(eq(sysRoleMenu.roleId, role.roleId));
      try {
        await assertMenusGrantable(
          auth,
          menus.map((m) => m.menuId),
        );
      } catch {
        return role.roleName;
      }
    }
    return undefined;
  }

  /** Roles newly given to a user hold no menu and no data scope beyond the caller's. */
  async function assertRolesGrantable(auth: AuthContext, roleIds: number[], already: Iterable<number> = []) {
    const had = new Set(already);
    const beyond = await roleBeyondCaller(
      auth,
      roleIds.filter((id) => !had.has(id)),
    );
    if (beyond !== undefined) throw new AppError(Code.FORBIDDEN, 'privilege.roleNotHeld', { name: beyond });
  }

  /**
   * Whoever changes another account (edit, status, password, roles, deletion, unlock) outranks
   * it: every role the user holds (enabled or not) is one the caller could grant, by the rule
   * role grants follow. Otherwise a user editor would reset the password of a stronger user and
   * sign in as them.
   */
  async function assertUsersOutranked(auth: AuthContext, userIds: number[]) {
    if (auth.isAdmin || userIds.length === 0) return;
    const held = await db
      .select({ userName: sysUser.userName, roleId: sysUserRole.roleId })
      .from(sysUserRole)
      .innerJoin(sysUser, eq(sysUser.userId, sysUserRole.userId))
      .where(inArray(sysUserRole.userId, [...new Set(userIds)]));
    const rolesByUser = new Map<string, number[]>();
    for (const row of held) rolesByUser.set(row.userName, [...(rolesByUser.get(row.userName) ?? []), row.roleId]);
    for (const [userName, roleIds] of rolesByUser) {
      const role = await roleBeyondCaller(auth, roleIds);
      if (role !== undefined) throw new AppError(Code.FORBIDDEN, 'privilege.userOutranks', { name: userName, role });
    }
  }

  return {
    assertPermsHeld,
    assertMenusGrantable,
    assertRolesGrantable,
    assertUsersOutranked,

    assertScopeHeld(auth: AuthContext, scope: string) {
      if (!scopeHeld(auth, scope)) throw forbidden('privilege.scopeNotHeld');
    },

    /** Nobody changes their own roles (not even an administrator: another administrator does it). */
    assertNotSelf(auth: AuthContext, userIds: number[]) {
      if (userIds.includes(auth.userId)) throw forbidden('privilege.ownRoles');
    },

    /** A non-administrator never changes the menus or data scope of a role they hold. */
    async assertNotOwnRole(auth: AuthContext, roleId: number) {
      if (auth.isAdmin) return;
      const [held] = await db
        .select({ roleId: sysUserRole.roleId })
        .from(sysUserRole)
        .where(and(eq(sysUserRole.userId, auth.userId), eq(sysUserRole.roleId, roleId)));
      if (held) throw forbidden('privilege.ownRole');
    },
  };
}
