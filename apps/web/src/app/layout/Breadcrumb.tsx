import { Breadcrumb as AntBreadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useTitledMatches } from '../../shared/route/use-route-meta';

/**
 * Built from the matched routes with a title, Home first when missing; every crumb but the last
 * links to its route (directories go on to their first page).
 */
export function Breadcrumb() {
  const { t } = useTranslation('layout');
  const matches = useTitledMatches();
  const crumbs = matches.map((m) => ({ path: m.pathname.replace(/\/+$/, '') || '/', title: m.title }));
  if (crumbs[0]?.path !== '/index') crumbs.unshift({ path: '/index', title: t('routes.home') });
  return (
    <AntBreadcrumb
      className="app-breadcrumb"
      aria-label={t('breadcrumb.label')}
      items={crumbs.map((c, i) => ({
        key: c.path,
        title: i < crumbs.length - 1 ? <Link to={c.path}>{c.title}</Link> : <span className="no-redirect">{c.title}</span>,
      }))}
    />
  );
}
