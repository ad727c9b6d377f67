import { type FormDesign, type FormField, type FormNode, isRow } from './form-schema';

/** A JavaScript string literal. */
const str = (s: string) => JSON.stringify(s);

/** An attribute value in JSX: `"text"` when plain, `{"text"}` when it needs escaping. */
const attr = (s: string) => (/^[^"{}<>&\\]*$/.test(s) ? `"${s}"` : `{${str(s)}}`);

/** The TypeScript type of a field's value in the form's values. */
function valueType(f: FormField): string {
  switch (f.kind) {
    case 'number':
      return 'number';
    case 'switch':
      return 'boolean';
    case 'checkbox':
      return 'string[]';
    case 'date':
      return 'Dayjs';
    case 'dateRange':
      return '[Dayjs, Dayjs]';
    case 'upload':
      return 'UploadFile[]';
    default:
      return 'string';
  }
}

/** The field's antd rules, as source. */
function rules(f: FormField): string[] {
  const out: string[] = [];
  if (f.required) out.push(`{ required: true, message: ${str(`${f.label || f.name} is required`)} }`);
  const lengthKinds = ['input', 'textarea', 'editor'];
  if (f.min !== undefined) out.push(lengthKinds.includes(f.kind) ? `{ min: ${f.min} }` : `{ type: 'number', min: ${f.min} }`);
  if (f.max !== undefined) out.push(lengthKinds.includes(f.kind) ? `{ max: ${f.max} }` : `{ type: 'number', max: ${f.max} }`);
  if (f.pattern) out.push(`{ pattern: new RegExp(${str(f.pattern)})${f.patternMessage ? `, message: ${str(f.patternMessage)}` : ''} }`);
  return out;
}

const dictVar = (type: string) => `dict_${type.replace(/[^A-Za-z0-9_]/g, '_')}`;

function optionsExpr(f: FormField): string {
  if (f.dictType) return dictVar(f.dictType);
  return `[${(f.options ?? []).map((o) => `{ label: ${str(o.label)}, value: ${str(o.value)} }`).join(', ')}]`;
}

function control(f: FormField): string {
  const ph = f.placeholder ? ` placeholder=${attr(f.placeholder)}` : '';
  switch (f.kind) {
    case 'input':
      return `<Input${ph} />`;
    case 'textarea':
      return `<Input.TextArea rows={4}${ph} />`;
    case 'editor':
      return `<RichTextEditor${ph} label=${attr(f.label)} />`;
    case 'number':
      return `<InputNumber style={{ width: '100%' }}${ph} />`;
    case 'select':
      return `<Select options={${optionsExpr(f)}}${ph} allowClear />`;
    case 'radio':
      return `<Radio.Group options={${optionsExpr(f)}} />`;
    case 'checkbox':
      return `<Checkbox.Group options={${optionsExpr(f)}} />`;
    case 'switch':
      return '<Switch />';
    case 'date':
      return `<DatePicker style={{ width: '100%' }} />`;
    case 'dateRange':
      return `<DatePicker.RangePicker style={{ width: '100%' }} />`;
    case 'upload':
      return '<Upload beforeUpload={() => false}>\n  <Button icon={<UploadOutlined />}>Upload</Button>\n</Upload>';
  }
}

const indent = (text: string, by: number) =>
  text
    .split('\n')
    .map((l) => (l ? ' '.repeat(by) + l : l))
    .join('\n');

function item(f: FormField): string {
  const extra = [
    f.kind === 'switch' ? ' valuePropName="checked"' : '',
    f.kind === 'upload' ? ' valuePropName="fileList" getValueFromEvent={(e: { fileList: UploadFile[] }) => e.fileList}' : '',
    rules(f).length ? ` rules={[${rules(f).join(', ')}]}` : '',
  ].join('');
  return `<Form.Item label=${attr(f.label)} name=${attr(f.name)}${extra}>\n${indent(control(f), 2)}\n</Form.Item>`;
}

function node(n: FormNode): string {
  if (!isRow(n)) return item(n);
  const cols = n.columns.map((c) => `<Col span={${c.span}}>\n${indent(c.items.map(item).join('\n'), 2)}\n</Col>`);
  return `<Row gutter={${n.gutter}}>\n${indent(cols.join('\n'), 2)}\n</Row>`;
}

/** The default values as a source object literal (dates are left to the user). */
function initialValues(fields: FormField[]): string {
  const entries = fields
    .filter((f) => f.defaultValue !== undefined && f.defaultValue !== '' && !['date', 'dateRange', 'upload'].includes(f.kind))
    .map((f) => `${f.name}: ${JSON.stringify(f.defaultValue)}`);
  return `{ ${entries.join(', ')} }`;
}

/**
 * The design as a React + antd component: one `Form` with a typed values interface, the rules,
 * the defaults and a submit button. Dictionary options come from the app's `useDict`.
 */
export function toReactSource(design: FormDesign, componentName = 'GeneratedForm'): string {
  const fields = design.items.flatMap((n) => (isRow(n) ? n.columns.flatMap((c) => c.items) : [n]));
  const kinds = new Set(fields.map((f) => f.kind));
  const antd = new Set(['Button', 'Form']);
  if (design.items.some(isRow)) {
    antd.add('Row');
    antd.add('Col');
  }
  for (const k of kinds) {
    if (k === 'input' || k === 'textarea') antd.add('Input');
    if (k === 'number') antd.add('InputNumber');
    if (k === 'select') antd.add('Select');
    if (k === 'radio') antd.add('Radio');
    if (k === 'checkbox') antd.add('Checkbox');
    if (k === 'switch') antd.add('Switch');
    if (k === 'date' || k === 'dateRange') antd.add('DatePicker');
    if (k === 'upload') antd.add('Upload');
  }
  const dictTypes = [...new Set(fields.map((f) => f.dictType).filter((d): d is string => Boolean(d)))];
  const lines: string[] = [];
  if (kinds.has('upload')) lines.push("import { UploadOutlined } from '@ant-design/icons';");
  lines.push(`import { ${[...antd].sort().join(', ')} } from 'antd';`);
  if (kinds.has('upload')) lines.push("import type { UploadFile } from 'antd';");
  if (kinds.has('date') || kinds.has('dateRange')) lines.push("import type { Dayjs } from 'dayjs';");
  if (kinds.has('editor'))
    lines.push(
      "// The app's rich text field (the notice editor's), from a file in features/<area>/<entity>/.",
      "import { RichTextEditor } from '../../system/notice/components/RichTextEditor';",
    );
  if (dictTypes.length)
    lines.push(
      "// The app's dictionary hook (apps/web/src/shared/dict/use-dict.ts), from a file in features/<area>/<entity>/.",
      "import { useDict } from '../../../shared/dict/use-dict';",
    );
  lines.push('');
  lines.push(`export interface ${componentName}Values {`);
  for (const f of fields) lines.push(`  ${f.name}${f.required ? '' : '?'}: ${valueType(f)};`);
  lines.push('}', '');
  lines.push(`export function ${componentName}({ onFinish }: { onFinish: (values: ${componentName}Values) => void }) {`);
  lines.push(`  const [form] = Form.useForm<${componentName}Values>();`);
  for (const d of dictTypes) lines.push(`  const ${dictVar(d)} = useDict(${str(d)});`);
  lines.push('  return (');
  const labelCol = design.layout === 'horizontal' ? ` labelCol={{ style: { width: ${design.labelWidth} } }}` : '';
  lines.push(`    <Form form={form} layout="${design.layout}"${labelCol} initialValues={${initialValues(fields)}} onFinish={onFinish}>`);
  for (const n of design.items) lines.push(indent(node(n), 6));
  lines.push('      <Form.Item>', '        <Button type="primary" htmlType="submit">', '          Submit', '        </Button>', '      </Form.Item>');
  lines.push('    </Form>', '  );', '}', '');
  return lines.join('\n');
}
