import { Alert, App, Button, Card, Result, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { getToken } from '../../../../api/token';
import { IdentityList } from '../components/IdentityList';
import { ssoApi } from '../sso-api';
import { useSsoInfo } from '../sso-queries';

/**
 * /bind (spec public route): the signed-in user links their identity at the configured provider
 * and sees (and removes) the links they have. Without a session it says to sign in first.
 */
export default function BindPage() {
  const { t } = useTranslation('sso');
  const { message } = App.useApp();
  const [params] = useSearchParams();
  const info = useSsoInfo();
  const [going, setGoing] = useState(false);
  const signedIn = Boolean(getToken());
  const name = info.data?.displayName ?? '';
  const justBound = params.get('bound') === '1';
  useEffect(() => {
    if (justBound) message.success({ content: t('bound'), key: 'sso-bound' });
  }, [justBound, message, t]);

  const start = async () => {
    setGoing(true);
    try {
      const res = await ssoApi.startBind();
      window.location.assign(res.data.url);
    } catch {
      setGoing(false);
    }
  };

  if (!signedIn) {
    return (
      <Result
        status="info"
        title={t('bindTitle')}
        subTitle={t('bindNeedSignIn')}
        extra={
          <Link to={`/login?redirect=${encodeURIComponent('/bind')}`}>
            <Button type="primary">{t('signInFirst')}</Button>
          </Link>
        }
      />
    );
  }

  return (
    <div style={{ maxWidth: 720, margin: '48px auto', padding: '0 16px' }}>
      <Card title={t('bindTitle')}>
        <Space direction="vertical" style={{ width: '100%' }} size="large">
          {info.data?.enabled ? (
            <>
              <Typography.Paragraph>{t('bindIntro', { name })}</Typography.Paragraph>
              <Button type="primary" loading={going} onClick={start}>
                {t('bindButton', { name })}
              </Button>
            </>
          ) : (
            info.isSuccess && <Alert type="info" showIcon message={t('notConfigured')} />
          )}
          <IdentityList />
        </Space>
      </Card>
    </div>
  );
}
