import { TestMailBody } from '@ccms/contracts/system/notification';
import { App, Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTestMail } from '../notification-queries';

/** The system config's "send test mail": one mail through the SMTP settings, the server's answer shown. */
export function TestMailButton() {
  const { t } = useTranslation('notification');
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [to, setTo] = useState('');
  const send = useTestMail();
  const valid = TestMailBody.safeParse({ to }).success;
  return (
    <>
      <Button onClick={() => setOpen(true)}>{t('testMail')}</Button>
      <Modal
        open={open}
        title={t('testMail')}
        okText={t('send')}
        okButtonProps={{ disabled: !valid, loading: send.isPending }}
        onCancel={() => setOpen(false)}
        onOk={() =>
          send.mutateAsync({ to }).then(() => {
            message.success(t('testMailSent', { to }));
            setOpen(false);
          })
        }
      >
        <p>{t('testMailHint')}</p>
        <Form.Item label={t('testMailTo')} validateStatus={to && !valid ? 'error' : undefined} help={to && !valid ? t('invalidAddress') : undefined}>
          <Input type="email" value={to} onChange={(e) => setTo(e.target.value.trim())} placeholder="name@example.com" />
        </Form.Item>
      </Modal>
    </>
  );
}
