import { Form, type FormInstance, Modal, Spin } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';

export interface FormModalProps<Values> {
  open: boolean;
  title: ReactNode;
  /** The form instance (`Form.useForm`), so the caller can watch and set fields. */
  form: FormInstance<Values>;
  /** Runs with the checked values when OK is pressed (the form is validated first). */
  onFinish: (values: Values) => unknown;
  onClose: () => void;
  /** A stable form name: fields get ids `<name>_<field>` (tests and e2e find them by it). */
  name?: string;
  /** The values the fields start with. */
  initialValues?: Partial<Values> | undefined;
  /** OK spins while the action runs. */
  saving?: boolean;
  /** Keeps OK disabled (nothing to send yet, or something to resolve first). */
  okDisabled?: boolean;
  /** OK is a dangerous action (a rejection, a removal): a red button. */
  okDanger?: boolean;
  /** Show a spinner instead of the fields (what the form edits is loading). */
  loading?: boolean;
  okText?: ReactNode;
  cancelText?: ReactNode;
  width?: number;
  /** Labels beside the fields (the default, `labelWidth` wide) or above them. */
  layout?: 'horizontal' | 'vertical';
  /** Label column width (the house default fits Chinese labels of four characters). */
  labelWidth?: number;
  /** Shown above the form, inside the dialog (a hint, an alert). */
  before?: ReactNode;
  /** Shown below the form, inside the dialog (a result, a table). */
  after?: ReactNode;
  /** Replaces the OK / Cancel buttons (null: none). */
  footer?: ReactNode;
  /** data-testid of the OK button and of the form. */
  okTestId?: string;
  formTestId?: string;
  children: ReactNode;
}

/**
 * A dialog holding one form: antd Modal + Form, OK submits the form (validating it first), OK
 * spins while the action runs, and the content is destroyed on close so a reopening starts from
 * `initialValues`. For a one-shot action or an upload; an entity's add/edit dialog is `FormDialog`,
 * which builds on this one. Only `shared/form` renders Modal with Form (scripts/check-form-modals.mjs).
 */
export function FormModal<Values extends object>({
  open,
  title,
  form,
  onFinish,
  onClose,
  name,
  initialValues,
  saving = false,
  okDisabled = false,
  okDanger = false,
  loading = false,
  okText,
  cancelText,
  width,
  layout = 'horizontal',
  labelWidth = 96,
  before,
  after,
  footer,
  okTestId,
  formTestId,
  children,
}: FormModalProps<Values>) {
  const { t } = useTranslation();
  // A dialog reopened before its closing animation ended still holds the last opening's fields: start them again from initialValues.
  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);
  return (
    <Modal
      open={open}
      title={title}
      width={width ?? 560}
      okText={okText ?? t('ok')}
      cancelText={cancelText ?? t('cancel')}
      confirmLoading={saving}
      okButtonProps={{ disabled: loading || okDisabled, ...(okDanger ? { danger: true } : {}), ...(okTestId ? ({ 'data-testid': okTestId } as object) : {}) }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      {...(footer !== undefined ? { footer } : {})}
    >
      {before}
      {loading ? (
        <div data-testid="form-dialog-loading" style={{ display: 'flex', justifyContent: 'center', padding: 32 }}>
          <Spin />
        </div>
      ) : (
        <Form<Values>
          form={form}
          // The form instance outlives the dialog: fields that unmount take their values along, so a reopening starts from initialValues.
          preserve={false}
          {...(name ? { name } : {})}
          layout={layout}
          {...(layout === 'horizontal' ? { labelCol: { flex: `${labelWidth}px` } } : {})}
          labelWrap
          initialValues={initialValues}
          onFinish={onFinish}
          {...(formTestId ? { 'data-testid': formTestId } : {})}
        >
          {children}
        </Form>
      )}
      {after}
    </Modal>
  );
}
