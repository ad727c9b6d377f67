import type { ReactNode } from 'react';
import { grantsPermission, grantsRole, requirePermissionList, requireRoleList, useGrants } from './permissions';

interface GuardProps {
  /** Any one of these grants the right (like v-hasPermi / v-hasRole); must be a non-empty array. */
  value: readonly string[];
  children: ReactNode;
}

/**
 * Renders its children only for a user with one of the permissions; nothing otherwise.
 * Usage: `<HasPermi value={['system:user:add']}><Button>Add</Button></HasPermi>`
 */
export function HasPermi({ value, children }: GuardProps) {
  const grants = useGrants();
  const list = requirePermissionList(value);
  return list.some((p) => grantsPermission(grants, p)) ? children : null;
}

/**
 * Renders its children only for a user with one of the roles; nothing otherwise.
 * Usage: `<HasRole value={['admin', 'editor']}>…</HasRole>`
 */
export function HasRole({ value, children }: GuardProps) {
  const grants = useGrants();
  const list = requireRoleList(value);
  return list.some((r) => grantsRole(grants, r)) ? children : null;
}

/** Hook form, for props like `disabled={!useHasPermi(['system:user:edit'])}`. */
export function useHasPermi(value: readonly string[]): boolean {
  const grants = useGrants();
  return requirePermissionList(value).some((p) => grantsPermission(grants, p));
}
