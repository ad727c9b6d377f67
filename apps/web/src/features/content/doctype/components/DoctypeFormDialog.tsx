import { BUILT_IN_EDITORS, DOCTYPE_GRAMMARS, type Doctype, DoctypeBody } from '@ccms/contracts/content/doctype';
import { App, Form, Input, Radio, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDict } from '../../../../shared/dict/use-dict';
import { FormDialog } from '../../../../shared/form/FormDialog';
import { useEntityForm } from '../../../../shared/form/use-entity-form';
import { zodMaxLength, zodRules } from '../../../../shared/form/zod-rules';
import { useTemplateOptions } from '../../template/template-queries';
import { doctypeQueries, useSaveDoctype } from '../doctype-queries';

const EMPTY: DoctypeBody = {
  doctypeName: '',
  rootElements: [],
  publicId: '',
  systemId: '',
  fileSuffix: '.dita',
  grammar: 'catalog',
  validateOnSave: true,
  defaultTemplateId: null,
  editor: 'topic',
  status: '0',
  remark: '',
};

/** Add or edit a document type; its default template is one of its own templates (so only when editing). */
export function DoctypeFormDialog({ open, doctypeId, onClose }: { open: boolean; doctypeId: number | undefined; onClose: () => void }) {
  const { t } = useTranslation('doctype');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const statuses = useDict('sys_normal_disable');
  const saveDoctype = useSaveDoctype();
  const templates = useTemplateOptions(undefined, open && doctypeId !== undefined);
  const entity = useEntityForm<DoctypeBody, Doctype>({
    open,
    load: doctypeId === undefined ? undefined : doctypeQueries.detail(doctypeId),
    toValues: (d) => ({
      doctypeName: d.doctypeName,
      rootElements: d.rootElements,
      publicId: d.publicId,
      systemId: d.systemId,
      fileSuffix: d.fileSuffix,
      grammar: d.grammar === 'none' || d.grammar === 's1000d' ? d.grammar : 'catalog',
      validateOnSave: d.validateOnSave,
      defaultTemplateId: d.defaultTemplateId,
      editor: (BUILT_IN_EDITORS as readonly string[]).includes(d.editor) ? (d.editor as DoctypeBody['editor']) : 'view',
      status: d.status === '1' ? '1' : '0',
      remark: d.remark,
    }),
    defaults: EMPTY,
    save: (v) => saveDoctype.mutateAsync(doctypeId === undefined ? v : { ...v, doctypeId }),
    onSaved: () => {
      message.success(tc('success'));
      onClose();
    },
  });
  const name = Form.useWatch('doctypeName', entity.form);
  const own = (templates.data ?? []).filter((o) => o.doctypeName === name);
  return (
    <FormDialog
      open={open}
      title={doctypeId !== undefined ? t('editTitle') : t('addTitle')}
      labelWidth={130}
      width={680}
      name="doctype-form"
      entity={entity}
      onClose={onClose}
    >
      <Form.Item name="doctypeName" label={t('doctypeName')} rules={zodRules(DoctypeBody, 'doctypeName', t('doctypeName'))}>
        <Input maxLength={zodMaxLength(DoctypeBody, 'doctypeName')} placeholder={t('namePlaceholder')} />
      </Form.Item>
      <Form.Item name="rootElements" label={t('rootElements')} rules={zodRules(DoctypeBody, 'rootElements', t('rootElements'))}>
        <Select mode="tags" open={false} tokenSeparators={[',', ' ']} placeholder={t('rootPlaceholder')} />
      </Form.Item>
      <Form.Item name="fileSuffix" label={t('fileSuffix')} rules={zodRules(DoctypeBody, 'fileSuffix', t('fileSuffix'))}>
        <Input maxLength={zodMaxLength(DoctypeBody, 'fileSuffix')} placeholder={t('suffixPlaceholder')} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item name="grammar" label={t('grammar')}>
        <Select options={DOCTYPE_GRAMMARS.map((g) => ({ value: g, label: t(`grammars.${g}`) }))} />
      </Form.Item>
      <Form.Item name="publicId" label={t('publicId')} rules={zodRules(DoctypeBody, 'publicId', t('publicId'))}>
        <Input maxLength={zodMaxLength(DoctypeBody, 'publicId')} placeholder={t('publicIdPlaceholder')} />
      </Form.Item>
      <Form.Item name="systemId" label={t('systemId')} rules={zodRules(DoctypeBody, 'systemId', t('systemId'))}>
        <Input maxLength={zodMaxLength(DoctypeBody, 'systemId')} placeholder={t('systemIdPlaceholder')} />
      </Form.Item>
      <Form.Item name="validateOnSave" label={t('validateOnSave')} valuePropName="checked">
        <Switch />
      </Form.Item>
      {doctypeId !== undefined && (
        <Form.Item name="defaultTemplateId" label={t('defaultTemplate')}>
          <Select allowClear placeholder={t('noTemplate')} options={own.map((o) => ({ value: o.templateId, label: `${o.templateName} (${o.lang})` }))} />
        </Form.Item>
      )}
      <Form.Item name="editor" label={t('editor')}>
        <Select options={BUILT_IN_EDITORS.map((e) => ({ value: e, label: t(`editors.${e}`) }))} />
      </Form.Item>
      <Form.Item name="status" label={t('status')}>
        <Radio.Group options={statuses.map((s) => ({ value: s.value, label: s.label }))} />
      </Form.Item>
      <Form.Item name="remark" label={t('remark')} rules={zodRules(DoctypeBody, 'remark', t('remark'))}>
        <Input.TextArea maxLength={zodMaxLength(DoctypeBody, 'remark')} rows={2} />
      </Form.Item>
    </FormDialog>
  );
}
