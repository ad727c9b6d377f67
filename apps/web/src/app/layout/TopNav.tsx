import { Menu } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useLanguage } from '../../shared/route/use-route-meta';
import { useAppStore } from '../../state/app-store';
import { type MenuNode, usePermission } from '../../state/permission-store';
import { type MenuEntry, menuEntries } from './menu-model';
import { findEntry, toMenuItems, useOpenEntry } from './Sidebar';

const ITEM_WIDTH = 85;
const MORE_KEY = '__more__';

/** How many top menus fit: window width / 3 / 85 (spec section 2). */
export const visibleTopMenus = (windowWidth: number) => Math.floor(windowWidth / 3 / ITEM_WIDTH);

function useWindowWidth() {
  const [width, setWidth] = useState(() => window.innerWidth);
  useEffect(() => {
    const onResize = () => setWidth(window.innerWidth);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return width;
}

/** The top-level node a path belongs to. */
const topNodeOf = (menus: readonly MenuNode[], path: string) =>
  menus.find((m) => !m.hidden && m.fullPath !== '/' && (path === m.fullPath || path.startsWith(`${m.fullPath}/`)));

/**
 * Top navigation mode: top-level menus in the bar, as many as fit, the rest under More; the
 * sidebar shows the selected one's children (and hides when it has none).
 */
export function TopNav() {
  const { t } = useTranslation('layout');
  const lang = useLanguage();
  const menus = usePermission((s) => s.menus);
  const setSidebarMenus = usePermission((s) => s.setSidebarMenus);
  const setSidebarHide = useAppStore((s) => s.setSidebarHide);
  const location = useLocation();
  const width = useWindowWidth();
  const open = useOpenEntry();
  const [active, setActive] = useState<string>('');

  const entries = useMemo<MenuEntry[]>(() => {
    const home: MenuEntry = { key: '/index', title: t('routes.home'), icon: 'dashboard', external: false, target: '/index', children: [] };
    return [home, ...menuEntries(menus, lang).map((e) => ({ ...e, children: [] }))];
  }, [menus, lang, t]);

  const activate = (key: string) => {
    const node = menus.find((m) => m.fullPath === key);
    const children = node?.children.filter((c) => !c.hidden) ?? [];
    setActive(key);
    setSidebarMenus(children);
    setSidebarHide(children.length === 0);
  };

  // The bar follows navigation: the current path's top menu is active and feeds the sidebar.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-run only when the path or the menus change
  useEffect(() => {
    const top = topNodeOf(menus, location.pathname);
    activate(top?.fullPath ?? '/index');
  }, [location.pathname, menus]);

  useEffect(() => () => setSidebarHide(false), [setSidebarHide]);

  const fit = Math.max(1, visibleTopMenus(width));
  const shown = entries.slice(0, fit);
  const rest = entries.slice(fit);
  const items = [...toMenuItems(shown), ...(rest.length > 0 ? [{ key: MORE_KEY, label: t('sidebar.more'), children: toMenuItems(rest) }] : [])];

  return (
    <Menu
      className="topmenu-container"
      mode="horizontal"
      selectedKeys={[active]}
      items={items}
      disabledOverflow
      onClick={({ key }) => {
        const entry = findEntry(entries, key);
        const node = menus.find((m) => m.fullPath === key);
        if (entry?.external || !node || node.children.filter((c) => !c.hidden).length <= 1) {
          open(entry);
          return;
        }
        activate(key);
      }}
    />
  );
}
