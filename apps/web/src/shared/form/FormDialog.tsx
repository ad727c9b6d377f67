import type { ReactNode } from 'react';
import { FormModal } from './FormModal';
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
 * The add/edit dialog of an entity: a `FormModal` with a spinner while the detail loads, OK
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
  return (
    <FormModal<Values>
      open={open}
      title={title}
      form={entity.form}
      onFinish={entity.submit}
      onClose={onClose}
      name={name}
      initialValues={entity.initialValues}
      saving={entity.saving}
      loading={entity.loading}
      okDisabled={okDisabled}
      width={width}
      layout={layout}
      labelWidth={labelWidth}
    >
      {children}
    </FormModal>
  );
}
