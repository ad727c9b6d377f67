import { SUPER_ROLE } from '@ccms/contracts/constants';
import type { AuthUserQuery, RoleExportQuery, RoleQuery } from '@ccms/contracts/system/role';
import { and, asc, count, eq, inArray, like, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sysDept, sysMenu, sysRole, sysRoleDept, sysRoleMenu, sysUser, sysUserRole } from '../../../db/schema';
import { containing, withinRange } from '../../../platform/db/filters';
import { orderBy, pageWindow } from '../../../platform/http/paging';

/** The built-in super administrator role. */
export const ADMIN_ROLE_ID = 1;

type RoleRow = typeof sysRole.$inferSelect;

/** The super administrator role: the seeded one, or any role carrying its key. */
export const isAdminRole = (role: Pick<RoleRow, 'roleId' | 'roleKey'>) => role.roleId === ADMIN_ROLE_ID || role.roleKey === SUPER_ROLE;

/** A role row as screens show it. */
export const presentRole = (role: RoleRow) => ({ ...role, admin: isAdminRole(role) });

const sortable = { roleId: sysRole.roleId, roleSort: sysRole.roleSort, roleName: sysRole.roleName, roleKey: sysRole.roleKey, createTime: sysRole.createTime };

function filters(q: RoleExportQuery): SQL | undefined {
  return and(
    eq(sysRole.delFlag, '0'),
    q.roleName ? like(sysRole.roleName, containing(q.roleName)) : undefined,
    q.roleKey ? like(sysRole.roleKey, containing(q.roleKey)) : undefined,
    q.status ? eq(sysRole.status, q.status) : undefined,
    withinRange(sysRole.createTime, q),
  );
}

export async function listRoles(db: Db, q: RoleQuery) {
  const where = filters(q);
  const { limit, offset } = pageWindow(q);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(sysRole)
      .where(where)
      .orderBy(...orderBy(q, sortable, asc(sysRole.roleSort)), asc(sysRole.roleId))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(sysRole).where(where),
  ]);
  return { rows: rows.map(presentRole), total: total?.n ?? 0 };
}

export async function rolesForExport(db: Db, q: RoleExportQuery) {
  return db
    .select()
    .from(sysRole)
    .where(filters(q))
    .orderBy(...orderBy(q, sortable, asc(sysRole.roleSort)), asc(sysRole.roleId));
}

/** Every live role, in display order. */
export async function allRoles(db: Db) {
  const rows = await db.select().from(sysRole).where(eq(sysRole.delFlag, '0')).orderBy(asc(sysRole.roleSort), asc(sysRole.roleId));
  return rows.map(presentRole);
}

export async function findRole(db: Db, roleId: number) {
  const [row] = await db
    .select()
    .from(sysRole)
    .where(and(eq(sysRole.roleId, roleId), eq(sysRole.delFlag, '0')));
  return row;
}

export async function findRoles(db: Db, roleIds: number[]) {
  if (roleIds.length === 0) return [];
  return db
    .select()
    .from(sysRole)
    .where(and(inArray(sysRole.roleId, roleIds), eq(sysRole.delFlag, '0')));
}

/** Another live role already holding this name or key (excluding `exceptId`). */
export async function findRoleClash(db: Db, field: 'roleName' | 'roleKey', value: string, exceptId?: number) {
  const [row] = await db
    .select({ roleId: sysRole.roleId })
    .from(sysRole)
    .where(and(eq(sysRole[field], value), eq(sysRole.delFlag, '0'), exceptId ? ne(sysRole.roleId, exceptId) : undefined));
  return row;
}

export async function menuIdsOfRole(db: Db, roleId: number) {
  const rows = await db.select({ id: sysRoleMenu.menuId }).from(sysRoleMenu).where(eq(sysRoleMenu.roleId, roleId)).orderBy(asc(sysRoleMenu.menuId));
  return rows.map((r) => r.id);
}

export async function deptIdsOfRole(db: Db, roleId: number) {
  const rows = await db.select({ id: sysRoleDept.deptId }).from(sysRoleDept).where(eq(sysRoleDept.roleId, roleId)).orderBy(asc(sysRoleDept.deptId));
  return rows.map((r) => r.id);
}

/**
 * Departments to show ticked in the role's data-scope tree. With deptCheckStrictly (parent and
 * child linked) a parent with a ticked child is left out so the tree does not tick every child.
 */
export async function checkedDeptIds(db: Db, roleId: number, strictly: boolean) {
  const rows = await db
    .select({ id: sysRoleDept.deptId })
    .from(sysRoleDept)
    .innerJoin(sysDept, eq(sysDept.deptId, sysRoleDept.deptId))
    .where(
      and(
        eq(sysRoleDept.roleId, roleId),
        eq(sysDept.delFlag, '0'),
        strictly
          ? sql`${sysDept.deptId} NOT IN (SELECT d.parent_id FROM sys_dept d INNER JOIN sys_role_dept rd ON d.dept_id = rd.dept_id AND rd.role_id = ${roleId})`
          : undefined,
      ),
    )
    .orderBy(asc(sysDept.parentId), asc(sysDept.orderNum));
  return rows.map((r) => r.id);
}

export async function existingMenuIds(db: Db, menuIds: number[]): Promise<Set<number>> {
  if (menuIds.length === 0) return new Set();
  const rows = await db.select({ id: sysMenu.menuId }).from(sysMenu).where(inArray(sysMenu.menuId, menuIds));
  return new Set(rows.map((r) => r.id));
}

/** The first of these roles that a live user still holds. */
export async function roleInUse(db: Db, roleIds: number[]) {
  const [row] = await db
    .select({ roleId: sysRole.roleId, roleName: sysRole.roleName })
    .from(sysUserRole)
    .innerJoin(sysRole, eq(sysRole.roleId, sysUserRole.roleId))
    .innerJoin(sysUser, eq(sysUser.userId, sysUserRole.userId))
    .where(and(inArray(sysUserRole.roleId, roleIds), eq(sysUser.delFlag, '0')))
    .limit(1);
  return row;
}

export async function replaceRoleMenus(db: Db, roleId: number, menuIds: number[]) {
  await db.delete(sysRoleMenu).where(eq(sysRoleMenu.roleId, roleId));
  if (menuIds.length > 0) await db.insert(sysRoleMenu).values([...new Set(menuIds)].map((menuId) => ({ roleId, menuId })));
}

export async function replaceRoleDepts(db: Db, roleId: number, deptIds: number[]) {
  await db.delete(sysRoleDept).where(eq(sysRoleDept.roleId, roleId));
  if (deptIds.length > 0) await db.insert(sysRoleDept).values([...new Set(deptIds)].map((deptId) => ({ roleId, deptId })));
}

const authUserColumns = {
  userId: sysUser.userId,
  deptId: sysUser.deptId,
  userName: sysUser.userName,
  nickName: sysUser.nickName,
  email: sysUser.email,
  phonenumber: sysUser.phonenumber,
  status: sysUser.status,
  createTime: sysUser.createTime,
};

const holdersOf = (roleId: number) => sql`(SELECT ur.user_id FROM sys_user_role ur WHERE ur.role_id = ${roleId})`;

/** Live users that do (allocated) or do not (unallocated) hold the role, within the caller's scope. */
export async function usersOfRole(db: Db, q: AuthUserQuery, allocated: boolean, scope: SQL | undefined) {
  const where = and(
    eq(sysUser.delFlag, '0'),
    allocated ? sql`${sysUser.userId} IN ${holdersOf(q.roleId)}` : sql`${sysUser.userId} NOT IN ${holdersOf(q.roleId)}`,
    q.userName ? like(sysUser.userName, containing(q.userName)) : undefined,
    q.phonenumber ? like(sysUser.phonenumber, containing(q.phonenumber)) : undefined,
    scope,
  );
  const { limit, offset } = pageWindow(q);
  const [rows, [total]] = await Promise.all([
    db
      .select(authUserColumns)
      .from(sysUser)
      .where(where)
      .orderBy(...orderBy(q, { userId: sysUser.userId, userName: sysUser.userName, createTime: sysUser.createTime }, asc(sysUser.userId)))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(sysUser).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function removeUsersFromRole(db: Db, roleId: number, userIds: number[]) {
  await db.delete(sysUserRole).where(and(eq(sysUserRole.roleId, roleId), inArray(sysUserRole.userId, userIds)));
}

export async function addUsersToRole(db: Db, roleId: number, userIds: number[]) {
  if (userIds.length === 0) return;
  await db
    .insert(sysUserRole)
    .values([...new Set(userIds)].map((userId) => ({ userId, roleId })))
    .onConflictDoNothing();
}

/** Ids of the live super administrator roles among `roleIds`. */
export async function adminRolesAmong(db: Db, roleIds: number[]) {
  if (roleIds.length === 0) return [];
  const rows = await findRoles(db, roleIds);
  return rows.filter(isAdminRole).map((r) => r.roleId);
}
