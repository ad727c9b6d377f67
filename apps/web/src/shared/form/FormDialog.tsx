import { Form, Modal, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { EntityForm } from './use-entity-form';

export interface FormDialogProps<Values> {
  open: boolean;
  title: ReactNode;
  /** What `useEntityForm` returned. */
  entity: EntityForm<Values>;
  onClose: () => void;
  width?: number;
  /** Label column width (the house default fits Chinese labels of four characters). */
  labelWidth?: number;
  /** A stable form name: fields get ids `<name>_<field>` (tests and e2e find them by it). */
  name: string;
  /** Labels above the fields (a one-field prompt whose label is a sentence). Default beside them. */
  layout?: 'horizontal' | 'vertical';
  /** Keeps OK disabled (nothing to send yet, or a conflict to resolve first). */
  okDisabled?: boolean;
  children: ReactNode;
}

/**
 * The add/edit dialog of an entity: antd Modal + Form, a spinner while the detail loads, OK
 * spinning while the save runs. Its content is destroyed on close, so a reopened dialog starts
 * from the loaded values with no spinner left from the last save.
 */
export function FormDialog<Values extends object>({
  open,
  title,
  entity,
  onClose,
  width = 560,
  labelWidth = 96,
  name,
  layout = 'horizontal',
  okDisabled = false,
  children,
}: FormDialogProps<Values>) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={title}
      width={width}
      okText={t('ok')}
      cancelText={t('cancel')}
      confirmLoading={entity.saving}
      okButtonProps={{ disabled: entity.loading || okDisabled }}
      onOk={() => entity.form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {entity.loading ? (
        <div data-testid="form-dialog-loading" style={{ display: 'flex', justifyContent: 'center', padding: 32 }}>
          <Spin />
        </div>
      ) : (
        <Form<Values>
          form={entity.form}
          // The form instance outlives the dialog: fields that unmount take their values along, so a reopening starts from initialValues.
          preserve={false}
          name={name}
          layout={layout}
          {...(layout === 'horizontal' ? { labelCol: { flex: `${labelWidth}px` } } : {})}
          labelWrap
          initialValues={entity.initialValues}
          onFinish={entity.submit}
        >
          {children}
        </Form>
      )}
    </Modal>
  );
}
