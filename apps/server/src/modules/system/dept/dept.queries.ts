import type { DeptQuery } from '@ccms/contracts/system/dept';
import { and, asc, count, eq, inArray, like, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../../db/client';
import { sysDept, sysUser } from '../../../db/schema';
import { containing } from '../../../platform/db/filters';

const live = eq(sysDept.delFlag, '0');

/** Rows whose ancestors list holds `deptId`: every department below it. */
export const below = (deptId: number) => sql`${String(deptId)} = ANY(string_to_array(${sysDept.ancestors}, ','))`;

/** Departments in tree order, narrowed by the list filters and the caller's data scope. */
export function listDepts(db: Db, q: DeptQuery, scope: SQL | undefined, extra?: SQL) {
  return db
    .select()
    .from(sysDept)
    .where(
      and(live, q.deptName ? like(sysDept.deptName, containing(q.deptName)) : undefined, q.status ? eq(sysDept.status, q.status) : undefined, scope, extra),
    )
    .orderBy(asc(sysDept.parentId), asc(sysDept.orderNum), asc(sysDept.deptId));
}

const parent = alias(sysDept, 'parent');

/** One live department with its parent's name. */
export async function findDept(db: Db, deptId: number) {
  const [row] = await db
    .select({ dept: sysDept, parentName: parent.deptName })
    .from(sysDept)
    .leftJoin(parent, eq(parent.deptId, sysDept.parentId))
    .where(and(eq(sysDept.deptId, deptId), live));
  return row ? { ...row.dept, parentName: row.parentName ?? '' } : undefined;
}

/** Whether the department is among those the scope lets the caller see. */
export async function inScope(db: Db, deptId: number, scope: SQL) {
  const [row] = await db
    .select({ n: count() })
    .from(sysDept)
    .where(and(eq(sysDept.deptId, deptId), live, scope));
  return (row?.n ?? 0) > 0;
}

export async function findNameClash(db: Db, parentId: number, deptName: string, exceptId?: number) {
  const [row] = await db
    .select({ deptId: sysDept.deptId })
    .from(sysDept)
    .where(and(live, eq(sysDept.parentId, parentId), eq(sysDept.deptName, deptName), exceptId ? ne(sysDept.deptId, exceptId) : undefined));
  return row;
}

export async function countChildren(db: Db, deptId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(sysDept)
    .where(and(live, eq(sysDept.parentId, deptId)));
  return row?.n ?? 0;
}

export async function countEnabledBelow(db: Db, deptId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(sysDept)
    .where(and(live, eq(sysDept.status, '0'), below(deptId)));
  return row?.n ?? 0;
}

export async function countUsers(db: Db, deptId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(sysUser)
    .where(and(eq(sysUser.deptId, deptId), eq(sysUser.delFlag, '0')));
  return row?.n ?? 0;
}

/**
 * After a move, every department below `deptId` swaps the old ancestors prefix for the new one:
 * "0,100,101,D,..." becomes "0,100,102,D,...".
 */
export function rewriteAncestorsBelow(tx: Tx, deptId: number, oldAncestors: string, newAncestors: string) {
  return tx
    .update(sysDept)
    .set({ ancestors: sql`${newAncestors}::text || substr(${sysDept.ancestors}, ${oldAncestors.length + 1}::int)` })
    .where(below(deptId));
}

/** Enabling a department enables the departments above it, as RuoYi does. */
export function enableAncestors(tx: Tx, ancestors: string) {
  const ids = ancestors
    .split(',')
    .map(Number)
    .filter((id) => id > 0);
  if (ids.length === 0) return Promise.resolve();
  return tx.update(sysDept).set({ status: '0' }).where(inArray(sysDept.deptId, ids));
}
