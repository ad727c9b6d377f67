import { PRODUCT_VERSION } from '@ccms/contracts/constants';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/stores/session-store';
import '../home.css';

/** Home placeholder: later issues add the dashboard panels here. */
export default function HomePage() {
  const { t } = useTranslation('home');
  const name = useSession((s) => s.nickName || s.name);
  return (
    <div className="home-page" data-testid="home">
      <Card className="home-banner" variant="borderless">
        <h1>{t('welcome', { name })}</h1>
        <p>{t('intro')}</p>
        <span className="home-version">{t('version', { version: PRODUCT_VERSION })}</span>
      </Card>
      <Card className="home-placeholder" variant="borderless">
        <p>{t('comingSoon')}</p>
      </Card>
    </div>
  );
}
