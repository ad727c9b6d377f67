import { ExportOutlined } from '@ant-design/icons';
import { API_BASE } from '@ccms/contracts/constants';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import '../swagger.css';

/** Where the server serves its API manual (OpenAPI UI); same origin, so the session cookie signs it in. */
const SWAGGER_URL = `${API_BASE}/swagger`;

/** Tool → 系统接口 (RuoYi tool/swagger/index): the server's API manual inside the app. */
export default function SwaggerPage() {
  const { t } = useTranslation('tool');
  return (
    <div className="swagger-page">
      <div className="swagger-head">
        <h2>{t('swagger.title')}</h2>
        <Button icon={<ExportOutlined />} href={SWAGGER_URL} target="_blank" rel="noopener">
          {t('swagger.openNewWindow')}
        </Button>
      </div>
      <iframe className="swagger-frame" title={t('swagger.title')} src={SWAGGER_URL} data-testid="swagger-frame" />
    </div>
  );
}
