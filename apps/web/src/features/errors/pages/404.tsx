import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import '../errors.css';

/** The catch-all page for unknown paths. */
export default function NotFoundPage() {
  const { t } = useTranslation('errors');
  const navigate = useNavigate();
  return (
    <main className="error-page" data-testid="not-found">
      <div className="error-code">{t('notFoundTitle')}</div>
      <div className="error-body">
        <h1 className="error-headline">{t('notFoundHeadline')}</h1>
        <p className="error-info">{t('notFoundInfo')}</p>
        <div className="error-actions">
          <Button type="primary" onClick={() => navigate('/index')}>
            {t('backHome')}
          </Button>
        </div>
      </div>
    </main>
  );
}
