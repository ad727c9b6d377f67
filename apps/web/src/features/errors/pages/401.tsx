import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import '../errors.css';

/** Shown when the user may not open a page. */
export default function UnauthorizedPage() {
  const { t } = useTranslation('errors');
  const navigate = useNavigate();
  return (
    <main className="error-page" data-testid="unauthorized">
      <div className="error-code">{t('unauthorizedTitle')}</div>
      <div className="error-body">
        <h1 className="error-headline">{t('unauthorizedHeadline')}</h1>
        <p className="error-info">{t('unauthorizedInfo')}</p>
        <div className="error-actions">
          <Button onClick={() => navigate(-1)}>{t('goBack')}</Button>
          <Button type="primary" onClick={() => navigate('/index')}>
            {t('backHome')}
          </Button>
        </div>
      </div>
    </main>
  );
}
