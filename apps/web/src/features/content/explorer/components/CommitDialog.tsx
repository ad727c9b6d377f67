import { Form, Input, Modal } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';

export interface CommitValues {
  message: string;
  name?: string;
  target?: string;
}

export interface CommitDialogProps {
  open: boolean;
  title: string;
  /** Prefilled commit message (the user may change it). */
  defaultMessage: string;
  /** Extra fields above the message (name, target folder, files). */
  children?: ReactNode;
  initial?: Partial<CommitValues>;
  pending: boolean;
  onOk: (values: CommitValues) => void;
  onCancel: () => void;
}

/** Every change to a library is a commit: this asks for its message (and the action's fields). */
export function CommitDialog({ open, title, defaultMessage, children, initial, pending, onOk, onCancel }: CommitDialogProps) {
  const { t } = useTranslation('explorer');
  const { t: tc } = useTranslation();
  const [form] = Form.useForm<CommitValues>();
  useEffect(() => {
    if (open) {
      form.resetFields();
      form.setFieldsValue({ ...initial, message: defaultMessage });
    }
  }, [open, defaultMessage, initial, form]);
  return (
    <Modal
      open={open}
      title={title}
      okText={tc('ok')}
      cancelText={tc('cancel')}
      confirmLoading={pending}
      onOk={() => form.submit()}
      onCancel={onCancel}
      forceRender
      destroyOnHidden
    >
      <Form<CommitValues> form={form} layout="vertical" onFinish={onOk} name="commit-form">
        {children}
        <Form.Item name="message" label={t('commitMessage')} rules={[{ required: true, whitespace: true, message: t('commitMessageRequired') }]}>
          <Input.TextArea rows={3} maxLength={2000} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
