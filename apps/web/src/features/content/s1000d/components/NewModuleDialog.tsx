import { type DmcInput, NewModuleBody, S1000D_TEMPLATE_SCHEMAS } from '@ccms/contracts/content/s1000d-authoring';
import { App, AutoComplete, Form, Input, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormDialog } from '../../../../shared/form/FormDialog';
import { useEntityForm } from '../../../../shared/form/use-entity-form';
import { zodMaxLength, zodRules } from '../../../../shared/form/zod-rules';
import { topicDetailPath } from '../../shared/paths';
import { useCreateModule, useDmcOptions } from '../s1000d-queries';
import { DmcCodeFields, dmcOf, dmcPreview } from './DmcCodeFields';
import { S1000dTemplateSelect } from './S1000dTemplateSelect';

type Segment = keyof DmcInput;
type Values = Record<Exclude<Segment, 'learnCode' | 'learnEventCode'>, string> & {
  learnCode: string;
  learnEventCode: string;
  schema: (typeof S1000D_TEMPLATE_SCHEMAS)[number];
  language: string;
  techName: string;
  infoName: string;
  pmPath: string;
  /** A template of the schema; null: the schema's default. */
  templateId: number | null;
};

export interface NewModuleDialogProps {
  open: boolean;
  libraryId: number;
  branch?: string | undefined;
  onClose: () => void;
}

/**
 * A new data module (issue 31): its code built segment by segment (model and system difference
 * codes from the library, the SNS from the project BREX, the information code from the S1000D list
 * with its name, learn code optional), a schema and one of its templates (else the schema's default),
 * title and language; optionally added to
 * a publication module. Created at issue 000 in work 01, then its detail opens.
 */
export function NewModuleDialog({ open, libraryId, branch, onClose }: NewModuleDialogProps) {
  const { t } = useTranslation('s1000d');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const create = useCreateModule();
  const options = useDmcOptions({ libraryId, ...(branch ? { branch } : {}) }, open);
  const o = options.data;
  const entity = useEntityForm<Values>({
    open,
    defaults: {
      schema: 'proced',
      modelIdentCode: '',
      systemDiffCode: '',
      systemCode: '',
      subSystemCode: '0',
      subSubSystemCode: '0',
      assyCode: '00',
      disassyCode: '00',
      disassyCodeVariant: 'A',
      infoCode: '',
      infoCodeVariant: 'A',
      itemLocationCode: 'A',
      learnCode: '',
      learnEventCode: '',
      language: 'en-US',
      techName: '',
      infoName: '',
      pmPath: '',
      templateId: null,
    },
    save: async (v) => {
      const [languageIsoCode = 'en', countryIsoCode = 'US'] = v.language.split('-');
      const made = await create.mutateAsync({
        libraryId,
        ...(branch ? { branch } : {}),
        schema: v.schema,
        dmc: dmcOf(v),
        language: { languageIsoCode, countryIsoCode },
        techName: v.techName.trim(),
        ...(v.infoName.trim() ? { infoName: v.infoName.trim() } : {}),
        ...(v.pmPath ? { pmPath: v.pmPath } : {}),
        ...(v.templateId ? { templateId: v.templateId } : {}),
      });
      message.success(t('newModule.created', { path: made.path }));
      if (made.problems.length > 0) message.warning(t('newModule.problems', { count: made.problems.length }));
      onClose();
      if (made.topicId !== null) navigate(topicDetailPath(made.topicId));
    },
  });
  const form = entity.form;
  const watched = Form.useWatch([], form) as Partial<Values> | undefined;
  const code = dmcPreview(watched ?? {});
  return (
    <FormDialog open={open} title={t('newModule.title')} name="new-module" entity={entity} onClose={onClose} width={760} labelWidth={150}>
      <Form.Item name="schema" label={t('newModule.schema')} rules={zodRules(NewModuleBody, 'schema', t('newModule.schema'))}>
        <Select
          data-testid="new-module-schema"
          onChange={() => form.setFieldValue('templateId', null)}
          options={(o?.schemas ?? [...S1000D_TEMPLATE_SCHEMAS]).map((s) => ({ value: s, label: s }))}
        />
      </Form.Item>
      <S1000dTemplateSelect schema={watched?.schema} open={open} testId="new-module-template" />
      <DmcCodeFields form={form} options={o} testIdPrefix="new-module" requiredMessage={() => t('newModule.code')} />
      <Form.Item name="techName" label={t('newModule.techName')} rules={zodRules(NewModuleBody, 'techName', t('newModule.techName'))}>
        <Input maxLength={zodMaxLength(NewModuleBody, 'techName')} data-testid="new-module-techName" />
      </Form.Item>
      <Form.Item name="infoName" label={t('newModule.infoName')}>
        <Input maxLength={300} data-testid="new-module-infoName" />
      </Form.Item>
      <Form.Item name="language" label={t('newModule.language')}>
        <AutoComplete options={(o?.languages.length ? o.languages : ['en-US', 'zh-CN']).map((v) => ({ value: v, label: v }))}>
          <Input maxLength={6} />
        </AutoComplete>
      </Form.Item>
      <Form.Item name="pmPath" label={t('newModule.pmPath')}>
        <Select allowClear data-testid="new-module-pm" options={(o?.pms ?? []).map((p) => ({ value: p.path, label: `${p.code} ${p.title}` }))} />
      </Form.Item>
      <Form.Item label={t('newModule.code')}>
        <Typography.Text code data-testid="new-module-code">
          {code}
        </Typography.Text>
      </Form.Item>
    </FormDialog>
  );
}
