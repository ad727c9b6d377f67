import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useTemplateOptions } from '../../template/template-queries';

/**
 * The template a new S1000D object starts from: the enabled S1000D templates of its schema
 * (System Manager → Template); empty means the schema document type's default template.
 */
export function S1000dTemplateSelect({ schema, open, testId }: { schema: string | undefined; open: boolean; testId: string }) {
  const { t } = useTranslation('s1000d');
  const templates = useTemplateOptions('s1000d', open);
  const options = (templates.data ?? []).filter((o) => o.doctypeName === schema).map((o) => ({ value: o.templateId, label: o.templateName }));
  return (
    <Form.Item name="templateId" label={t('newModule.template')} extra={t('newModule.templateHint')}>
      <Select allowClear data-testid={testId} loading={templates.isLoading} placeholder={t('newModule.templateDefault')} options={options} />
    </Form.Item>
  );
}
