import { S1000D_TEMPLATE_PLACEHOLDERS, TEMPLATE_LANGS, TEMPLATE_PLACEHOLDERS, type Template, TemplateBody } from '@ccms/contracts/content/template';
import { Alert, App, Col, Form, Input, List, Radio, Row, Select, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDict } from '../../../../shared/dict/use-dict';
import { FormDialog } from '../../../../shared/form/FormDialog';
import { useEntityForm } from '../../../../shared/form/use-entity-form';
import { zodMaxLength, zodRules } from '../../../../shared/form/zod-rules';
import { useDebounced } from '../../../../shared/use-debounced';
import { useDoctypeOptions } from '../../doctype/doctype-queries';
import { templateQueries, useSaveTemplate, useTemplatePreview } from '../template-queries';

const EMPTY: TemplateBody = { templateName: '', doctypeId: 0, lang: 'zh-CN', content: '', status: '0', remark: '' };
const names = (list: readonly string[]) => list.map((n) => `$\{${n}}`).join(' ');

/** The preview beside the form: the filled XML, its problems (located) and, for a topic, the rendering. */
function TemplatePreviewPane({ doctypeId, lang, content }: { doctypeId: number; lang: TemplateBody['lang']; content: string }) {
  const { t } = useTranslation('template');
  const settled = useDebounced({ doctypeId, lang, content }, 400);
  const preview = useTemplatePreview(settled.doctypeId > 0 && settled.content.trim() !== '' ? settled : null);
  if (preview.error) return <Alert type="error" showIcon title={preview.error.message} />;
  const data = preview.data;
  if (!data) return <Typography.Text type="secondary">{t('previewHint')}</Typography.Text>;
  return (
    <div data-testid="template-preview">
      <List
        size="small"
        header={t('problems')}
        dataSource={data.problems}
        locale={{ emptyText: t('noProblems') }}
        renderItem={(p) => (
          <List.Item>
            <Typography.Text type={p.severity === 'error' ? 'danger' : 'warning'}>
              {t('line', { line: p.line, column: p.column })}: {p.message}
            </Typography.Text>
          </List.Item>
        )}
      />
      <Tabs
        size="small"
        items={[
          {
            key: 'rendered',
            label: t('rendered'),
            children: data.html ? (
              <iframe title={t('rendered')} sandbox="" srcDoc={data.html} style={{ width: '100%', height: 320, border: '1px solid #eee' }} />
            ) : (
              <Typography.Text type="secondary">{t('noRendering')}</Typography.Text>
            ),
          },
          { key: 'xml', label: t('xml'), children: <pre style={{ maxHeight: 320, overflow: 'auto', fontSize: 12 }}>{data.xml}</pre> },
        ]}
      />
    </div>
  );
}

/** Add or edit a template; the server checks it against its document type when saved. */
export function TemplateFormDialog({ open, templateId, onClose }: { open: boolean; templateId: number | undefined; onClose: () => void }) {
  const { t } = useTranslation('template');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const statuses = useDict('sys_normal_disable');
  const doctypes = useDoctypeOptions();
  const saveTemplate = useSaveTemplate();
  const entity = useEntityForm<TemplateBody, Template>({
    open,
    load: templateId === undefined ? undefined : templateQueries.detail(templateId),
    toValues: (r) => ({
      templateName: r.templateName,
      doctypeId: r.doctypeId,
      lang: r.lang === 'en-US' ? 'en-US' : 'zh-CN',
      content: r.content,
      status: r.status === '1' ? '1' : '0',
      remark: r.remark,
    }),
    defaults: EMPTY,
    save: (v) => saveTemplate.mutateAsync(templateId === undefined ? v : { ...v, templateId }),
    onSaved: () => {
      message.success(tc('success'));
      onClose();
    },
  });
  const doctypeId = Form.useWatch('doctypeId', entity.form) ?? 0;
  const lang = Form.useWatch('lang', entity.form) ?? 'zh-CN';
  const content = Form.useWatch('content', entity.form) ?? '';
  // An S1000D type's templates also have the date's parts, the language's codes and the enterprise code.
  const s1000d = doctypes.data?.find((d) => d.doctypeId === doctypeId)?.grammar === 's1000d';
  return (
    <FormDialog
      open={open}
      title={templateId !== undefined ? t('editTitle') : t('addTitle')}
      labelWidth={100}
      width={1100}
      name="template-form"
      entity={entity}
      onClose={onClose}
    >
      <Row gutter={16}>
        <Col span={13}>
          <Form.Item name="templateName" label={t('templateName')} rules={zodRules(TemplateBody, 'templateName', t('templateName'))}>
            <Input maxLength={zodMaxLength(TemplateBody, 'templateName')} placeholder={t('namePlaceholder')} />
          </Form.Item>
          {/* The empty form's 0 is no type: the select shows its placeholder, not "0". Nine types or so: no virtual list,
              whose self-scrolling could swallow a click. */}
          <Form.Item
            name="doctypeId"
            label={t('doctype')}
            rules={zodRules(TemplateBody, 'doctypeId', t('doctype'), { range: t('doctypeRequired') })}
            getValueProps={(value: number) => ({ value: value > 0 ? value : undefined })}
          >
            <Select
              virtual={false}
              placeholder={t('doctypeRequired')}
              options={(doctypes.data ?? []).map((d) => ({ value: d.doctypeId, label: `${d.doctypeName} (${d.fileSuffix})` }))}
            />
          </Form.Item>
          <Form.Item name="lang" label={t('lang')}>
            <Radio.Group options={TEMPLATE_LANGS.map((l) => ({ value: l, label: t(`langs.${l}`) }))} />
          </Form.Item>
          <Form.Item
            name="content"
            label={t('content')}
            extra={t('placeholders', { names: names(s1000d ? S1000D_TEMPLATE_PLACEHOLDERS : TEMPLATE_PLACEHOLDERS) })}
            rules={zodRules(TemplateBody, 'content', t('content'))}
          >
            <Input.TextArea rows={16} spellCheck={false} style={{ fontFamily: 'monospace', fontSize: 12 }} />
          </Form.Item>
          <Form.Item name="status" label={t('status')}>
            <Radio.Group options={statuses.map((s) => ({ value: s.value, label: s.label }))} />
          </Form.Item>
          <Form.Item name="remark" label={t('remark')} rules={zodRules(TemplateBody, 'remark', t('remark'))}>
            <Input maxLength={zodMaxLength(TemplateBody, 'remark')} />
          </Form.Item>
        </Col>
        <Col span={11}>
          <Typography.Title level={5}>{t('preview')}</Typography.Title>
          <TemplatePreviewPane doctypeId={doctypeId} lang={lang} content={content} />
        </Col>
      </Row>
    </FormDialog>
  );
}
