import type { Language } from '@ccms/contracts/constants';
import type { MenuBody, MenuQuery, MenuSort, MenuUpdate, TreeOption } from '@ccms/contracts/system/menu';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sysMenu, sysRole } from '../../../db/schema';
import type { AuthContext } from '../../../platform/auth/access';
import { privilegeGuard } from '../../../platform/auth/privilege';
import type { SessionCache } from '../../../platform/auth/session-cache';
import { badRequest, notFound, warn } from '../../../platform/http/errors';
import { pairOrders } from '../../../platform/http/sort-order';
import { countChildren, countRoleGrants, findMenu, findNameClash, findRouteNameClash, listMenus, menuLinks, roleMenuIds } from './menu.queries';

const isHttp = (path: string) => /^https?:\/\//i.test(path);

/**
 * Nests flat rows into tree-select options; a row whose parent is not in the list becomes a
 * root, so a partial list (one user's menus, one data scope) still forms a tree.
 */
export function treeOptions<T>(
  rows: T[],
  idOf: (r: T) => number,
  parentOf: (r: T) => number,
  labelOf: (r: T) => string,
  /** Fields a node carries beyond RuoYi's (the menu's permission string). */
  extraOf: (r: T) => Partial<TreeOption> = () => ({}),
): TreeOption[] {
  const ids = new Set(rows.map(idOf));
  const byParent = new Map<number, T[]>();
  for (const r of rows) byParent.set(parentOf(r), [...(byParent.get(parentOf(r)) ?? []), r]);
  const build = (list: T[]): TreeOption[] =>
    list.map((r) => {
      const children = byParent.get(idOf(r)) ?? [];
      const node = { id: idOf(r), label: labelOf(r), ...extraOf(r) };
      return children.length > 0 ? { ...node, children: build(children) } : node;
    });
  return build(rows.filter((r) => !ids.has(parentOf(r))));
}

/** True when `candidate` is `menuId` itself or lies below it. */
function isSelfOrBelow(links: { menuId: number; parentId: number }[], menuId: number, candidate: number): boolean {
  const parentOf = new Map(links.map((l) => [l.menuId, l.parentId]));
  const seen = new Set<number>();
  for (let id: number | undefined = candidate; id !== undefined && id !== 0 && !seen.has(id); id = parentOf.get(id)) {
    if (id === menuId) return true;
    seen.add(id);
  }
  return false;
}

/** `sessions`: every write that changes what a signed-in user's session holds tells it after its commit. */
export function menuService(db: Db, sessions: SessionCache) {
  const privilege = privilegeGuard(db);
  /** Menus the caller may see: all for the administrator, else their enabled roles' menus. */
  const visibleMenus = (auth: AuthContext, q: MenuQuery = {}) => listMenus(db, q, auth.isAdmin ? null : auth.roles.map((r) => r.roleId));
  const labelIn = (lang: Language) => (m: { menuName: string; menuNameEn: string }) => (lang === 'en' && m.menuNameEn ? m.menuNameEn : m.menuName);
  /** A menu node carries its permission string too: the role editor groups rights by activity with it. */
  const permsOf = (m: { perms: string | null }) => (m.perms ? { perms: m.perms } : {});

  /** The rules RuoYi checks on add and edit, plus a parent that exists and is not a button. */
  async function assertValid(body: MenuBody, menuId?: number) {
    const name = body.menuName;
    if (body.parentId !== 0) {
      const parent = await findMenu(db, body.parentId);
      if (!parent) throw badRequest('menu.parentMissing');
      if (parent.menuType === 'F') throw badRequest('menu.parentButton');
    }
    if (menuId !== undefined) {
      if (body.parentId === menuId) throw badRequest('menu.parentSelf', { name });
      if (body.parentId !== 0 && isSelfOrBelow(await menuLinks(db), menuId, body.parentId)) throw badRequest('menu.parentDescendant', { name });
    }
    if (body.menuType !== 'F' && !body.path) throw badRequest('field.required', { field: 'path' });
    if (body.menuType !== 'F' && body.isFrame === '0' && !isHttp(body.path)) throw badRequest('menu.linkNotHttp', { name });
    if (await findNameClash(db, body.parentId, 'menuName', name, menuId)) throw badRequest('menu.nameExists', { name });
    if (body.menuNameEn && (await findNameClash(db, body.parentId, 'menuNameEn', body.menuNameEn, menuId))) {
      throw badRequest('menu.nameExists', { name: body.menuNameEn });
    }
    if (body.routeName && (await findRouteNameClash(db, body.routeName, menuId))) throw badRequest('menu.routeNameExists', { name, routeName: body.routeName });
  }

  return {
    list: (auth: AuthContext, q: MenuQuery) => visibleMenus(auth, q),

    async get(menuId: number) {
      const menu = await findMenu(db, menuId);
      if (!menu) throw notFound('notFound.row', { what: `menu ${menuId}` });
      return menu;
    },

    async treeselect(auth: AuthContext, lang: Language) {
      return treeOptions(
        await visibleMenus(auth),
        (m) => m.menuId,
        (m) => m.parentId,
        labelIn(lang),
        permsOf,
      );
    },

    async roleMenuTreeselect(auth: AuthContext, roleId: number, lang: Language) {
      const [role] = await db.select().from(sysRole).where(eq(sysRole.roleId, roleId));
      if (role?.delFlag !== '0') throw notFound('notFound.row', { what: `role ${roleId}` });
      const [menus, checkedKeys] = await Promise.all([visibleMenus(auth), roleMenuIds(db, roleId, role.menuCheckStrictly)]);
      return {
        menus: treeOptions(
          menus,
          (m) => m.menuId,
          (m) => m.parentId,
          labelIn(lang),
          permsOf,
        ),
        checkedKeys,
      };
    },

    async create(auth: AuthContext, body: MenuBody) {
      await assertValid(body);
      privilege.assertPermsHeld(auth, body.perms);
      await db.insert(sysMenu).values({ ...body, remark: body.remark ?? '', createBy: auth.userName });
    },

    async update(auth: AuthContext, body: MenuUpdate) {
      const { menuId, ...fields } = body;
      const before = await findMenu(db, menuId);
      if (!before) throw notFound('notFound.row', { what: `menu ${menuId}` });
      await assertValid(fields, menuId);
      // Every role holding this menu gains its new permissions: only ones the caller holds.
      if (fields.perms !== before.perms) privilege.assertPermsHeld(auth, fields.perms);
      await db
        .update(sysMenu)
        .set({ ...fields, remark: fields.remark ?? '', updateBy: auth.userName, updateTime: new Date() })
        .where(eq(sysMenu.menuId, menuId));
      // Its perms and status are what the roles holding it grant.
      await sessions.changed();
    },

    /** RuoYi 3.9's updateSort: the display order of several menus at once; all of them must exist. */
    async sort(auth: AuthContext, body: MenuSort) {
      const pairs = pairOrders(body.menuIds, body.orderNums, 'menuIds');
      const found = new Set((await db.select({ id: sysMenu.menuId }).from(sysMenu).where(inArray(sysMenu.menuId, body.menuIds))).map((r) => r.id));
      const missing = body.menuIds.find((id) => !found.has(id));
      if (missing !== undefined) throw notFound('notFound.row', { what: `menu ${missing}` });
      await db.transaction(async (tx) => {
        for (const { id, orderNum } of pairs) {
          await tx.update(sysMenu).set({ orderNum, updateBy: auth.userName, updateTime: new Date() }).where(eq(sysMenu.menuId, id));
        }
      });
    },

    /** RuoYi answers these refusals as warnings (code 601). */
    async remove(menuId: number) {
      if (!(await findMenu(db, menuId))) throw notFound('notFound.row', { what: `menu ${menuId}` });
      if ((await countChildren(db, menuId)) > 0) throw warn('menu.hasChildren');
      if ((await countRoleGrants(db, menuId)) > 0) throw warn('menu.assigned');
      await db.delete(sysMenu).where(eq(sysMenu.menuId, menuId));
    },
  };
}
