import { ssoMessages } from '@ccms/contracts/messages/sso';
import { SsoSettingsBody, type SsoSettingsForm } from '@ccms/contracts/system/sso';
import { App, Button, Checkbox, Form, Input, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizeLanguage } from '../../../../i18n';
import { FormModal } from '../../../../shared/form/FormModal';
import { redirectUri } from '../sso-api';
import { useSaveSsoSettings, useSsoSettings } from '../sso-queries';

type Values = Omit<SsoSettingsForm, 'clientSecret'> & { clientSecret?: string };

/**
 * The system config's "single sign-on": the OpenID Connect provider. The client secret is
 * write-only: the screen only knows whether one is stored.
 */
export function SsoSettingsButton() {
  const { t } = useTranslation('sso');
  const { i18n } = useTranslation();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<Values>();
  const settings = useSsoSettings(open);
  const save = useSaveSsoSettings();

  // The form starts from the settings when it mounts (once per opening): a later refetch does not wipe what the administrator is typing.
  const stored = settings.data;
  const initialValues = stored ? (({ secretSet: _set, ...rest }) => ({ ...rest, clientSecret: '', clearSecret: false }))(stored) : undefined;

  const submit = async (values: Values) => {
    const parsed = SsoSettingsBody.safeParse(values);
    if (!parsed.success) {
      // The contract's own checks (a field that must be set once enabled), in the server's words.
      const texts: Record<string, string> = ssoMessages[normalizeLanguage(i18n.language)];
      form.setFields(parsed.error.issues.map((i) => ({ name: String(i.path[0]) as keyof Values, errors: [texts[i.message] ?? i.message] })));
      return;
    }
    await save.mutateAsync(values);
    message.success(t('saved'));
    setOpen(false);
  };

  return (
    <>
      <Button onClick={() => setOpen(true)}>{t('settingsButton')}</Button>
      <FormModal<Values>
        open={open}
        title={t('settingsTitle')}
        width={600}
        okText={t('save')}
        cancelText={t('cancel')}
        form={form}
        layout="vertical"
        loading={!stored}
        initialValues={initialValues}
        saving={save.isPending}
        onClose={() => setOpen(false)}
        onFinish={submit}
      >
        <Form.Item name="enabled" label={t('enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="displayName" label={t('displayName')} extra={t('displayNameHelp')}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="issuer" label={t('issuerUrl')} extra={t('issuerHelp')}>
          <Input placeholder="https://idp.example.com/realms/ccms" maxLength={255} />
        </Form.Item>
        <Form.Item name="clientId" label={t('clientId')}>
          <Input maxLength={255} autoComplete="off" />
        </Form.Item>
        <Form.Item name="clientSecret" label={t('clientSecret')} extra={settings.data?.secretSet ? t('secretSet') : t('secretNotSet')}>
          <Input.Password autoComplete="new-password" maxLength={1000} />
        </Form.Item>
        {settings.data?.secretSet && (
          <Form.Item name="clearSecret" valuePropName="checked">
            <Checkbox>{t('clearSecret')}</Checkbox>
          </Form.Item>
        )}
        <Form.Item name="scopes" label={t('scopes')}>
          <Input maxLength={255} />
        </Form.Item>
        <Form.Item name="allowCreate" valuePropName="checked" extra={t('allowCreateHelp')}>
          <Checkbox>{t('allowCreate')}</Checkbox>
        </Form.Item>
        <Typography.Paragraph type="secondary">{t('redirectUriHelp', { uri: redirectUri() })}</Typography.Paragraph>
      </FormModal>
    </>
  );
}
