import { NewPmBody } from '@ccms/contracts/content/s1000d-authoring';
import { App, AutoComplete, Col, Form, Input, Row, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormDialog } from '../../../../shared/form/FormDialog';
import { useEntityForm } from '../../../../shared/form/use-entity-form';
import { zodMaxLength, zodRules } from '../../../../shared/form/zod-rules';
import { useCreatePm, useDmcOptions, useModuleChoices } from '../s1000d-queries';
import { S1000dTemplateSelect } from './S1000dTemplateSelect';

type Values = {
  modelIdentCode: string;
  pmIssuer: string;
  pmNumber: string;
  pmVolume: string;
  pmTitle: string;
  language: string;
  dmPaths: string[];
  templateId: number | null;
};

export interface NewPmDialogProps {
  open: boolean;
  libraryId: number;
  branch?: string | undefined;
  onClose: () => void;
}

/** A new publication module (issue 31): its code, title and language, and the data modules it lists in order; created at 000-01. */
export function NewPmDialog({ open, libraryId, branch, onClose }: NewPmDialogProps) {
  const { t } = useTranslation('s1000d');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const create = useCreatePm();
  const scope = { libraryId, ...(branch ? { branch } : {}) };
  const options = useDmcOptions(scope, open);
  const modules = useModuleChoices(scope, open);
  const entity = useEntityForm<Values>({
    open,
    defaults: { modelIdentCode: '', pmIssuer: '', pmNumber: '', pmVolume: '00', pmTitle: '', language: 'en-US', dmPaths: [], templateId: null },
    save: async (v) => {
      const [languageIsoCode = 'en', countryIsoCode = 'US'] = v.language.split('-');
      const made = await create.mutateAsync({
        ...scope,
        pmCode: { modelIdentCode: v.modelIdentCode, pmIssuer: v.pmIssuer, pmNumber: v.pmNumber, pmVolume: v.pmVolume },
        language: { languageIsoCode, countryIsoCode },
        pmTitle: v.pmTitle.trim(),
        dmPaths: v.dmPaths,
        ...(v.templateId ? { templateId: v.templateId } : {}),
      });
      message.success(t('newPm.created', { path: made.path }));
      onClose();
      navigate(`/content/document?libraryId=${libraryId}`);
    },
  });
  const watched = Form.useWatch([], entity.form) as Partial<Values> | undefined;
  const code = `PMC-${watched?.modelIdentCode ?? ''}-${watched?.pmIssuer ?? ''}-${watched?.pmNumber ?? ''}-${watched?.pmVolume ?? ''}`.toUpperCase();
  const required = (label: string) => [{ required: true, message: label }];
  return (
    <FormDialog open={open} title={t('newPm.title')} name="new-pm" entity={entity} onClose={onClose} width={720} labelWidth={150}>
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item name="modelIdentCode" label={t('newModule.modelIdentCode')} rules={required(t('newModule.modelIdentCode'))}>
            <AutoComplete options={(options.data?.modelIdentCodes ?? []).map((v) => ({ value: v, label: v }))}>
              <Input maxLength={14} data-testid="new-pm-modelIdentCode" />
            </AutoComplete>
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="pmIssuer" label={t('newPm.pmIssuer')} rules={required(t('newPm.pmIssuer'))}>
            <Input maxLength={5} data-testid="new-pm-pmIssuer" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="pmNumber" label={t('newPm.pmNumber')} rules={required(t('newPm.pmNumber'))}>
            <Input maxLength={5} data-testid="new-pm-pmNumber" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="pmVolume" label={t('newPm.pmVolume')} rules={required(t('newPm.pmVolume'))}>
            <Input maxLength={2} data-testid="new-pm-pmVolume" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="pmTitle" label={t('newPm.pmTitle')} rules={zodRules(NewPmBody, 'pmTitle', t('newPm.pmTitle'))}>
        <Input maxLength={zodMaxLength(NewPmBody, 'pmTitle')} data-testid="new-pm-title" />
      </Form.Item>
      <Form.Item name="language" label={t('newModule.language')}>
        <AutoComplete options={(options.data?.languages.length ? options.data.languages : ['en-US', 'zh-CN']).map((v) => ({ value: v, label: v }))}>
          <Input maxLength={6} />
        </AutoComplete>
      </Form.Item>
      <Form.Item name="dmPaths" label={t('newPm.modules')} rules={[{ required: true, type: 'array', min: 1, message: t('newPm.modulesRequired') }]}>
        <Select
          mode="multiple"
          showSearch
          optionFilterProp="label"
          loading={modules.isLoading}
          data-testid="new-pm-modules"
          options={(modules.data?.rows ?? []).map((r) => ({ value: r.path, label: `${r.no} ${r.title}` }))}
        />
      </Form.Item>
      <S1000dTemplateSelect schema="pm" open={open} testId="new-pm-template" />
      <Form.Item label={t('newPm.code')}>
        <Typography.Text code data-testid="new-pm-code">
          {code}
        </Typography.Text>
      </Form.Item>
    </FormDialog>
  );
}
