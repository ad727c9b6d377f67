import {
  AppstoreOutlined,
  CheckOutlined,
  ColumnHeightOutlined,
  CompressOutlined,
  DownOutlined,
  ExpandOutlined,
  LockOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  TranslationOutlined,
} from '@ant-design/icons';
import { LANGUAGES, PRODUCT_VERSION, UI_SIZES } from '@ccms/contracts/constants';
import { useQueryClient } from '@tanstack/react-query';
import { App, Avatar, Dropdown, Modal, Select, Tooltip } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { browser } from '../../api/browser';
import { deniedText } from '../../api/denied';
import { viewerApi } from '../../features/publish/viewer/viewer-api';
import { NotificationBell } from '../../features/system/notification/components/NotificationBell';
import { setLanguage } from '../../i18n';
import { confirmDialog } from '../../shared/confirm';
import { useLanguage } from '../../shared/route/use-route-meta';
import { useRenderedLater } from '../../shared/use-rendered-later';
import { useAppStore } from '../../state/app-store';
import { useProjects } from '../../state/project-store';
import { useSession } from '../../state/session-store';
import { useSettings } from '../../state/settings-store';
import { FEEDBACK_EMAIL, HELP_URL } from '../config';
import { Breadcrumb } from './Breadcrumb';
import { TopNav } from './TopNav';

function Hamburger() {
  const { t } = useTranslation('layout');
  const opened = useAppStore((s) => s.sidebar.opened);
  const toggle = useAppStore((s) => s.toggleSidebar);
  return (
    <button type="button" className="hamburger-container navbar-button" aria-label={t('sidebar.toggle')} aria-expanded={opened} onClick={() => toggle()}>
      {opened ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
    </button>
  );
}

/** Project selector: hidden when the project list is unavailable or empty; when it was refused, disabled and saying which right is missing. */
function ProjectSelector() {
  const { t } = useTranslation('layout');
  const { projects, currentProjectId, available, denied, select } = useProjects();
  // The words of a missing right live in the shared namespace.
  useTranslation('shared');
  if (denied) {
    const why = deniedText(denied, 'see');
    return (
      <Tooltip title={why}>
        <Select
          className="project-selector"
          aria-label={t('navbar.project')}
          aria-description={why}
          placeholder={t('navbar.projectDenied')}
          disabled
          suffixIcon={<LockOutlined />}
        />
      </Tooltip>
    );
  }
  if (!available) return null;
  return (
    <Select
      className="project-selector"
      aria-label={t('navbar.project')}
      placeholder={t('navbar.projectPlaceholder')}
      value={currentProjectId ?? undefined}
      onChange={select}
      showSearch={{ optionFilterProp: 'label' }}
      popupMatchSelectWidth={false}
      options={projects.map((p) => ({ value: p.id, label: p.title }))}
    />
  );
}

function Fullscreen() {
  const { t } = useTranslation('layout');
  const [full, setFull] = useState(() => Boolean(document.fullscreenElement));
  useEffect(() => {
    const onChange = () => setFull(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  const toggle = () => {
    const action = document.fullscreenElement ? document.exitFullscreen() : document.documentElement.requestFullscreen();
    action.catch(() => undefined);
  };
  const label = full ? t('navbar.exitFullscreen') : t('navbar.fullscreen');
  return (
    <Tooltip title={label}>
      <button type="button" className="navbar-button" aria-label={label} onClick={toggle}>
        {full ? <CompressOutlined /> : <ExpandOutlined />}
      </button>
    </Tooltip>
  );
}

function SizeSelect() {
  const { t } = useTranslation('layout');
  const { message } = App.useApp();
  const size = useAppStore((s) => s.size);
  const setSize = useAppStore((s) => s.setSize);
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectedKeys: [size],
        items: UI_SIZES.map((s) => ({ key: s, label: t(`navbar.sizes.${s}`) })),
        onClick: ({ key }) => {
          const next = UI_SIZES.find((s) => s === key);
          if (!next || next === size) return;
          setSize(next);
          message.success(t('navbar.sizeChanged'));
        },
      }}
    >
      <button type="button" className="navbar-button" aria-label={t('navbar.size')} title={t('navbar.size')}>
        <ColumnHeightOutlined />
      </button>
    </Dropdown>
  );
}

/** The document-center viewer's address from the server; null when the call fails or gives none. */
async function viewerAddress(): Promise<string | null> {
  try {
    const res = await viewerApi.address();
    return res.msg || null;
  } catch {
    return null;
  }
}

/**
 * App switcher: the address is asked for when the menu opens, so a click opens the viewer at
 * once (still a user gesture) and a failed call shows the spec's message with no window at all.
 */
function AppSwitcher() {
  const { t } = useTranslation('layout');
  const { message } = App.useApp();
  const address = useRef<{ promise: Promise<string | null>; value?: string | null } | null>(null);
  const ask = () => {
    const entry: { promise: Promise<string | null>; value?: string | null } = { promise: viewerAddress() };
    entry.promise.then((v) => {
      entry.value = v;
    });
    address.current = entry;
    return entry;
  };
  const openViewer = async () => {
    const entry = address.current ?? ask();
    // A failed or missing address is asked for again on the next open of the menu.
    address.current = null;
    const url = entry.value !== undefined ? entry.value : await entry.promise;
    if (url) browser.open(url);
    else message.error(t('navbar.viewerFailed'));
  };
  return (
    <Dropdown
      trigger={['click']}
      onOpenChange={(open) => {
        if (open) ask();
      }}
      menu={{
        items: [{ key: 'viewer', label: t('navbar.docViewer') }],
        onClick: () => void openViewer(),
      }}
    >
      <button type="button" className="navbar-button" aria-label={t('navbar.apps')} title={t('navbar.apps')}>
        <AppstoreOutlined />
      </button>
    </Dropdown>
  );
}

function LanguageSwitch() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const queryClient = useQueryClient();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectedKeys: [lang],
        items: LANGUAGES.map((l) => ({ key: l, label: t(`languages.${l}`), icon: l === lang ? <CheckOutlined /> : undefined })),
        onClick: async ({ key }) => {
          const next = LANGUAGES.find((l) => l === key);
          if (!next || next === lang) return;
          await setLanguage(next);
          // Server texts (messages, dictionary names) come back in the new language.
          queryClient.invalidateQueries();
        },
      }}
    >
      <button type="button" className="navbar-button lang-switch" aria-label={t('language')} data-lang={lang}>
        <TranslationOutlined />
        <span className="lang-switch-text">{t(`languages.${lang}`)}</span>
      </button>
    </Dropdown>
  );
}

function UserMenu({ onOpenSettings }: { onOpenSettings: () => void }) {
  const { t } = useTranslation('layout');
  const navigate = useNavigate();
  const location = useLocation();
  const avatar = useSession((s) => s.avatar);
  const name = useSession((s) => s.name);
  const nickName = useSession((s) => s.nickName);
  const logout = useSession((s) => s.logout);
  const showSettings = useSettings((s) => s.showSettings);
  const [aboutOpen, setAboutOpen] = useState(false);

  const feedback = () => {
    const subject = encodeURIComponent(t('navbar.feedbackSubject'));
    const body = encodeURIComponent(t('navbar.feedbackBody', { version: PRODUCT_VERSION, user: name, page: `${window.location.origin}${location.pathname}` }));
    browser.assign(`mailto:${FEEDBACK_EMAIL}?subject=${subject}&body=${body}`);
  };
  const signOut = async () => {
    if (!(await confirmDialog(t('navbar.logoutConfirm')))) return;
    await logout().catch(() => undefined);
    browser.assign('/index');
  };

  const items = [
    { key: 'profile', label: t('navbar.personalCenter'), onClick: () => navigate('/user/profile') },
    { key: 'downloads', label: t('routes.downloadCenter'), onClick: () => navigate('/system/downloadcenter') },
    ...(showSettings ? [{ key: 'settings', label: t('navbar.layoutSettings'), onClick: onOpenSettings }] : []),
    { type: 'divider' as const },
    { key: 'feedback', label: t('navbar.feedback'), onClick: feedback },
    { key: 'help', label: t('navbar.help'), onClick: () => browser.open(HELP_URL) },
    { key: 'about', label: t('navbar.about'), onClick: () => setAboutOpen(true) },
    { type: 'divider' as const },
    { key: 'logout', label: t('navbar.logout'), onClick: signOut },
  ];

  return (
    <>
      <Dropdown trigger={['click']} menu={{ items }} placement="bottomRight">
        <button type="button" className="navbar-button avatar-wrapper" aria-label={nickName || name}>
          <Avatar src={avatar} size={30} alt="" />
          <span className="user-nickname">{nickName || name}</span>
          <DownOutlined className="avatar-caret" />
        </button>
      </Dropdown>
      <Modal open={aboutOpen} title={t('navbar.aboutTitle')} footer={null} onCancel={() => setAboutOpen(false)} width={420}>
        <div className="about-dialog">
          <img src="/favicon.svg" alt="" width={56} height={56} />
          <div>
            <p className="about-name">CCMS</p>
            <p>
              {t('navbar.version')}: <strong data-testid="about-version">{PRODUCT_VERSION}</strong>
            </p>
            <p className="about-text">{t('navbar.aboutText')}</p>
          </div>
        </div>
      </Modal>
    </>
  );
}

/** The top bar of spec section 2. */
export function Navbar({ onOpenSettings }: { onOpenSettings: () => void }) {
  const topNav = useSettings((s) => s.topNav);
  const mobile = useAppStore((s) => s.device) === 'mobile';
  const loadProjects = useProjects((s) => s.load);
  // The right-hand menus (selectors, bell, user menu and their dialogs) render after the page's first screen.
  const menusShown = useRenderedLater();
  // The current project is chosen at start on every device, even where the selector is hidden.
  useEffect(() => {
    loadProjects();
  }, [loadProjects]);
  return (
    <div className="navbar">
      <Hamburger />
      {topNav ? <TopNav /> : <Breadcrumb />}
      {menusShown && (
        <div className="right-menu">
          {!mobile && <ProjectSelector />}
          {!mobile && <Fullscreen />}
          {!mobile && <SizeSelect />}
          <NotificationBell />
          <AppSwitcher />
          <LanguageSwitch />
          <UserMenu onOpenSettings={onOpenSettings} />
        </div>
      )}
    </div>
  );
}
