import type { CatalogScope } from '@ccms/contracts/content/catalog';
import type { ApplicAttribute, ApplicProduct } from '@ccms/contracts/content/s1000d';
import { Alert, AutoComplete, Button, Form, Radio, Select, Space, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProductChoice } from '../s1000d-api';
import { useApplicability } from '../s1000d-queries';

/** "1B070643 — Mountain bicycle, Brook trekker, Mk9": the key, then the values it is assigned (the key itself not again). */
export function productLabel(p: ApplicProduct): string {
  const values = Object.values(p.assignment).filter((v) => v !== '' && v !== p.key);
  return values.length > 0 ? `${p.key} — ${values.join(', ')}` : p.key;
}

/** The values an attribute enumerates (`a|b`); ranges (`1~3`) are typed in, not offered. */
export const enumeratedValues = (a: ApplicAttribute): string[] =>
  Array.from(new Set(a.values.flatMap((v) => v.split('|')).map((v) => v.trim()))).filter((v) => v !== '' && !v.includes('~'));

/** Property values as the server takes them: `ident=value` pairs separated by `;`, empty values left out. */
export function assignOf(values: Record<string, string | undefined>): string {
  return Object.entries(values)
    .map(([id, v]) => [id, (v ?? '').trim()] as const)
    .filter(([, v]) => v !== '')
    .map(([id, v]) => `${id}=${v}`)
    .join(';');
}

export interface ProductChooserProps {
  scope: CatalogScope;
  value: ProductChoice | null;
  onChange: (choice: ProductChoice | null) => void;
  /** data-testid of the product select. */
  testId: string;
}

/**
 * Which product to filter for: a product of the branch's PCT (its key, with its values to tell them
 * apart), or, for sets without a PCT (or by choice), a value per ACT attribute and CCT condition.
 */
export function ProductChooser({ scope, value, onChange, testId }: ProductChooserProps) {
  const { t } = useTranslation('s1000d');
  const applic = useApplicability(scope);
  const [byProperties, setByProperties] = useState<boolean | null>(null);
  const [form] = Form.useForm<Record<string, string | undefined>>();
  const [filled, setFilled] = useState(false);

  if (applic.isLoading) return <Spin size="small" />;
  const data = applic.data;
  if (!data) return null;
  const products = data.products;
  const properties = byProperties ?? products.length === 0;
  if (data.attributes.length === 0 && products.length === 0) return <Alert type="info" showIcon title={t('product.noAttributes')} />;

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {products.length > 0 && (
        <Radio.Group
          optionType="button"
          size="small"
          value={properties ? 'properties' : 'product'}
          onChange={(e) => {
            setByProperties(e.target.value === 'properties');
            onChange(null);
          }}
          options={[
            { value: 'product', label: t('product.byProduct') },
            { value: 'properties', label: t('product.byProperties') },
          ]}
        />
      )}
      {properties ? (
        <Form
          form={form}
          layout="inline"
          onValuesChange={(_, all) => setFilled(assignOf(all) !== '')}
          onFinish={(all) => {
            const assign = assignOf(all);
            onChange(assign ? { assign } : null);
          }}
          data-testid={`${testId}-properties`}
        >
          {data.attributes.map((a) => (
            <Form.Item key={a.id} name={a.id} label={a.name || a.id} style={{ marginBottom: 8 }}>
              <AutoComplete
                allowClear
                aria-label={a.name || a.id}
                placeholder={t('product.anyValue')}
                style={{ width: 180 }}
                options={enumeratedValues(a).map((v) => ({ value: v, label: v }))}
              />
            </Form.Item>
          ))}
          <Form.Item style={{ marginBottom: 8 }}>
            <Button type="primary" htmlType="submit" disabled={!filled}>
              {t('product.apply')}
            </Button>
          </Form.Item>
        </Form>
      ) : (
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          allowClear
          aria-label={t('product.label')}
          placeholder={t('product.placeholder')}
          style={{ width: 420, maxWidth: '100%' }}
          value={value && 'product' in value ? value.product : undefined}
          options={products.map((p) => ({ value: p.key, label: productLabel(p) }))}
          onChange={(key?: string) => onChange(key ? { product: key } : null)}
          data-testid={testId}
        />
      )}
    </Space>
  );
}
