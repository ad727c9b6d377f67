import { Button, Empty, Form, Input, Select, Typography } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useDataProperties } from '../../library/library-queries';
import { useProductOptions } from '../../product/use-product-options';

const CONDITIONAL = ['audience', 'platform', 'product', 'props', 'otherprops'] as const;
type Conditional = (typeof CONDITIONAL)[number];
type Values = { id: string; outputclass: string } & Record<Conditional, string[]>;

const ID_PATTERN = /^[A-Za-z_][A-Za-z0-9._-]*$/;
const tokens = (value: string | undefined) => (value ?? '').split(/[\s,;]+/).filter(Boolean);

export interface SelectedElement {
  name: string;
  attrs: Record<string, string>;
}

/**
 * The selected element's id, outputclass and conditional attributes; values are offered from the
 * library's data properties and the products. Applying writes all seven (an empty one is removed).
 */
export function AttributesPanel({
  element,
  libraryId,
  readOnly,
  onApply,
}: {
  element: SelectedElement | null;
  libraryId: number;
  readOnly: boolean;
  onApply: (attrs: Record<string, string>) => void;
}) {
  const { t } = useTranslation('topic-editor');
  const [form] = Form.useForm<Values>();
  const properties = useDataProperties(libraryId);
  const products = useProductOptions();
  const offered = useMemo(() => {
    const sets: Record<Conditional, Set<string>> = { audience: new Set(), platform: new Set(), product: new Set(), props: new Set(), otherprops: new Set() };
    for (const row of properties.data ?? []) {
      for (const attr of CONDITIONAL) for (const v of tokens(row[attr])) sets[attr].add(v);
    }
    for (const p of products.options) sets.product.add(p.value);
    return sets;
  }, [properties.data, products.options]);

  useEffect(() => {
    if (!element) return;
    form.setFieldsValue({
      id: element.attrs.id ?? '',
      outputclass: element.attrs.outputclass ?? '',
      ...Object.fromEntries(CONDITIONAL.map((a) => [a, tokens(element.attrs[a])])),
    } as Values);
  }, [element, form]);

  if (!element) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('attrs.none')} />;
  return (
    <Form<Values>
      form={form}
      // Labels beside the fields: the panel fits under the preview at 1366 × 768.
      layout="horizontal"
      labelCol={{ flex: '88px' }}
      wrapperCol={{ flex: '1 1 0' }}
      labelWrap
      colon={false}
      className="te-attrs-form"
      size="small"
      name="editor-attrs"
      disabled={readOnly}
      onFinish={(v) =>
        onApply({
          id: v.id.trim(),
          outputclass: v.outputclass.trim(),
          ...Object.fromEntries(CONDITIONAL.map((a) => [a, (v[a] ?? []).join(' ')])),
        })
      }
    >
      <Typography.Text strong data-testid="attrs-element">
        {t('attrs.element', { name: element.name })}
      </Typography.Text>
      <Form.Item name="id" label="id" rules={[{ pattern: ID_PATTERN, message: t('attrs.invalidId') }]}>
        <Input allowClear />
      </Form.Item>
      <Form.Item name="outputclass" label="outputclass">
        <Input allowClear />
      </Form.Item>
      {CONDITIONAL.map((attr) => (
        <Form.Item key={attr} name={attr} label={attr}>
          <Select mode="tags" allowClear options={[...offered[attr]].sort().map((v) => ({ value: v, label: v }))} aria-label={attr} />
        </Form.Item>
      ))}
      <Button type="primary" htmlType="submit" block className="te-attrs-apply">
        {t('attrs.apply')}
      </Button>
    </Form>
  );
}
