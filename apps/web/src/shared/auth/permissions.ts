import { ALL_PERMISSION, SUPER_ROLE } from '@ccms/contracts/constants';
import { i18n } from '../../i18n';
import { useSession } from '../../state/session-store';

/** What the checks read: the session's roles and permissions. */
export interface Grants {
  roles: readonly string[];
  permissions: readonly string[];
}

const isSuper = (g: Grants) => g.roles.includes(SUPER_ROLE);

/** One permission: role admin and permission *:*:* pass every check (spec section 6). */
export function grantsPermission(g: Grants, permission: string): boolean {
  if (!permission) return false;
  return isSuper(g) || g.permissions.some((p) => p === ALL_PERMISSION || p === permission);
}

export function grantsRole(g: Grants, role: string): boolean {
  if (!role) return false;
  return g.roles.some((r) => r === SUPER_ROLE || r === role);
}

/** The spec's error for a permission list that is not an array (or is empty). */
export function requirePermissionList(value: unknown): readonly string[] {
  if (!Array.isArray(value) || value.length === 0) throw new Error(i18n.t('common:permission.permiValueRequired'));
  return value as readonly string[];
}

export function requireRoleList(value: unknown): readonly string[] {
  if (!Array.isArray(value) || value.length === 0) throw new Error(i18n.t('common:permission.roleValueRequired'));
  return value as readonly string[];
}

const session = (): Grants => useSession.getState();

/** The current user has this permission. */
export const hasPermi = (permission: string, g: Grants = session()) => grantsPermission(g, permission);
/** The current user has at least one of these permissions; throws when not given an array. */
export const hasPermiOr = (permissions: readonly string[], g: Grants = session()) => requirePermissionList(permissions).some((p) => grantsPermission(g, p));
/** The current user has every one of these permissions; throws when not given an array. */
export const hasPermiAnd = (permissions: readonly string[], g: Grants = session()) => requirePermissionList(permissions).every((p) => grantsPermission(g, p));
/** The current user has this role. */
export const hasRole = (role: string, g: Grants = session()) => grantsRole(g, role);
/** The current user has at least one of these roles; throws when not given an array. */
export const hasRoleOr = (roles: readonly string[], g: Grants = session()) => requireRoleList(roles).some((r) => grantsRole(g, r));
/** The current user has every one of these roles; throws when not given an array. */
export const hasRoleAnd = (roles: readonly string[], g: Grants = session()) => requireRoleList(roles).every((r) => grantsRole(g, r));

/** Reactive grants for components: re-render when the session's roles or permissions change. */
export function useGrants(): Grants {
  const roles = useSession((s) => s.roles);
  const permissions = useSession((s) => s.permissions);
  return { roles, permissions };
}
