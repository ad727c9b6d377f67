import { type DmcInput, NewModuleBody, S1000D_TEMPLATE_SCHEMAS } from '@ccms/contracts/content/s1000d';
import { App, AutoComplete, Col, Form, Input, Row, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormDialog } from '../../../../shared/form/FormDialog';
import { useEntityForm } from '../../../../shared/form/use-entity-form';
import { zodMaxLength, zodRules } from '../../../../shared/form/zod-rules';
import { topicDetailPath } from '../../document/paths';
import { useCreateModule, useDmcOptions } from '../s1000d-queries';
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

const ITEM_LOCATIONS = ['A', 'B', 'C', 'D', 'T', 'Z'];

/** The code the segments make, as the server builds it (the server checks each segment). */
export function dmcPreview(v: Partial<Values>): string {
  const s = (k: keyof Values) => (v[k] ?? '').toString().trim().toUpperCase();
  const learn = s('learnCode') ? `-${s('learnCode')}${s('learnEventCode')}` : '';
  return `DMC-${s('modelIdentCode')}-${s('systemDiffCode')}-${s('systemCode')}-${s('subSystemCode')}${s('subSubSystemCode')}-${s('assyCode')}-${s('disassyCode')}${s('disassyCodeVariant')}-${s('infoCode')}${s('infoCodeVariant')}-${s('itemLocationCode')}${learn}`;
}

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
  const { t, i18n } = useTranslation('s1000d');
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
      const learn = v.learnCode.trim() ? { learnCode: v.learnCode.trim(), learnEventCode: v.learnEventCode.trim() } : {};
      const made = await create.mutateAsync({
        libraryId,
        ...(branch ? { branch } : {}),
        schema: v.schema,
        dmc: {
          modelIdentCode: v.modelIdentCode,
          systemDiffCode: v.systemDiffCode,
          systemCode: v.systemCode,
          subSystemCode: v.subSystemCode,
          subSubSystemCode: v.subSubSystemCode,
          assyCode: v.assyCode,
          disassyCode: v.disassyCode,
          disassyCodeVariant: v.disassyCodeVariant,
          infoCode: v.infoCode,
          infoCodeVariant: v.infoCodeVariant,
          itemLocationCode: v.itemLocationCode,
          ...learn,
        },
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
  const system = o?.sns?.find((n) => n.code === watched?.systemCode);
  const sub = (system?.children as { code: string; title: string; children: unknown[] }[] | undefined)?.find((n) => n.code === watched?.subSystemCode);
  const subSub = (sub?.children as { code: string; title: string; children: unknown[] }[] | undefined)?.find((n) => n.code === watched?.subSubSystemCode);
  const lang = i18n.language.startsWith('en') ? 'en' : 'zh';
  const codeOptions = (nodes: { code: string; title: string }[] | undefined) => nodes?.map((n) => ({ value: n.code, label: `${n.code} ${n.title}` }));
  const segment = (name: Segment, max: number, choices?: { value: string; label: string }[]) => (
    <Form.Item
      name={name}
      label={t(`newModule.${name}`)}
      rules={name === 'learnCode' || name === 'learnEventCode' ? [] : [{ required: true, message: t('newModule.code') }]}
    >
      {choices && choices.length > 0 ? (
        <AutoComplete options={choices} filterOption={(input, opt) => (opt?.label ?? '').toString().toUpperCase().includes(input.toUpperCase())}>
          <Input maxLength={max} data-testid={`new-module-${name}`} />
        </AutoComplete>
      ) : (
        <Input maxLength={max} data-testid={`new-module-${name}`} />
      )}
    </Form.Item>
  );
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
      <Row gutter={12}>
        <Col span={12}>
          {segment(
            'modelIdentCode',
            14,
            o?.modelIdentCodes.map((v) => ({ value: v, label: v })),
          )}
        </Col>
        <Col span={12}>
          {segment(
            'systemDiffCode',
            4,
            o?.systemDiffCodes.map((v) => ({ value: v, label: v })),
          )}
        </Col>
      </Row>
      {o && o.sns === null && (
        <Typography.Paragraph type="secondary" data-testid="new-module-sns-free">
          {t('newModule.snsFree')}
        </Typography.Paragraph>
      )}
      <Row gutter={12}>
        <Col span={12}>{segment('systemCode', 3, codeOptions(o?.sns ?? undefined))}</Col>
        <Col span={12}>{segment('subSystemCode', 1, codeOptions(system?.children as { code: string; title: string }[] | undefined))}</Col>
        <Col span={12}>{segment('subSubSystemCode', 1, codeOptions(sub?.children as { code: string; title: string }[] | undefined))}</Col>
        <Col span={12}>{segment('assyCode', 4, codeOptions(subSub?.children as { code: string; title: string }[] | undefined))}</Col>
        <Col span={12}>{segment('disassyCode', 2)}</Col>
        <Col span={12}>{segment('disassyCodeVariant', 3)}</Col>
      </Row>
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item name="infoCode" label={t('newModule.infoCode')} rules={[{ required: true, message: t('newModule.infoCode') }]}>
            <Select
              showSearch
              data-testid="new-module-infoCode"
              optionFilterProp="label"
              onChange={(value: string) => {
                const entry = o?.infoCodes.find((c) => c.code === value);
                if (entry && !form.getFieldValue('infoName')) form.setFieldValue('infoName', lang === 'en' ? entry.en : entry.zh);
              }}
              // The codes the project BREX allows first, the others after them (shown, not choosable).
              options={[...(o?.infoCodes ?? [])]
                .sort((a, b) => Number(b.allowed) - Number(a.allowed))
                .map((c) => ({
                  value: c.code,
                  label: `${c.code} ${lang === 'en' ? c.en : c.zh}${c.allowed ? '' : t('newModule.notAllowed')}`,
                  disabled: !c.allowed,
                }))}
            />
          </Form.Item>
        </Col>
        <Col span={12}>{segment('infoCodeVariant', 1)}</Col>
        <Col span={12}>
          <Form.Item name="itemLocationCode" label={t('newModule.itemLocationCode')}>
            <Select options={ITEM_LOCATIONS.map((v) => ({ value: v, label: v }))} />
          </Form.Item>
        </Col>
        <Col span={12}>{segment('learnCode', 3)}</Col>
        <Col span={12}>{segment('learnEventCode', 1)}</Col>
      </Row>
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
