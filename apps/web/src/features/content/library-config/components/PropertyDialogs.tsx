import { PropertyBody, PropertyValueBody } from '@ccms/contracts/content/product';
import { App, Form, Input, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../../shared/form/FormDialog';
import { useEntityForm } from '../../../../shared/form/use-entity-form';
import { zodMaxLength, zodRules } from '../../../../shared/form/zod-rules';
import { useSaveProperty, useSaveValue } from '../property-queries';

export type PropertyEdit = { propertyId?: number; propertyName: string; remark?: string };
export type ValueEdit = { propertyId: number; valueId?: number; propertyKey: string; propertyValue: string; orderNum: number };

/** Add or edit a property; `property` is what the dialog opens with (null: closed). Rules from PropertyBody. */
export function PropertyFormDialog({ property, onClose }: { property: PropertyEdit | null; onClose: () => void }) {
  const { t } = useTranslation('library');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const saveProperty = useSaveProperty();
  const id = property?.propertyId;
  const entity = useEntityForm<PropertyEdit>({
    open: property !== null,
    defaults: property ?? undefined,
    save: (v) =>
      saveProperty.mutateAsync(
        id === undefined ? { propertyName: v.propertyName, remark: v.remark } : { propertyId: id, propertyName: v.propertyName, remark: v.remark },
      ),
    onSaved: () => {
      message.success(tc('success'));
      onClose();
    },
  });
  return (
    <FormDialog
      open={property !== null}
      title={id ? t('property.editTitle') : t('property.addTitle')}
      name="property-form"
      labelWidth={100}
      entity={entity}
      onClose={onClose}
    >
      <Form.Item name="propertyName" label={t('property.propertyName')} rules={zodRules(PropertyBody, 'propertyName', t('property.propertyName'))}>
        <Input maxLength={zodMaxLength(PropertyBody, 'propertyName')} placeholder={t('property.namePlaceholder')} />
      </Form.Item>
      <Form.Item name="remark" label={t('property.remark')} rules={zodRules(PropertyBody, 'remark', t('property.remark'))}>
        <Input.TextArea maxLength={zodMaxLength(PropertyBody, 'remark')} rows={3} />
      </Form.Item>
    </FormDialog>
  );
}

/** Add or edit a key/value pair of a property (null: closed). Rules from PropertyValueBody. */
export function ValueFormDialog({ value, onClose }: { value: ValueEdit | null; onClose: () => void }) {
  const { t } = useTranslation('library');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const saveValue = useSaveValue();
  const entity = useEntityForm<ValueEdit>({
    open: value !== null,
    defaults: value ?? undefined,
    save: (v) => {
      const body = { propertyId: value?.propertyId ?? 0, propertyKey: v.propertyKey, propertyValue: v.propertyValue, orderNum: v.orderNum ?? 0 };
      return saveValue.mutateAsync(value?.valueId ? { ...body, valueId: value.valueId } : body);
    },
    onSaved: () => {
      message.success(tc('success'));
      onClose();
    },
  });
  return (
    <FormDialog
      open={value !== null}
      title={value?.valueId ? t('property.editValue') : t('property.addValue')}
      name="property-value-form"
      labelWidth={80}
      entity={entity}
      onClose={onClose}
    >
      <Form.Item name="propertyKey" label={t('property.key')} rules={zodRules(PropertyValueBody, 'propertyKey', t('property.key'))}>
        <Input maxLength={zodMaxLength(PropertyValueBody, 'propertyKey')} />
      </Form.Item>
      <Form.Item name="propertyValue" label={t('property.value')} rules={zodRules(PropertyValueBody, 'propertyValue', t('property.value'))}>
        <Input maxLength={zodMaxLength(PropertyValueBody, 'propertyValue')} />
      </Form.Item>
      <Form.Item name="orderNum" label={t('property.orderNum')} rules={zodRules(PropertyValueBody, 'orderNum', t('property.orderNum'))}>
        <InputNumber precision={0} style={{ width: '100%' }} />
      </Form.Item>
    </FormDialog>
  );
}
