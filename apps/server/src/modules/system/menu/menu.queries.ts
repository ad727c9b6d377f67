import type { MenuQuery } from '@ccms/contracts/system/menu';
import { and, asc, count, eq, ilike, inArray, ne, notInArray, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sysMenu, sysRoleMenu } from '../../../db/schema';
import { containing } from '../../../platform/db/filters';

function filters(q: MenuQuery): SQL | undefined {
  return and(
    q.menuName ? or(ilike(sysMenu.menuName, containing(q.menuName)), ilike(sysMenu.menuNameEn, containing(q.menuName))) : undefined,
    q.status ? eq(sysMenu.status, q.status) : undefined,
  );
}

/** Menus in tree order (parent, then order number); `roleIds` limits them to those roles' menus, null means all. */
export async function listMenus(db: Db, q: MenuQuery, roleIds: number[] | null) {
  const order = [asc(sysMenu.parentId), asc(sysMenu.orderNum), asc(sysMenu.menuId)];
  if (roleIds === null) {
    return db
      .select()
      .from(sysMenu)
      .where(filters(q))
      .orderBy(...order);
  }
  if (roleIds.length === 0) return [];
  const granted = db.selectDistinct({ menuId: sysRoleMenu.menuId }).from(sysRoleMenu).where(inArray(sysRoleMenu.roleId, roleIds));
  return db
    .select()
    .from(sysMenu)
    .where(and(filters(q), inArray(sysMenu.menuId, granted)))
    .orderBy(...order);
}

export async function findMenu(db: Db, menuId: number) {
  const [row] = await db.select().from(sysMenu).where(eq(sysMenu.menuId, menuId));
  return row;
}

/** Another menu under the same parent with this title (excluding `exceptId`). */
export async function findNameClash(db: Db, parentId: number, field: 'menuName' | 'menuNameEn', value: string, exceptId?: number) {
  const [row] = await db
    .select({ menuId: sysMenu.menuId })
    .from(sysMenu)
    .where(and(eq(sysMenu.parentId, parentId), eq(sysMenu[field], value), exceptId ? ne(sysMenu.menuId, exceptId) : undefined));
  return row;
}

export async function findRouteNameClash(db: Db, routeName: string, exceptId?: number) {
  const [row] = await db
    .select({ menuId: sysMenu.menuId })
    .from(sysMenu)
    .where(and(eq(sysMenu.routeName, routeName), exceptId ? ne(sysMenu.menuId, exceptId) : undefined));
  return row;
}

/** Every menu's id and parent: enough to walk the tree for cycle checks. */
export const menuLinks = (db: Db) => db.select({ menuId: sysMenu.menuId, parentId: sysMenu.parentId }).from(sysMenu);

export async function countChildren(db: Db, menuId: number) {
  const [row] = await db.select({ n: count() }).from(sysMenu).where(eq(sysMenu.parentId, menuId));
  return row?.n ?? 0;
}

export async function countRoleGrants(db: Db, menuId: number) {
  const [row] = await db.select({ n: count() }).from(sysRoleMenu).where(eq(sysRoleMenu.menuId, menuId));
  return row?.n ?? 0;
}

/**
 * The menus ticked for a role. With menuCheckStrictly (parent and children linked in the web's
 * tree), a parent whose children are also granted is left out, or ticking it would tick them all.
 */
export async function roleMenuIds(db: Db, roleId: number, checkStrictly: boolean): Promise<number[]> {
  const granted = db.select({ menuId: sysRoleMenu.menuId }).from(sysRoleMenu).where(eq(sysRoleMenu.roleId, roleId));
  const parentsOfGranted = db
    .selectDistinct({ parentId: sysMenu.parentId })
    .from(sysMenu)
    .innerJoin(sysRoleMenu, and(eq(sysRoleMenu.menuId, sysMenu.menuId), eq(sysRoleMenu.roleId, roleId)));
  const rows = await db
    .select({ menuId: sysMenu.menuId })
    .from(sysMenu)
    .where(and(inArray(sysMenu.menuId, granted), checkStrictly ? notInArray(sysMenu.menuId, parentsOfGranted) : undefined))
    .orderBy(asc(sysMenu.parentId), asc(sysMenu.orderNum), asc(sysMenu.menuId));
  return rows.map((r) => r.menuId);
}
