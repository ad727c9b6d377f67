import type { TreeSelect } from '@ccms/contracts/system/role';
import type { UserExportQuery, UserQuery } from '@ccms/contracts/system/user';
import { and, asc, count, eq, inArray, like, ne, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client';
import { sysDept, sysPost, sysRole, sysUser, sysUserPost, sysUserRole } from '../../../db/schema';
import { containing, withinRange } from '../../../platform/db/filters';
import { orderBy, pageWindow } from '../../../platform/http/paging';

/** The built-in super administrator user. */
export const ADMIN_USER_ID = 1;

const sortable = {
  userId: sysUser.userId,
  userName: sysUser.userName,
  nickName: sysUser.nickName,
  status: sysUser.status,
  createTime: sysUser.createTime,
  loginDate: sysUser.loginDate,
};

/** Every column a screen may show; the password hash is never selected. */
const userColumns = {
  userId: sysUser.userId,
  deptId: sysUser.deptId,
  userName: sysUser.userName,
  nickName: sysUser.nickName,
  email: sysUser.email,
  phonenumber: sysUser.phonenumber,
  sex: sysUser.sex,
  avatar: sysUser.avatar,
  status: sysUser.status,
  loginIp: sysUser.loginIp,
  loginDate: sysUser.loginDate,
  createBy: sysUser.createBy,
  createTime: sysUser.createTime,
  updateBy: sysUser.updateBy,
  updateTime: sysUser.updateTime,
  remark: sysUser.remark,
  version: sysUser.version,
  dept: { deptId: sysDept.deptId, deptName: sysDept.deptName, leader: sysDept.leader },
};

const withAdminFlag = <T extends { userId: number }>(row: T) => ({ ...row, admin: row.userId === ADMIN_USER_ID });

/** A department and every department below it (its id appears in their ancestors). */
export function inDeptSubtree(col: PgColumn, deptId: number): SQL {
  return sql`(${col} = ${deptId} OR ${col} IN (SELECT t.dept_id FROM sys_dept t WHERE ${String(deptId)} = ANY(string_to_array(t.ancestors, ','))))`;
}

function filters(q: UserExportQuery, scope: SQL | undefined): SQL | undefined {
  return and(
    eq(sysUser.delFlag, '0'),
    q.userName ? like(sysUser.userName, containing(q.userName)) : undefined,
    q.phonenumber ? like(sysUser.phonenumber, containing(q.phonenumber)) : undefined,
    q.status ? eq(sysUser.status, q.status) : undefined,
    q.deptId ? inDeptSubtree(sysUser.deptId, q.deptId) : undefined,
    withinRange(sysUser.createTime, q),
    scope,
  );
}

export async function listUsers(db: Db, q: UserQuery, scope: SQL | undefined) {
  const where = filters(q, scope);
  const { limit, offset } = pageWindow(q);
  const [rows, [total]] = await Promise.all([
    db
      .select(userColumns)
      .from(sysUser)
      .leftJoin(sysDept, eq(sysDept.deptId, sysUser.deptId))
      .where(where)
      .orderBy(...orderBy(q, sortable, asc(sysUser.userId)))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(sysUser).where(where),
  ]);
  return { rows: rows.map(withAdminFlag), total: total?.n ?? 0 };
}

export async function usersForExport(db: Db, q: UserExportQuery, scope: SQL | undefined) {
  const rows = await db
    .select(userColumns)
    .from(sysUser)
    .leftJoin(sysDept, eq(sysDept.deptId, sysUser.deptId))
    .where(filters(q, scope))
    .orderBy(...orderBy(q, sortable, asc(sysUser.userId)));
  return rows.map(withAdminFlag);
}

/** A live (not deleted) user, as screens show it. */
export async function findUser(db: Db, userId: number) {
  const [row] = await db
    .select(userColumns)
    .from(sysUser)
    .leftJoin(sysDept, eq(sysDept.deptId, sysUser.deptId))
    .where(and(eq(sysUser.userId, userId), eq(sysUser.delFlag, '0')));
  return row ? withAdminFlag(row) : undefined;
}

/** The password hash, for the checks that need it. */
export async function passwordOf(db: Db, userId: number) {
  const [row] = await db.select({ password: sysUser.password }).from(sysUser).where(eq(sysUser.userId, userId));
  return row?.password;
}

/** Ids among `userIds` that are live users the scope lets the caller see. */
export async function visibleUserIds(db: Db, userIds: number[], scope: SQL | undefined): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: sysUser.userId })
    .from(sysUser)
    .where(and(inArray(sysUser.userId, userIds), eq(sysUser.delFlag, '0'), scope));
  return new Set(rows.map((r) => r.userId));
}

export async function findUserIdByName(db: Db, userName: string) {
  const [row] = await db
    .select({ userId: sysUser.userId })
    .from(sysUser)
    .where(and(eq(sysUser.userName, userName), eq(sysUser.delFlag, '0')));
  return row?.userId;
}

/** Another live user already holding this user name, phone or email (excluding `exceptId`). */
export async function findUserClash(db: Db, field: 'userName' | 'phonenumber' | 'email', value: string, exceptId?: number) {
  const [row] = await db
    .select({ userId: sysUser.userId })
    .from(sysUser)
    .where(and(eq(sysUser[field], value), eq(sysUser.delFlag, '0'), exceptId ? ne(sysUser.userId, exceptId) : undefined));
  return row;
}

export async function roleIdsOfUser(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .select({ roleId: sysUserRole.roleId })
    .from(sysUserRole)
    .innerJoin(sysRole, eq(sysRole.roleId, sysUserRole.roleId))
    .where(and(eq(sysUserRole.userId, userId), eq(sysRole.delFlag, '0')));
  return rows.map((r) => r.roleId);
}

export async function postIdsOfUser(db: Db, userId: number): Promise<number[]> {
  const rows = await db.select({ postId: sysUserPost.postId }).from(sysUserPost).where(eq(sysUserPost.userId, userId));
  return rows.map((r) => r.postId);
}

/** Whether the user holds the super administrator role. */
export async function holdsRoleKey(db: Db, userId: number, roleKey: string) {
  const [row] = await db
    .select({ roleId: sysRole.roleId })
    .from(sysUserRole)
    .innerJoin(sysRole, eq(sysRole.roleId, sysUserRole.roleId))
    .where(and(eq(sysUserRole.userId, userId), eq(sysRole.roleKey, roleKey), eq(sysRole.delFlag, '0')));
  return row !== undefined;
}

/** Roles of a user with names, for the profile. */
export async function roleNamesOfUser(db: Db, userId: number) {
  const rows = await db
    .select({ roleName: sysRole.roleName })
    .from(sysUserRole)
    .innerJoin(sysRole, eq(sysRole.roleId, sysUserRole.roleId))
    .where(and(eq(sysUserRole.userId, userId), eq(sysRole.delFlag, '0')))
    .orderBy(asc(sysRole.roleSort));
  return rows.map((r) => r.roleName);
}

export async function postNamesOfUser(db: Db, userId: number) {
  const rows = await db
    .select({ postName: sysPost.postName })
    .from(sysUserPost)
    .innerJoin(sysPost, eq(sysPost.postId, sysUserPost.postId))
    .where(eq(sysUserPost.userId, userId))
    .orderBy(asc(sysPost.postSort));
  return rows.map((r) => r.postName);
}

export const allPostsForForm = (db: Db) => db.select().from(sysPost).orderBy(asc(sysPost.postSort));

/** Ids among `ids` that exist in the given table's id column (and are live when it has a delete flag). */
export async function existingIds(db: Db, kind: 'role' | 'post' | 'dept', ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  if (kind === 'role') {
    const rows = await db
      .select({ id: sysRole.roleId })
      .from(sysRole)
      .where(and(inArray(sysRole.roleId, ids), eq(sysRole.delFlag, '0')));
    return new Set(rows.map((r) => r.id));
  }
  if (kind === 'post') {
    const rows = await db.select({ id: sysPost.postId }).from(sysPost).where(inArray(sysPost.postId, ids));
    return new Set(rows.map((r) => r.id));
  }
  const rows = await db
    .select({ id: sysDept.deptId })
    .from(sysDept)
    .where(and(inArray(sysDept.deptId, ids), eq(sysDept.delFlag, '0')));
  return new Set(rows.map((r) => r.id));
}

/** Ids among `deptIds` that are live departments the scope lets the caller see. */
export async function visibleDeptIds(db: Db, deptIds: number[], scope: SQL | undefined): Promise<Set<number>> {
  if (deptIds.length === 0) return new Set();
  const rows = await db
    .select({ id: sysDept.deptId })
    .from(sysDept)
    .where(and(inArray(sysDept.deptId, deptIds), eq(sysDept.delFlag, '0'), scope));
  return new Set(rows.map((r) => r.id));
}

/** Replaces a user's roles and posts (within the caller's transaction). */
export async function replaceUserRoles(db: Db, userId: number, roleIds: number[]) {
  await db.delete(sysUserRole).where(eq(sysUserRole.userId, userId));
  if (roleIds.length > 0) await db.insert(sysUserRole).values([...new Set(roleIds)].map((roleId) => ({ userId, roleId })));
}

export async function replaceUserPosts(db: Db, userId: number, postIds: number[]) {
  await db.delete(sysUserPost).where(eq(sysUserPost.userId, userId));
  if (postIds.length > 0) await db.insert(sysUserPost).values([...new Set(postIds)].map((postId) => ({ userId, postId })));
}

/** Live departments the scope allows, as RuoYi's TreeSelect: a node whose parent is not listed becomes a root. */
export async function deptTree(db: Db, scope: SQL | undefined): Promise<TreeSelect[]> {
  const rows = await db
    .select({ id: sysDept.deptId, parentId: sysDept.parentId, label: sysDept.deptName, status: sysDept.status })
    .from(sysDept)
    .where(and(eq(sysDept.delFlag, '0'), scope))
    .orderBy(asc(sysDept.parentId), asc(sysDept.orderNum), asc(sysDept.deptId));
  const nodes = new Map<number, TreeSelect>();
  for (const r of rows) nodes.set(r.id, { id: r.id, label: r.label, disabled: r.status === '1' });
  const roots: TreeSelect[] = [];
  for (const r of rows) {
    const node = nodes.get(r.id);
    if (!node) continue;
    const parent = nodes.get(r.parentId);
    if (!parent) roots.push(node);
    else if (parent.children) parent.children.push(node);
    else parent.children = [node];
  }
  return roots;
}
