import type { DocumentProps } from '@ccms/contracts/content/document';
import type { TopicProps } from '@ccms/contracts/content/topic';
import { App, Button, Col, Divider, Form, Input, InputNumber, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useEntityForm } from '../../../shared/form/use-entity-form';
import { zodMaxLength, zodRules } from '../../../shared/form/zod-rules';

/** The database metadata every catalog entry (document, topic) carries. */
export interface CatalogMetadata {
  owner: string;
  percentage: number;
  category: string;
  department: string;
  tags: string[];
}

export interface MetadataFormProps<V extends CatalogMetadata> {
  /** The namespace holding metadata, owner, percentage, category, department, tags and saved. */
  ns: 'document' | 'topic';
  /** The form's name (its DOM id). */
  name: string;
  /** The contract's body of the save: the fields' rules come from it. */
  schema: typeof DocumentProps | typeof TopicProps;
  editable: boolean;
  initialValues: V;
  /** More free-text fields of V, shown after the progress, with their labels. */
  extraFields?: readonly { name: Exclude<keyof V, keyof CatalogMetadata> & string; label: string }[];
  /** The width of each field column from md up (24 = the whole row). */
  colMd: number;
  /** Saves the values (an entity mutation's `mutateAsync`, which invalidates through its keys). */
  save: (values: V) => Promise<unknown>;
}

/** The editable metadata section of a properties tab: disabled without write access. */
export function MetadataForm<V extends CatalogMetadata>({ ns, name, schema, editable, initialValues, extraFields = [], colMd, save }: MetadataFormProps<V>) {
  const { t } = useTranslation(ns);
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const entity = useEntityForm<V>({
    open: true,
    defaults: initialValues,
    save: (v) => save({ ...v, owner: (v.owner ?? '').trim() }),
    onSaved: () => message.success(t('saved')),
  });
  // Both bodies share the metadata fields; a document's extra fields are its own.
  const body = schema as z.ZodObject<z.ZodRawShape>;
  const textField = (field: string, label: string) => (
    <Form.Item name={field} label={label} rules={zodRules(body, field, label)}>
      <Input maxLength={zodMaxLength(body, field)} />
    </Form.Item>
  );
  return (
    <>
      <Divider titlePlacement="start">{t('metadata')}</Divider>
      <Form<V> name={name} form={entity.form} layout="vertical" disabled={!editable} initialValues={entity.initialValues} onFinish={entity.submit}>
        <Row gutter={16}>
          <Col xs={24} md={colMd}>
            {textField('owner', t('owner'))}
          </Col>
          <Col xs={24} md={colMd}>
            <Form.Item name="percentage" label={t('percentage')} rules={zodRules(body, 'percentage', t('percentage'))}>
              <InputNumber min={0} max={100} precision={0} suffix="%" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          {extraFields.map((f) => (
            <Col key={f.name} xs={24} md={colMd}>
              {textField(f.name, f.label)}
            </Col>
          ))}
          <Col xs={24} md={colMd}>
            {textField('category', t('category'))}
          </Col>
          <Col xs={24} md={colMd}>
            {textField('department', t('department'))}
          </Col>
          <Col xs={24}>
            <Form.Item name="tags" label={t('tags')}>
              <Select mode="tags" maxCount={30} tokenSeparators={[',']} open={false} />
            </Form.Item>
          </Col>
        </Row>
        {editable && (
          <Button type="primary" htmlType="submit" loading={entity.saving}>
            {tc('save')}
          </Button>
        )}
      </Form>
    </>
  );
}
