import type { DmcInput, DmcOptions } from '@ccms/contracts/content/s1000d-authoring';
import { AutoComplete, Col, Form, type FormInstance, Input, Row, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

type Segment = keyof DmcInput;
type SnsNode = { code: string; title: string; children: unknown[] };

const ITEM_LOCATIONS = ['A', 'B', 'C', 'D', 'T', 'Z'];

/** The code the segments make, as the server builds it (the server checks each segment). */
export function dmcPreview(v: Partial<Record<Segment, string>>): string {
  const s = (k: Segment) => (v[k] ?? '').toString().trim().toUpperCase();
  const learn = s('learnCode') ? `-${s('learnCode')}${s('learnEventCode')}` : '';
  return `DMC-${s('modelIdentCode')}-${s('systemDiffCode')}-${s('systemCode')}-${s('subSystemCode')}${s('subSubSystemCode')}-${s('assyCode')}-${s('disassyCode')}${s('disassyCodeVariant')}-${s('infoCode')}${s('infoCodeVariant')}-${s('itemLocationCode')}${learn}`;
}

/** The code's segments as the API takes them (the learn codes only when a learn code is given). */
export function dmcOf(v: Record<Segment, string>): DmcInput {
  const learn = v.learnCode.trim() ? { learnCode: v.learnCode.trim(), learnEventCode: v.learnEventCode.trim() } : {};
  return {
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
  };
}

/**
 * The DMC builder's segments (issue 31), as "New data module" and a new DMRL entry ask for them:
 * model and system difference codes from the library, system to assembly from the project BREX's
 * SNS (free when it has none), the information code from the S1000D table with its name (those the
 * project BREX refuses shown but not choosable; picking one fills an empty info name), item
 * location, learn codes optional. Each field's data-testid is `<testIdPrefix>-<segment>`.
 */
export function DmcCodeFields({
  form,
  options: o,
  testIdPrefix,
  requiredMessage,
}: {
  // biome-ignore lint/suspicious/noExplicitAny: the two dialogs' forms hold other fields beside the segments
  form: FormInstance<any>;
  options: DmcOptions | undefined;
  testIdPrefix: string;
  /** The message of a missing required segment, given its label. */
  requiredMessage: (label: string) => string;
}) {
  const { t, i18n } = useTranslation('s1000d');
  const watched = Form.useWatch([], form) as Partial<Record<Segment, string>> | undefined;
  const system = o?.sns?.find((n) => n.code === watched?.systemCode);
  const sub = (system?.children as SnsNode[] | undefined)?.find((n) => n.code === watched?.subSystemCode);
  const subSub = (sub?.children as SnsNode[] | undefined)?.find((n) => n.code === watched?.subSubSystemCode);
  const lang = i18n.language.startsWith('en') ? 'en' : 'zh';
  const codeOptions = (nodes: { code: string; title: string }[] | undefined) => nodes?.map((n) => ({ value: n.code, label: `${n.code} ${n.title}` }));
  const segment = (name: Segment, max: number, choices?: { value: string; label: string }[]) => (
    <Form.Item
      name={name}
      label={t(`newModule.${name}`)}
      rules={name === 'learnCode' || name === 'learnEventCode' ? [] : [{ required: true, message: requiredMessage(t(`newModule.${name}`)) }]}
    >
      {choices && choices.length > 0 ? (
        <AutoComplete options={choices} filterOption={(input, opt) => (opt?.label ?? '').toString().toUpperCase().includes(input.toUpperCase())}>
          <Input maxLength={max} data-testid={`${testIdPrefix}-${name}`} />
        </AutoComplete>
      ) : (
        <Input maxLength={max} data-testid={`${testIdPrefix}-${name}`} />
      )}
    </Form.Item>
  );
  return (
    <>
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
        <Typography.Paragraph type="secondary" data-testid={`${testIdPrefix}-sns-free`}>
          {t('newModule.snsFree')}
        </Typography.Paragraph>
      )}
      <Row gutter={12}>
        <Col span={12}>{segment('systemCode', 3, codeOptions(o?.sns ?? undefined))}</Col>
        <Col span={12}>{segment('subSystemCode', 1, codeOptions(system?.children as SnsNode[] | undefined))}</Col>
        <Col span={12}>{segment('subSubSystemCode', 1, codeOptions(sub?.children as SnsNode[] | undefined))}</Col>
        <Col span={12}>{segment('assyCode', 4, codeOptions(subSub?.children as SnsNode[] | undefined))}</Col>
        <Col span={12}>{segment('disassyCode', 2)}</Col>
        <Col span={12}>{segment('disassyCodeVariant', 3)}</Col>
      </Row>
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item name="infoCode" label={t('newModule.infoCode')} rules={[{ required: true, message: requiredMessage(t('newModule.infoCode')) }]}>
            <Select
              showSearch
              data-testid={`${testIdPrefix}-infoCode`}
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
    </>
  );
}
