import type { Language } from '@ccms/contracts/constants';
import type { RouterMeta, RouterNode } from '@ccms/contracts/system/auth';

/** The menu columns the router builder needs. */
export interface MenuRow {
  menuId: number;
  parentId: number;
  menuName: string;
  menuNameEn: string;
  path: string;
  component: string | null;
  query: string | null;
  routeName: string;
  isFrame: string;
  isCache: string;
  menuType: string;
  visible: string;
  icon: string;
  orderNum: number;
  affix: boolean;
  activeMenu: string;
}

const isHttp = (p: string) => /^https?:\/\//i.test(p);
const isTopMenuPage = (m: MenuRow) => m.parentId === 0 && m.menuType === 'C' && m.isFrame === '1';
const isInnerLink = (m: MenuRow) => m.isFrame === '1' && isHttp(m.path);
const isParentView = (m: MenuRow) => m.parentId !== 0 && m.menuType === 'M';
/** An inner link's path as a route segment: scheme and dots dropped. */
const innerLinkPath = (p: string) =>
  p
    .replace(/^https?:\/\//i, '')
    .replace(/^www\./i, '')
    .replace(/[.:]/g, '/');
const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function routeName(m: MenuRow): string {
  if (m.routeName) return m.routeName;
  return isTopMenuPage(m) ? '' : capitalize(m.path.replace(/[^A-Za-z0-9]/g, ''));
}

function routerPath(m: MenuRow): string {
  if (m.parentId !== 0 && isInnerLink(m)) return innerLinkPath(m.path);
  if (m.parentId === 0 && m.menuType === 'M' && m.isFrame === '1') return `/${m.path}`;
  if (isTopMenuPage(m)) return '/';
  return m.path;
}

function component(m: MenuRow): string {
  if (m.component && !isTopMenuPage(m)) return m.component;
  if (!m.component && m.parentId !== 0 && isInnerLink(m)) return 'InnerLink';
  if (!m.component && isParentView(m)) return 'ParentView';
  return 'Layout';
}

/**
 * Builds the web's router nodes from the caller's menus, the way RuoYi's buildMenus does:
 * directories get alwaysShow and noRedirect, a top-level page gets a Layout parent, an inner
 * link gets an InnerLink child.
 */
export function buildRouters(menus: MenuRow[], lang: Language): RouterNode[] {
  const byParent = new Map<number, MenuRow[]>();
  for (const m of menus) byParent.set(m.parentId, [...(byParent.get(m.parentId) ?? []), m]);
  for (const list of byParent.values()) list.sort((a, b) => a.orderNum - b.orderNum || a.menuId - b.menuId);
  const ids = new Set(menus.map((m) => m.menuId));
  const roots = menus.filter((m) => !ids.has(m.parentId)).sort((a, b) => a.orderNum - b.orderNum || a.menuId - b.menuId);

  const titleOf = (m: MenuRow) => ({ zh: m.menuName, en: m.menuNameEn || m.menuName });
  /** The meta of the route that shows the page; `pageFlags` false for a wrapper around it. */
  const metaOf = (m: MenuRow, link: string | null, pageFlags = true): RouterMeta => {
    const titles = titleOf(m);
    const meta: RouterMeta = { title: titles[lang], titles, icon: m.icon, noCache: m.isCache === '1', link };
    if (pageFlags && m.affix) meta.affix = true;
    if (pageFlags && m.activeMenu) meta.activeMenu = m.activeMenu;
    return meta;
  };

  const build = (list: MenuRow[]): RouterNode[] =>
    list.map((m) => {
      const node: RouterNode = {
        name: routeName(m),
        path: routerPath(m),
        hidden: m.visible === '1',
        component: component(m),
        meta: metaOf(m, isHttp(m.path) ? m.path : null),
      };
      if (m.query) node.query = m.query;
      const children = byParent.get(m.menuId) ?? [];
      if (children.length > 0 && m.menuType === 'M') {
        node.alwaysShow = true;
        node.redirect = 'noRedirect';
        node.children = build(children);
      } else if (isTopMenuPage(m)) {
        node.meta = null;
        const child: RouterNode = {
          path: m.path,
          component: m.component ?? 'Layout',
          name: m.routeName || capitalize(m.path.replace(/[^A-Za-z0-9]/g, '')),
          hidden: false,
          meta: metaOf(m, isHttp(m.path) ? m.path : null),
        };
        if (m.query) child.query = m.query;
        node.children = [child];
      } else if (m.parentId === 0 && isInnerLink(m)) {
        node.meta = metaOf(m, null, false);
        node.path = '/';
        node.children = [
          {
            path: innerLinkPath(m.path),
            component: 'InnerLink',
            name: capitalize(innerLinkPath(m.path).replace(/[^A-Za-z0-9]/g, '')),
            hidden: false,
            meta: metaOf(m, m.path),
          },
        ];
      }
      return node;
    });
  return build(roots);
}
