import { PASSWORD_MAX, PASSWORD_MIN } from '@ccms/contracts/constants';
import type { User } from '@ccms/contracts/system/user';
import { App, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../../shared/form/FormDialog';
import { useEntityForm } from '../../../../shared/form/use-entity-form';
import { useResetPwd } from '../user-queries';
import { passwordRules } from './UserFormDialog';

export interface ResetPwdDialogProps {
  /** The user whose password is reset; null closes the dialog. */
  user: Pick<User, 'userId' | 'userName'> | null;
  onClose: () => void;
}

interface Values {
  password: string;
}

/** RuoYi's reset password prompt: a new password for the user, 6 to 15 characters (the contract's Password). */
export function ResetPwdDialog({ user, onClose }: ResetPwdDialogProps) {
  const { t } = useTranslation('user');
  const { message } = App.useApp();
  const resetPwd = useResetPwd();
  const entity = useEntityForm<Values>({
    open: user !== null,
    defaults: { password: '' },
    save: ({ password }) => resetPwd.mutateAsync({ userId: user?.userId ?? 0, password }),
    onSaved: () => {
      message.success(t('passwordReset'));
      onClose();
    },
  });

  return (
    <FormDialog open={user !== null} title={t('resetPwdTitle')} width={420} layout="vertical" name="reset-pwd-form" entity={entity} onClose={onClose}>
      <Form.Item
        name="password"
        label={t('resetPwdPrompt', { name: user?.userName ?? '' })}
        rules={passwordRules(t('password'), t('passwordLength', { min: PASSWORD_MIN, max: PASSWORD_MAX }))}
      >
        <Input.Password maxLength={PASSWORD_MAX} autoComplete="new-password" placeholder={t('passwordPlaceholder')} />
      </Form.Item>
    </FormDialog>
  );
}
