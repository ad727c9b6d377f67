import { PASSWORD_MAX, PASSWORD_MIN } from '@ccms/contracts/constants';
import type { User } from '@ccms/contracts/system/user';
import { useMutation } from '@tanstack/react-query';
import { App, Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { userApi } from '../user-api';

export interface ResetPwdDialogProps {
  /** The user whose password is reset; null closes the dialog. */
  user: Pick<User, 'userId' | 'userName'> | null;
  onClose: () => void;
}

/** RuoYi's reset password prompt: a new password for the user, 6 to 15 characters. */
export function ResetPwdDialog({ user, onClose }: ResetPwdDialogProps) {
  const { t } = useTranslation('user');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ password: string }>();

  useEffect(() => {
    if (user) form.resetFields();
  }, [user, form]);

  const save = useMutation({
    mutationFn: ({ password }: { password: string }) => userApi.resetPwd({ userId: user?.userId ?? 0, password }),
    onSuccess: () => {
      message.success(t('passwordReset'));
      onClose();
    },
  });

  return (
    <Modal
      open={user !== null}
      title={t('resetPwdTitle')}
      width={420}
      okText={tc('ok')}
      cancelText={tc('cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Form form={form} layout="vertical" onFinish={(v) => save.mutate(v)} name="reset-pwd-form">
        <Form.Item
          name="password"
          label={t('resetPwdPrompt', { name: user?.userName ?? '' })}
          rules={[
            { required: true, message: t('passwordRequired') },
            { min: PASSWORD_MIN, max: PASSWORD_MAX, message: t('passwordLength', { min: PASSWORD_MIN, max: PASSWORD_MAX }) },
          ]}
        >
          <Input.Password maxLength={PASSWORD_MAX} autoComplete="new-password" placeholder={t('passwordPlaceholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
