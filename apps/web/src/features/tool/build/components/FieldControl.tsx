import { UploadOutlined } from '@ant-design/icons';
import { Button, Checkbox, Col, DatePicker, Form, Input, InputNumber, Radio, Row, Select, Switch, Upload } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { useDict } from '../../../../shared/dict/use-dict';
import { RichTextEditor } from '../../../system/notice/components/RichTextEditor';
import type { FormField, FormNode } from '../form-schema';
import { isRow } from '../form-schema';

/** The options a field shows: its dictionary's entries, or those typed in. */
function useFieldOptions(f: FormField) {
  const dict = useDict(f.dictType ?? '');
  return f.dictType ? dict.map((d) => ({ label: d.label, value: d.value })) : (f.options ?? []);
}

/**
 * The antd control of a field, as the exported source writes it. Inside a `Form.Item` with a
 * name, the item's id, value and onChange arrive as the other props and go to the control.
 */
export function FieldControl({ field: f, ...bound }: { field: FormField } & Record<string, unknown>) {
  const { t } = useTranslation('tool');
  const options = useFieldOptions(f);
  switch (f.kind) {
    case 'input':
      return <Input {...bound} placeholder={f.placeholder} />;
    case 'textarea':
      return <Input.TextArea {...bound} rows={4} placeholder={f.placeholder} />;
    case 'editor':
      // The notice editor's rich text field (sanitized HTML), no extra library.
      return <RichTextEditor {...bound} placeholder={f.placeholder} label={f.label} />;
    case 'number':
      return <InputNumber {...bound} style={{ width: '100%' }} placeholder={f.placeholder} />;
    case 'select':
      return <Select {...bound} options={options} placeholder={f.placeholder} allowClear />;
    case 'radio':
      return <Radio.Group {...bound} options={options} />;
    case 'checkbox':
      return <Checkbox.Group {...bound} options={options} />;
    case 'switch':
      return <Switch {...bound} />;
    case 'date':
      return <DatePicker {...bound} style={{ width: '100%' }} />;
    case 'dateRange':
      return <DatePicker.RangePicker {...bound} style={{ width: '100%' }} />;
    case 'upload':
      return (
        <Upload {...bound} beforeUpload={() => false}>
          <Button icon={<UploadOutlined />}>{t('build.upload')}</Button>
        </Upload>
      );
  }
}

/** The field's rules, as the exported source writes them. */
export function fieldRules(f: FormField, requiredMessage: string): Rule[] {
  const out: Rule[] = [];
  const lengthKinds = ['input', 'textarea', 'editor'];
  if (f.required) out.push({ required: true, message: requiredMessage });
  if (f.min !== undefined) out.push(lengthKinds.includes(f.kind) ? { min: f.min } : { type: 'number', min: f.min });
  if (f.max !== undefined) out.push(lengthKinds.includes(f.kind) ? { max: f.max } : { type: 'number', max: f.max });
  if (f.pattern) {
    try {
      out.push({ pattern: new RegExp(f.pattern), message: f.patternMessage || undefined });
    } catch {
      // A pattern still being typed: the property panel shows it as invalid.
    }
  }
  return out;
}

/** One field as a `Form.Item` of the live preview. */
export function FieldItem({ field: f }: { field: FormField }) {
  const { t } = useTranslation('tool');
  const extra =
    f.kind === 'switch'
      ? { valuePropName: 'checked' }
      : f.kind === 'upload'
        ? { valuePropName: 'fileList', getValueFromEvent: (e: { fileList: unknown[] }) => e.fileList }
        : {};
  return (
    <Form.Item label={f.label} name={f.name} rules={fieldRules(f, t('build.requiredMessage', { label: f.label || f.name }))} {...extra}>
      <FieldControl field={f} />
    </Form.Item>
  );
}

/** A design's nodes as the live preview's form items. */
export function DesignItems({ items }: { items: FormNode[] }) {
  return (
    <>
      {items.map((n) =>
        isRow(n) ? (
          <Row key={n.id} gutter={n.gutter}>
            {n.columns.map((c) => (
              <Col key={c.id} span={c.span}>
                {c.items.map((f) => (
                  <FieldItem key={f.id} field={f} />
                ))}
              </Col>
            ))}
          </Row>
        ) : (
          <FieldItem key={n.id} field={n} />
        ),
      )}
    </>
  );
}
