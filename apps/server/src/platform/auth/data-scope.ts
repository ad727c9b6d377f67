import { or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { AuthContext } from './access';

/** RuoYi's data scopes of a role (sys_role.data_scope). */
export const DataScope = {
  ALL: '1',
  CUSTOM: '2',
  DEPT: '3',
  DEPT_AND_CHILD: '4',
  SELF: '5',
} as const;

/** Matches no row: what a caller with no usable role may see. */
const NOTHING = sql`1 = 0`;

/**
 * The rows the caller may see, as a condition on a department column and optionally a user
 * column, OR-ed over the caller's enabled roles like RuoYi's DataScopeAspect. Undefined means
 * no restriction (administrator, or a role with scope 1). Always computed on the server from
 * the session, never from request input.
 */
export function dataScopeCondition(auth: AuthContext, cols: { deptId: PgColumn; userId?: PgColumn }): SQL | undefined {
  if (auth.isAdmin) return undefined;
  const parts: SQL[] = [];
  const seen = new Set<string>();
  const customRoleIds: number[] = [];
  for (const role of auth.roles) {
    const scope = role.dataScope;
    if (scope === DataScope.ALL) return undefined;
    if (scope === DataScope.CUSTOM) {
      customRoleIds.push(role.roleId);
      continue;
    }
    // Two roles with the same non-custom scope add the same condition: keep one.
    if (seen.has(scope)) continue;
    seen.add(scope);
    if (scope === DataScope.DEPT) {
      if (auth.deptId !== null) parts.push(sql`${cols.deptId} = ${auth.deptId}`);
    } else if (scope === DataScope.DEPT_AND_CHILD) {
      if (auth.deptId !== null) {
        const id = auth.deptId;
        parts.push(sql`${cols.deptId} IN (SELECT d.dept_id FROM sys_dept d WHERE d.dept_id = ${id} OR ${String(id)} = ANY(string_to_array(d.ancestors, ',')))`);
      }
    } else if (scope === DataScope.SELF) {
      // Without a user column (e.g. the department list) "self" sees no rows, as in RuoYi.
      if (cols.userId) parts.push(sql`${cols.userId} = ${auth.userId}`);
    }
  }
  if (customRoleIds.length > 0) {
    const ids = sql.join(
      customRoleIds.map((id) => sql`${id}`),
      sql`, `,
    );
    parts.push(sql`${cols.deptId} IN (SELECT rd.dept_id FROM sys_role_dept rd WHERE rd.role_id IN (${ids}))`);
  }
  if (parts.length === 0) return NOTHING;
  return parts.length === 1 ? parts[0] : or(...parts);
}
