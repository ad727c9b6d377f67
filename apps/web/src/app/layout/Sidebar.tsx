import { Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { browser } from '../../api/browser';
import { MenuIcon } from '../../shared/icons/MenuIcon';
import { useCurrentRoute, useLanguage } from '../../shared/route/use-route-meta';
import { useRenderedLater } from '../../shared/use-rendered-later';
import { useAppStore } from '../../state/app-store';
import { usePermission } from '../../state/permission-store';
import { useSettings } from '../../state/settings-store';
import { ancestorKeys, type MenuEntry, menuEntries, selectedKey } from './menu-model';

type Items = NonNullable<MenuProps['items']>;

export function toMenuItems(entries: readonly MenuEntry[]): Items {
  return entries.map((e) =>
    e.children.length > 0
      ? { key: e.key, icon: <MenuIcon name={e.icon} />, label: e.title, children: toMenuItems(e.children) }
      : { key: e.key, icon: <MenuIcon name={e.icon} />, label: e.title, title: e.title },
  );
}

export function findEntry(entries: readonly MenuEntry[], key: string): MenuEntry | undefined {
  for (const e of entries) {
    if (e.key === key) return e;
    const inner = findEntry(e.children, key);
    if (inner) return inner;
  }
  return undefined;
}

/** Opens an entry: external links in a new window, pages through the router. */
export function useOpenEntry() {
  const navigate = useNavigate();
  return (entry: MenuEntry | undefined) => {
    if (!entry) return;
    if (entry.external) browser.open(entry.target);
    else navigate(entry.target);
  };
}

function Logo({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  return (
    <Link to="/" className="sidebar-logo" aria-label={t('productName')}>
      <img src="/favicon.svg" alt="" className="sidebar-logo-img" />
      {!collapsed && <span className="sidebar-logo-title">{t('sidebarTitle')}</span>}
    </Link>
  );
}

/** The collapsible menu of spec section 2 (240 px open; in top-nav mode, the selected top menu's children). */
export function Sidebar() {
  const { t } = useTranslation('layout');
  const lang = useLanguage();
  const menus = usePermission((s) => s.menus);
  const sidebarMenus = usePermission((s) => s.sidebarMenus);
  const topNav = useSettings((s) => s.topNav);
  const dark = useSettings((s) => s.sideTheme) === 'theme-dark';
  const showLogo = useSettings((s) => s.sidebarLogo);
  const opened = useAppStore((s) => s.sidebar.opened);
  const mobile = useAppStore((s) => s.device) === 'mobile';
  const location = useLocation();
  const { handle } = useCurrentRoute();
  const open = useOpenEntry();
  // The menu (antd's Menu and its styles) renders after the page's first screen.
  const menuShown = useRenderedLater();

  const entries = useMemo(() => {
    if (topNav) return menuEntries(sidebarMenus ?? [], lang);
    const home: MenuEntry = { key: '/index', title: t('routes.home'), icon: 'dashboard', external: false, target: '/index', children: [] };
    return [home, ...menuEntries(menus, lang)];
  }, [topNav, sidebarMenus, menus, lang, t]);

  const selected = selectedKey(entries, handle?.activeMenu ?? location.pathname);
  const [openKeys, setOpenKeys] = useState<string[]>(() => ancestorKeys(entries, selected));
  useEffect(() => {
    const needed = ancestorKeys(entries, selected);
    setOpenKeys((prev) => (needed.every((k) => prev.includes(k)) ? prev : [...new Set([...prev, ...needed])]));
  }, [entries, selected]);

  const collapsed = !opened && !mobile;
  return (
    <aside className={`sidebar-container ${dark ? 'theme-dark' : 'theme-light'}`} aria-label="sidebar">
      {showLogo && <Logo collapsed={collapsed} />}
      <div className="sidebar-scroll">
        {menuShown && (
          <Menu
            mode="inline"
            style={{ borderInlineEnd: 'none' }}
            theme={dark ? 'dark' : 'light'}
            inlineCollapsed={collapsed}
            selectedKeys={[selected]}
            {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
            items={toMenuItems(entries)}
            onClick={({ key }) => open(findEntry(entries, key))}
          />
        )}
      </div>
    </aside>
  );
}
