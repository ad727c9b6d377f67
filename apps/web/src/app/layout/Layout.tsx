import { MOBILE_BREAKPOINT } from '@ccms/contracts/constants';
import { type CSSProperties, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useRenderedLater } from '../../shared/use-rendered-later';
import { useAppStore } from '../../state/app-store';
import { useSettings } from '../../state/settings-store';
import { AppMain } from './AppMain';
import { Navbar } from './Navbar';
import { SettingsDrawer } from './SettingsDrawer';
import { Sidebar } from './Sidebar';
import { TagsView } from './TagsView';
import { VersionNotice } from './VersionNotice';
import './layout.css';
import './settings-drawer.css';

export const isMobileWidth = (width: number) => width - 1 < MOBILE_BREAKPOINT;

/** Below 992 px the device is mobile and the sidebar closes (spec section 2). */
function useResponsive() {
  const setDevice = useAppStore((s) => s.setDevice);
  const closeSidebar = useAppStore((s) => s.closeSidebar);
  const device = useAppStore((s) => s.device);
  const opened = useAppStore((s) => s.sidebar.opened);
  const location = useLocation();

  useEffect(() => {
    const apply = () => {
      const mobile = isMobileWidth(document.body.getBoundingClientRect().width);
      setDevice(mobile ? 'mobile' : 'desktop');
      if (mobile) closeSidebar(true);
    };
    apply();
    window.addEventListener('resize', apply);
    return () => window.removeEventListener('resize', apply);
  }, [setDevice, closeSidebar]);

  // On a phone the menu closes after each navigation.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => {
    if (device === 'mobile' && opened) closeSidebar(false);
  }, [location.pathname]);
}

/** The shell: sidebar, top bar, tag bar, page area, settings drawer, version notice. */
export function Layout() {
  useResponsive();
  const { t } = useTranslation('layout');
  const [settingsOpen, setSettingsOpen] = useState(false);
  const sidebar = useAppStore((s) => s.sidebar);
  const device = useAppStore((s) => s.device);
  const closeSidebar = useAppStore((s) => s.closeSidebar);
  const tagsView = useSettings((s) => s.tagsView);
  const fixedHeader = useSettings((s) => s.fixedHeader);
  const theme = useSettings((s) => s.theme);
  const mobile = device === 'mobile';
  // The settings drawer (closed at start) renders after the page's first screen.
  const extrasShown = useRenderedLater();

  const classes = [
    'app-wrapper',
    sidebar.opened ? 'open-sidebar' : 'hide-sidebar',
    sidebar.hide ? 'sidebar-hidden' : '',
    sidebar.withoutAnimation ? 'without-animation' : '',
    mobile ? 'mobile' : '',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <div className={classes} style={{ '--theme-color': theme } as CSSProperties}>
      {mobile && sidebar.opened && (
        <button type="button" className="drawer-bg" aria-label={t('sidebar.toggle')} onClick={() => closeSidebar(false)} data-testid="sidebar-overlay" />
      )}
      {!sidebar.hide && <Sidebar />}
      <div className={`main-container${tagsView ? ' has-tags-view' : ''}`}>
        <header className={fixedHeader ? 'fixed-header' : 'static-header'}>
          <Navbar onOpenSettings={() => setSettingsOpen(true)} />
          {tagsView && <TagsView />}
        </header>
        <AppMain />
      </div>
      {extrasShown && <SettingsDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />}
      <VersionNotice />
    </div>
  );
}
