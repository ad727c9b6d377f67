import { ClockCircleOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCurrentRoute, useTitledMatches } from '../../../shared/route/use-route-meta';
import '../errors.css';

/**
 * Stands in for a screen the server's menu names but this build does not have yet, so a menu
 * never opens a blank page. `component` is the name the page would be found under.
 */
export function NotAvailable({ component = '' }: { component?: string }) {
  const { t } = useTranslation('errors');
  const navigate = useNavigate();
  const matches = useTitledMatches();
  const name = matches[matches.length - 1]?.title || component;
  return (
    <main className="error-page" data-testid="not-available" data-component={component}>
      <ClockCircleOutlined style={{ fontSize: 72, color: 'var(--theme-color, #409eff)', opacity: 0.8 }} />
      <div className="error-body">
        <h1 className="error-headline">{t('notAvailableTitle')}</h1>
        <p className="error-info">{t('notAvailableInfo', { name })}</p>
        <div className="error-actions">
          <Button type="primary" onClick={() => navigate('/index')}>
            {t('backHome')}
          </Button>
        </div>
      </div>
    </main>
  );
}

/** The route form: the component name comes from the route's handle. */
export default function NotAvailablePage() {
  const { handle } = useCurrentRoute();
  return <NotAvailable component={handle?.component ?? ''} />;
}
