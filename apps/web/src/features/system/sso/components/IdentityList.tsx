import { App, Button, Empty, List, Skeleton, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { confirmDialog } from '../../../../shared/confirm';
import { useSsoIdentities, useUnbindIdentity } from '../sso-queries';

/** The signed-in user's linked provider identities, each with "unlink" (the /bind page and the profile). */
export function IdentityList() {
  const { t } = useTranslation('sso');
  const { message } = App.useApp();
  const identities = useSsoIdentities();
  const unbind = useUnbindIdentity();
  if (identities.isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
  const rows = identities.data ?? [];
  if (rows.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noIdentity')} />;
  return (
    <List
      aria-label={t('profileTitle')}
      dataSource={rows}
      renderItem={(row) => (
        <List.Item
          actions={[
            <Button
              key="unbind"
              danger
              type="link"
              onClick={async () => {
                if (!(await confirmDialog(t('unbindConfirm'), { type: 'danger' }))) return;
                await unbind.mutateAsync(row.identityId);
                message.success(t('unbound'));
              }}
            >
              {t('unbind')}
            </Button>,
          ]}
        >
          <List.Item.Meta
            title={
              <span>
                {t('subject')}: <Typography.Text code>{row.subject}</Typography.Text>
              </span>
            }
            description={`${t('issuer')}: ${row.issuer} · ${t('boundAt')}: ${row.boundAt ? dayjs(row.boundAt).format('YYYY-MM-DD HH:mm:ss') : ''}`}
          />
        </List.Item>
      )}
    />
  );
}
