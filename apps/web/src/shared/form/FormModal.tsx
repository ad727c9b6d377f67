import { Form, type FormInstance, Modal, Spin } from 'antd';
import type { ReactNode } from 'react';
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
  /** Show a spinner instead of the fields (what the form edits is loading). */
  loading?: boolean;
  okText?: ReactNode;
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
  'data-testid'?: string;
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
  loading = false,
  okText,
  width,
  layout = 'horizontal',
  labelWidth = 96,
  before,
  after,
  footer,
  'data-testid': testId,
  children,
}: FormModalProps<Values>) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={title}
      width={width ?? 560}
      okText={okText ?? t('ok')}
      cancelText={t('cancel')}
      confirmLoading={saving}
      okButtonProps={{ disabled: loading || okDisabled }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      {...(footer !== undefined ? { footer } : {})}
      {...(testId ? { 'data-testid': testId } : {})}
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
        >
          {children}
        </Form>
      )}
      {after}
    </Modal>
  );
}
