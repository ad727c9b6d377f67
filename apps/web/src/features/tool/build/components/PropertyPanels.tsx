import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, InputNumber, Radio, Select, Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDictTypeOptions } from '../../../system/dict/dict-queries';
import { type FormDesign, type FormField, type FormRow, newId, OPTION_KINDS } from '../form-schema';

// The property panels of the form builder: the whole form, a grid row, or a field, whichever is selected.

/** The whole form's properties: layout and label width. */
export function FormProps({ design, onChange }: { design: FormDesign; onChange: (d: FormDesign) => void }) {
  const { t } = useTranslation('tool');
  return (
    <Form layout="vertical" size="small">
      <Form.Item label={t('build.layout')}>
        <Radio.Group
          value={design.layout}
          onChange={(e) => onChange({ ...design, layout: e.target.value })}
          options={[
            { label: t('build.horizontal'), value: 'horizontal' },
            { label: t('build.vertical'), value: 'vertical' },
          ]}
        />
      </Form.Item>
      <Form.Item label={t('build.labelWidth')}>
        <InputNumber min={40} max={400} value={design.labelWidth} onChange={(v) => onChange({ ...design, labelWidth: v ?? 100 })} />
      </Form.Item>
    </Form>
  );
}

/** A grid row's properties: gutter and columns (1 to 4, spans summing to 24). */
export function RowProps({ row, onChange }: { row: FormRow; onChange: (r: FormRow) => void }) {
  const { t } = useTranslation('tool');
  const setColumns = (n: number) => {
    const span = Math.floor(24 / n);
    const columns = Array.from({ length: n }, (_, i) => ({ id: row.columns[i]?.id ?? newId('c'), span, items: row.columns[i]?.items ?? [] }));
    // Fields of dropped columns move to the last one kept.
    const dropped = row.columns.slice(n).flatMap((c) => c.items);
    const last = columns[n - 1];
    if (last) last.items = [...last.items, ...dropped];
    onChange({ ...row, columns });
  };
  return (
    <Form layout="vertical" size="small">
      <Form.Item label={t('build.gutter')}>
        <InputNumber min={0} max={64} value={row.gutter} onChange={(v) => onChange({ ...row, gutter: v ?? 0 })} />
      </Form.Item>
      <Form.Item label={t('build.columns')}>
        <Radio.Group
          value={row.columns.length}
          onChange={(e) => setColumns(e.target.value)}
          options={[1, 2, 3, 4].map((n) => ({ label: String(n), value: n }))}
        />
      </Form.Item>
    </Form>
  );
}

/** A field's properties: label, name, required, rules, default, options or a dictionary. */
export function FieldProps({ field, onChange }: { field: FormField; onChange: (patch: Partial<FormField>) => void }) {
  const { t } = useTranslation('tool');
  const dictTypes = useDictTypeOptions();
  const nameOk = /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(field.name);
  let patternOk = true;
  try {
    if (field.pattern) new RegExp(field.pattern);
  } catch {
    patternOk = false;
  }
  const num = (v: number | null) => (v === null ? undefined : v);
  const hasOptions = OPTION_KINDS.includes(field.kind);
  return (
    <Form layout="vertical" size="small">
      <Form.Item label={t('build.kind')}>
        <Typography.Text>{t(`build.kinds.${field.kind}`)}</Typography.Text>
      </Form.Item>
      <Form.Item label={t('build.label')} htmlFor="fb-prop-label">
        <Input id="fb-prop-label" value={field.label} onChange={(e) => onChange({ label: e.target.value })} />
      </Form.Item>
      <Form.Item
        label={t('build.name')}
        htmlFor="fb-prop-name"
        validateStatus={nameOk ? undefined : 'error'}
        help={nameOk ? undefined : t('build.nameInvalid')}
      >
        <Input id="fb-prop-name" value={field.name} onChange={(e) => onChange({ name: e.target.value })} />
      </Form.Item>
      <Form.Item label={t('build.required')} htmlFor="fb-prop-required">
        <Switch id="fb-prop-required" checked={field.required} onChange={(v) => onChange({ required: v })} />
      </Form.Item>
      {!['switch', 'radio', 'checkbox', 'upload', 'date', 'dateRange'].includes(field.kind) && (
        <Form.Item label={t('build.placeholder')}>
          <Input value={field.placeholder ?? ''} onChange={(e) => onChange({ placeholder: e.target.value || undefined })} />
        </Form.Item>
      )}
      {['input', 'textarea', 'editor', 'number'].includes(field.kind) && (
        <Space>
          <Form.Item label={field.kind === 'number' ? t('build.minValue') : t('build.minLength')}>
            <InputNumber value={field.min} onChange={(v) => onChange({ min: num(v) })} />
          </Form.Item>
          <Form.Item label={field.kind === 'number' ? t('build.maxValue') : t('build.maxLength')}>
            <InputNumber value={field.max} onChange={(v) => onChange({ max: num(v) })} />
          </Form.Item>
        </Space>
      )}
      {['input', 'textarea'].includes(field.kind) && (
        <>
          <Form.Item label={t('build.pattern')} validateStatus={patternOk ? undefined : 'error'} help={patternOk ? undefined : t('build.patternInvalid')}>
            <Input value={field.pattern ?? ''} onChange={(e) => onChange({ pattern: e.target.value || undefined })} />
          </Form.Item>
          <Form.Item label={t('build.patternMessage')}>
            <Input value={field.patternMessage ?? ''} onChange={(e) => onChange({ patternMessage: e.target.value || undefined })} />
          </Form.Item>
        </>
      )}
      {['input', 'textarea', 'editor', 'select', 'radio'].includes(field.kind) && (
        <Form.Item label={t('build.defaultValue')}>
          <Input
            value={typeof field.defaultValue === 'string' ? field.defaultValue : ''}
            onChange={(e) => onChange({ defaultValue: e.target.value || undefined })}
          />
        </Form.Item>
      )}
      {field.kind === 'number' && (
        <Form.Item label={t('build.defaultValue')}>
          <InputNumber value={typeof field.defaultValue === 'number' ? field.defaultValue : undefined} onChange={(v) => onChange({ defaultValue: num(v) })} />
        </Form.Item>
      )}
      {field.kind === 'switch' && (
        <Form.Item label={t('build.defaultValue')}>
          <Switch checked={field.defaultValue === true} onChange={(v) => onChange({ defaultValue: v })} />
        </Form.Item>
      )}
      {hasOptions && (
        <>
          <Form.Item label={t('build.dictType')}>
            <Select
              allowClear
              showSearch
              value={field.dictType}
              placeholder={t('build.dictTypeNone')}
              options={(dictTypes.data ?? []).map((d) => ({ label: `${d.dictName} (${d.dictType})`, value: d.dictType }))}
              onChange={(v) => onChange({ dictType: v || undefined })}
            />
          </Form.Item>
          {!field.dictType && (
            <Form.Item label={t('build.options')}>
              {(field.options ?? []).map((o, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: options are edited in place; their values may repeat while typed
                <Space.Compact key={i} className="fb-option">
                  <Input
                    aria-label={t('build.optionLabel')}
                    value={o.label}
                    onChange={(e) => onChange({ options: (field.options ?? []).map((x, j) => (j === i ? { ...x, label: e.target.value } : x)) })}
                  />
                  <Input
                    aria-label={t('build.optionValue')}
                    value={o.value}
                    onChange={(e) => onChange({ options: (field.options ?? []).map((x, j) => (j === i ? { ...x, value: e.target.value } : x)) })}
                  />
                  <Button
                    icon={<DeleteOutlined />}
                    aria-label={t('build.delete')}
                    onClick={() => onChange({ options: (field.options ?? []).filter((_, j) => j !== i) })}
                  />
                </Space.Compact>
              ))}
              <Button
                size="small"
                icon={<PlusOutlined />}
                onClick={() => {
                  const n = (field.options ?? []).length + 1;
                  onChange({ options: [...(field.options ?? []), { label: `${field.label} ${n}`, value: String(n) }] });
                }}
              >
                {t('build.addOption')}
              </Button>
            </Form.Item>
          )}
        </>
      )}
    </Form>
  );
}
