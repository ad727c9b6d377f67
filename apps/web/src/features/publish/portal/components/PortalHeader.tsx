import { CheckOutlined, DownOutlined, TranslationOutlined } from '@ant-design/icons';
import { LANGUAGES } from '@ccms/contracts/constants';
import { PORTAL_PATH } from '@ccms/contracts/publish/portal-path';
import { useQueryClient } from '@tanstack/react-query';
import { Avatar, Button, Dropdown, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { browser } from '../../../../api/browser';
import { setLanguage } from '../../../../i18n';
import { useLanguage } from '../../../../shared/route/use-route-meta';
import { useSession } from '../../../../state/session-store';

/** The portal's own header: product name, search box, language switch, user menu (no admin menus for a reader). */
export function PortalHeader() {
  const { t } = useTranslation('portal');
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const lang = useLanguage();
  const queryClient = useQueryClient();
  const name = useSession((s) => s.nickName || s.name);
  const avatar = useSession((s) => s.avatar);
  const reader = useSession((s) => s.home === PORTAL_PATH);
  const logout = useSession((s) => s.logout);

  const signOut = async () => {
    await logout().catch(() => undefined);
    browser.assign('/login');
  };

  return (
    <header className="portal-header">
      <Link to={PORTAL_PATH} className="portal-brand">
        <img src="/favicon.svg" alt="" width={28} height={28} />
        <span>
          {tc('productName')} · {t('title')}
        </span>
      </Link>
      <Input.Search
        key={params.get('q') ?? ''}
        className="portal-search"
        defaultValue={params.get('q') ?? ''}
        placeholder={t('searchPlaceholder')}
        aria-label={t('search')}
        enterButton={t('search')}
        allowClear
        onSearch={(value) => {
          const q = value.trim();
          navigate(q ? `${PORTAL_PATH}?${new URLSearchParams({ q })}` : PORTAL_PATH);
        }}
      />
      <div className="portal-actions">
        {!reader && <Link to="/index">{t('administration')}</Link>}
        <Dropdown
          trigger={['click']}
          menu={{
            selectedKeys: [lang],
            items: LANGUAGES.map((l) => ({ key: l, label: tc(`languages.${l}`), icon: l === lang ? <CheckOutlined /> : undefined })),
            onClick: async ({ key }) => {
              const next = LANGUAGES.find((l) => l === key);
              if (!next || next === lang) return;
              await setLanguage(next);
              // The server answers in the new language and puts its outputs first.
              queryClient.invalidateQueries();
            },
          }}
        >
          <Button type="text" icon={<TranslationOutlined />} aria-label={t('language')} data-lang={lang}>
            {tc(`languages.${lang}`)}
          </Button>
        </Dropdown>
        <Dropdown trigger={['click']} placement="bottomRight" menu={{ items: [{ key: 'logout', label: t('signOut'), onClick: signOut }] }}>
          <Button type="text" aria-label={t('userMenu')} className="portal-user">
            <Avatar src={avatar || undefined} size={26} alt="" />
            <span>{name}</span>
            <DownOutlined />
          </Button>
        </Dropdown>
      </div>
    </header>
  );
}
