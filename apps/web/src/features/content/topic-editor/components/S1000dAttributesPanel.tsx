import type { EditorGrammar } from '@ccms/contracts/content/topic-editor-pickers';
import { Button, Empty, Form, Input, Select, Typography } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { applicGroups } from '../model/applic-preview';
import type { SelectedElement } from './AttributesPanel';

const ID_PATTERN = /^[A-Za-z_][A-Za-z0-9._-]*$/;
/** Attributes of every S1000D element the panel always offers, before the element's own. */
const COMMON = ['id', 'applicRefId', 'changeMark', 'changeType', 'reasonForUpdateRefIds'] as const;
const CHANGE_TYPES = ['add', 'delete', 'modify'];

/**
 * The selected element's attributes in an S1000D module, as its schema declares them (the
 * installed XSD, through the editor's grammar): a choice where the schema lists the values, text
 * otherwise, required ones marked; applicRefId offers the module's applics by display text.
 * Applying writes them all (an emptied one is removed); attributes the schema does not know stay.
 */
export function S1000dAttributesPanel({
  element,
  grammar,
  readContent,
  readOnly,
  onApply,
}: {
  element: SelectedElement | null;
  /** The schema's elements (undefined while the grammar loads or when none is installed). */
  grammar: EditorGrammar['elements'] | undefined;
  readContent: () => string;
  readOnly: boolean;
  onApply: (attrs: Record<string, string>) => void;
}) {
  const { t } = useTranslation('topic-editor');
  const [form] = Form.useForm<Record<string, string>>();
  const declared = element ? grammar?.[element.name]?.attributes : undefined;
  const fields = useMemo(() => {
    const byName = new Map((declared ?? []).map((a) => [a.name, a]));
    const names = [
      ...COMMON.filter((n) => !declared || byName.has(n)),
      ...(declared ?? []).map((a) => a.name).filter((n) => !(COMMON as readonly string[]).includes(n)),
    ];
    // Without the schema: the common ones and what the element carries.
    if (!declared && element) for (const n of Object.keys(element.attrs)) if (!names.includes(n)) names.push(n);
    return names.map((name) => ({
      name,
      values: name === 'changeType' ? (byName.get(name)?.values ?? CHANGE_TYPES) : byName.get(name)?.values,
      required: byName.get(name)?.required === true,
    }));
  }, [declared, element]);
  // The module's applics, read when the selection changes (the panel shows them for the element at hand).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the applics are read again for each selected element
  const applics = useMemo(() => [...applicGroups(readContent())].map(([id, e]) => ({ value: id, label: `${id}: ${e.text}` })), [readContent, element]);

  useEffect(() => {
    if (!element) return;
    form.resetFields();
    form.setFieldsValue(Object.fromEntries(fields.map((f) => [f.name, element.attrs[f.name] ?? ''])));
  }, [element, fields, form]);

  if (!element) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('attrs.none')} />;
  return (
    <Form<Record<string, string>>
      form={form}
      layout="horizontal"
      labelCol={{ flex: '110px' }}
      wrapperCol={{ flex: '1 1 0' }}
      labelWrap
      colon={false}
      className="te-attrs-form"
      size="small"
      name="editor-s1000d-attrs"
      disabled={readOnly}
      onFinish={(v) => onApply(Object.fromEntries(fields.map((f) => [f.name, (v[f.name] ?? '').trim()])))}
    >
      <Typography.Text strong data-testid="attrs-element">
        {t('attrs.element', { name: element.name })}
      </Typography.Text>
      {fields.map((f) => (
        <Form.Item
          key={f.name}
          name={f.name}
          label={f.name}
          rules={[
            ...(f.required ? [{ required: true, message: t('attrs.required', { name: f.name }) }] : []),
            ...(f.name === 'id' ? [{ pattern: ID_PATTERN, message: t('attrs.invalidId') }] : []),
          ]}
        >
          {f.name === 'applicRefId' ? (
            <Select allowClear showSearch options={applics} aria-label={f.name} data-testid="attrs-applicRefId" />
          ) : f.values ? (
            <Select allowClear options={f.values.map((v) => ({ value: v, label: v }))} aria-label={f.name} />
          ) : (
            <Input allowClear aria-label={f.name} />
          )}
        </Form.Item>
      ))}
      <Button type="primary" htmlType="submit" block className="te-attrs-apply">
        {t('attrs.apply')}
      </Button>
    </Form>
  );
}
