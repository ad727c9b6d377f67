import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageToggle } from '../../../../shared/LanguageToggle';
import '../auth.css';

/** The register page only tells the user to contact the provider (spec section 2). */
export default function RegisterPage() {
  const { t } = useTranslation('auth');
  return (
    <main className="login-page">
      <LanguageToggle />
      <div className="login-card">
        <div className="login-brand">
          <img src="/favicon.svg" alt="" />
          <h1 className="login-title">{t('registerTitle')}</h1>
        </div>
        <p className="register-notice" data-testid="register-notice">
          {t('registerNotice')}
        </p>
        <Link to="/login">
          <Button type="primary" block size="large" style={{ marginBottom: 20 }}>
            {t('backToLogin')}
          </Button>
        </Link>
      </div>
      <footer className="login-footer">{t('copyright')}</footer>
    </main>
  );
}
