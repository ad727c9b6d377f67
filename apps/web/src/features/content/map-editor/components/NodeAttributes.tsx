import { Button, Checkbox, Empty, Form, Input, Select } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useDataProperties } from '../../library/library-queries';
import { useProductOptions } from '../../product/use-product-options';
import type { MapTreeNode } from '../model/map-tree';

const CONDITIONAL = ['audience', 'platform', 'product', 'props', 'otherprops'] as const;
type Conditional = (typeof CONDITIONAL)[number];
/** Attributes written as typed (an empty one is removed). */
const PLAIN = ['href', 'keys', 'keyref', 'toc', 'processing-role', 'chunk', 'format', 'scope', 'copy-to'] as const;
type Plain = (typeof PLAIN)[number];

export type NodeValues = Record<Plain, string> & Record<Conditional, string[]> & { navtitle: string; locktitle: boolean; linktext: string; keywords: string };

const tokens = (value: string | undefined) => (value ?? '').split(/[\s,;]+/).filter(Boolean);
const KEYS_PATTERN = /^[^\s{}[\]/#?]+(\s+[^\s{}[\]/#?]+)*$/;

/** What the panel applies: attributes (null removes one) and topicmeta texts. */
export interface NodeChanges {
  attrs: Record<string, string | null>;
  navtitle: string;
  linktext: string;
  keywords: string;
}

/** The form's values as changes; a field the form does not show (linktext of a topicref) or a cleared one is empty. */
export function changesOf(v: Partial<NodeValues>): NodeChanges {
  const attrs: Record<string, string | null> = {};
  for (const a of PLAIN) attrs[a] = (v[a] ?? '').trim() || null;
  for (const a of CONDITIONAL) attrs[a] = v[a]?.length ? v[a].join(' ') : null;
  attrs.locktitle = v.locktitle ? 'yes' : null;
  return { attrs, navtitle: (v.navtitle ?? '').trim(), linktext: (v.linktext ?? '').trim(), keywords: (v.keywords ?? '').trim() };
}

/**
 * The selected node's attributes: navtitle (and its lock), keys, keyref, toc, processing-role,
 * chunk, format, scope, copy-to, and the conditional attributes with the library's data
 * properties (and products) as values. A keydef also gets its variable text (linktext, keyword).
 */
export function NodeAttributes({
  node,
  meta,
  libraryId,
  readOnly,
  onApply,
}: {
  node: MapTreeNode | null;
  meta: { linktext: string; keywords: string };
  libraryId: number;
  readOnly: boolean;
  onApply: (changes: NodeChanges) => void;
}) {
  const { t } = useTranslation('map-editor');
  const [form] = Form.useForm<NodeValues>();
  const properties = useDataProperties(libraryId);
  const products = useProductOptions();
  const offered = useMemo(() => {
    const sets: Record<Conditional, Set<string>> = { audience: new Set(), platform: new Set(), product: new Set(), props: new Set(), otherprops: new Set() };
    for (const row of properties.data ?? []) for (const attr of CONDITIONAL) for (const v of tokens(row[attr])) sets[attr].add(v);
    for (const p of products.options) sets.product.add(p.value);
    return sets;
  }, [properties.data, products.options]);

  useEffect(() => {
    if (!node) return;
    form.setFieldsValue({
      ...Object.fromEntries(PLAIN.map((a) => [a, node.attrs[a] ?? ''])),
      ...Object.fromEntries(CONDITIONAL.map((a) => [a, tokens(node.attrs[a])])),
      navtitle: node.navtitle,
      locktitle: node.attrs.locktitle === 'yes',
      linktext: meta.linktext,
      keywords: meta.keywords,
    } as NodeValues);
  }, [node, meta, form]);

  if (!node) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('attrs.none')} />;
  const select = (options: string[]) => options.map((v) => ({ value: v, label: v }));
  return (
    <Form<NodeValues> form={form} layout="vertical" size="small" disabled={readOnly} onFinish={(v) => onApply(changesOf(v))} data-testid="map-attrs">
      <Form.Item label={t('attrs.element')}>
        <Input value={node.name} disabled />
      </Form.Item>
      <Form.Item name="navtitle" label="navtitle">
        <Input data-testid="attr-navtitle" />
      </Form.Item>
      <Form.Item name="locktitle" valuePropName="checked">
        <Checkbox data-testid="attr-locktitle">{t('attrs.locktitle')}</Checkbox>
      </Form.Item>
      <Form.Item name="href" label="href">
        <Input />
      </Form.Item>
      <Form.Item name="keys" label="keys" rules={[{ pattern: KEYS_PATTERN, message: t('attrs.badKeys') }]}>
        <Input data-testid="attr-keys" />
      </Form.Item>
      <Form.Item name="keyref" label="keyref">
        <Input />
      </Form.Item>
      {node.name === 'keydef' && (
        <>
          <Form.Item name="linktext" label="linktext">
            <Input />
          </Form.Item>
          <Form.Item name="keywords" label="keyword">
            <Input />
          </Form.Item>
        </>
      )}
      <Form.Item name="toc" label="toc">
        <Select allowClear options={select(['yes', 'no'])} data-testid="attr-toc" />
      </Form.Item>
      <Form.Item name="processing-role" label="processing-role">
        <Select allowClear options={select(['normal', 'resource-only'])} />
      </Form.Item>
      <Form.Item name="chunk" label="chunk">
        <Select
          allowClear
          mode={undefined}
          options={select(['to-content', 'by-topic', 'by-document', 'to-navigation', 'select-topic', 'select-document', 'select-branch'])}
        />
      </Form.Item>
      <Form.Item name="format" label="format">
        <Select allowClear options={select(['dita', 'ditamap', 'html', 'pdf'])} />
      </Form.Item>
      <Form.Item name="scope" label="scope">
        <Select allowClear options={select(['local', 'peer', 'external'])} />
      </Form.Item>
      <Form.Item name="copy-to" label="copy-to">
        <Input />
      </Form.Item>
      {CONDITIONAL.map((a) => (
        <Form.Item key={a} name={a} label={a}>
          <Select mode="tags" tokenSeparators={[' ', ',']} options={select([...offered[a]])} data-testid={`attr-${a}`} />
        </Form.Item>
      ))}
      {!readOnly && (
        <Button type="primary" htmlType="submit" block data-testid="attrs-apply">
          {t('attrs.apply')}
        </Button>
      )}
    </Form>
  );
}
