import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Col, Divider, Form, Input, InputNumber, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';

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
  editable: boolean;
  initialValues: V;
  /** More free-text fields of V, shown after the progress, with their labels. */
  extraFields?: readonly { name: Exclude<keyof V, keyof CatalogMetadata> & string; label: string }[];
  /** The width of each field column from md up (24 = the whole row). */
  colMd: number;
  /** Saves the values (owner trimmed); the queries under invalidateKey are refreshed afterwards. */
  save: (values: V) => Promise<unknown>;
  invalidateKey: QueryKey;
}

/** The editable metadata section of a properties tab: disabled without write access. */
export function MetadataForm<V extends CatalogMetadata>({
  ns,
  name,
  editable,
  initialValues,
  extraFields = [],
  colMd,
  save,
  invalidateKey,
}: MetadataFormProps<V>) {
  const { t } = useTranslation(ns);
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<V>();
  const mutation = useMutation({
    mutationFn: (v: V) => save({ ...v, owner: v.owner.trim() }),
    onSuccess: async () => {
      message.success(t('saved'));
      await client.invalidateQueries({ queryKey: invalidateKey });
    },
  });
  return (
    <>
      <Divider titlePlacement="start">{t('metadata')}</Divider>
      <Form<V> name={name} form={form} layout="vertical" disabled={!editable} initialValues={initialValues} onFinish={(v) => mutation.mutate(v)}>
        <Row gutter={16}>
          <Col xs={24} md={colMd}>
            <Form.Item name="owner" label={t('owner')}>
              <Input maxLength={64} />
            </Form.Item>
          </Col>
          <Col xs={24} md={colMd}>
            <Form.Item name="percentage" label={t('percentage')}>
              <InputNumber min={0} max={100} precision={0} suffix="%" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          {extraFields.map((f) => (
            <Col key={f.name} xs={24} md={colMd}>
              <Form.Item name={String(f.name)} label={f.label}>
                <Input maxLength={100} />
              </Form.Item>
            </Col>
          ))}
          <Col xs={24} md={colMd}>
            <Form.Item name="category" label={t('category')}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={24} md={colMd}>
            <Form.Item name="department" label={t('department')}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="tags" label={t('tags')}>
              <Select mode="tags" maxCount={30} tokenSeparators={[',']} open={false} />
            </Form.Item>
          </Col>
        </Row>
        {editable && (
          <Button type="primary" htmlType="submit" loading={mutation.isPending}>
            {tc('save')}
          </Button>
        )}
      </Form>
    </>
  );
}
