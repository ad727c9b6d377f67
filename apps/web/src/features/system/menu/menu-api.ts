import type { Language } from '@ccms/contracts/constants';
import { type Menu, MenuApi, type MenuBody, type MenuQuery, type MenuUpdate } from '@ccms/contracts/system/menu';
import { api } from '../../../api/client';
import { buildTree, type TreeOption } from '../../../shared/tree/tree';

export type MenuNode = Menu & { children?: MenuNode[] };
export type MenuSave = MenuBody | MenuUpdate;

/** Menus administration (server: modules/system/menu). Screens use `menu-queries.ts`. */
export const menuApi = {
  list: (query: MenuQuery = {}) => api.one(MenuApi.list, { query }),
  get: (menuId: number) => api.one(MenuApi.get, { path: { menuId } }),
  /** Adds when the body has no `menuId`, else updates. */
  save: (body: MenuSave) => ('menuId' in body ? api.call(MenuApi.edit, { body }) : api.call(MenuApi.add, { body })),
  remove: (menuId: number) => api.call(MenuApi.remove, { path: { menuId } }),
};

/** The title in the UI language (the Chinese one when the English is missing). */
export const menuTitle = (menu: Pick<Menu, 'menuName' | 'menuNameEn'>, lang: Language) => (lang === 'en' && menu.menuNameEn ? menu.menuNameEn : menu.menuName);

export const menuTree = (rows: readonly Menu[]): MenuNode[] => buildTree(rows, 'menuId', 'parentId') as MenuNode[];

/**
 * The parent picker's options: a root entry (id 0) above every directory and page; buttons
 * cannot hold children, so they are left out.
 */
export function parentOptions(nodes: readonly MenuNode[], lang: Language, rootLabel: string): TreeOption[] {
  const walk = (list: readonly MenuNode[]): TreeOption[] =>
    list
      .filter((m) => m.menuType !== 'F')
      .map((m) => {
        const option: TreeOption = { id: m.menuId, label: menuTitle(m, lang) };
        const children = walk(m.children ?? []);
        if (children.length > 0) option.children = children;
        return option;
      });
  return [{ id: 0, label: rootLabel, children: walk(nodes) }];
}

export function menuIds(nodes: readonly MenuNode[]): number[] {
  return nodes.flatMap((n) => [n.menuId, ...menuIds(n.children ?? [])]);
}
