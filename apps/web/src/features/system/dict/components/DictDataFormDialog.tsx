import { type DictData, DictDataBody } from '@ccms/contracts/system/dict';
import { App, Col, Form, Input, InputNumber, Radio, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDicts } from '../../../../shared/dict/use-dict';
import { FormDialog } from '../../../../shared/form/FormDialog';
import { useEntityForm } from '../../../../shared/form/use-entity-form';
import { zodMaxLength, zodRules } from '../../../../shared/form/zod-rules';
import { dictQueries, useSaveDictData } from '../dict-queries';
import { StyledLabel, TAG_STYLES } from '../list-class';

export interface DictDataFormDialogProps {
  open: boolean;
  /** The item to edit; undefined adds one to dictType. */
  dictCode: number | undefined;
  dictType: string;
  onClose: () => void;
}

const EMPTY: Omit<DictDataBody, 'dictType'> = {
  dictLabel: '',
  dictLabelEn: '',
  dictValue: '',
  cssClass: '',
  dictSort: 0,
  listClass: 'default',
  isDefault: 'N',
  status: '0',
  remark: '',
};

const toValues = (d: DictData): DictDataBody => ({
  dictType: d.dictType,
  dictLabel: d.dictLabel,
  dictLabelEn: d.dictLabelEn,
  dictValue: d.dictValue,
  cssClass: d.cssClass,
  dictSort: d.dictSort,
  listClass: d.listClass || 'default',
  isDefault: d.isDefault === 'Y' ? 'Y' : 'N',
  status: d.status === '1' ? '1' : '0',
  remark: d.remark,
});

/** Add or edit a dictionary item: both labels, value, tag style (previewed), CSS class, sort, default flag, status; rules come from DictDataBody. */
export function DictDataFormDialog({ open, dictCode, dictType, onClose }: DictDataFormDialogProps) {
  const { t } = useTranslation('dict');
  const { message } = App.useApp();
  const { sys_normal_disable: statuses, sys_yes_no: yesNo } = useDicts('sys_normal_disable', 'sys_yes_no');
  const saveData = useSaveDictData();
  const entity = useEntityForm<DictDataBody, DictData>({
    open,
    load: dictCode === undefined ? undefined : dictQueries.dataDetail(dictCode),
    toValues,
    // An edited item keeps the type it has (the detail's); a new one joins the page's type.
    defaults: { ...EMPTY, dictType },
    save: (values) => saveData.mutateAsync(dictCode === undefined ? values : { ...values, dictCode }),
    onSaved: () => {
      message.success(dictCode === undefined ? t('added') : t('updated'));
      onClose();
    },
  });

  const label = Form.useWatch('dictLabel', entity.form) ?? '';
  const labelEn = Form.useWatch('dictLabelEn', entity.form) ?? '';
  const listClass = Form.useWatch('listClass', entity.form) ?? 'default';
  const cssClass = Form.useWatch('cssClass', entity.form) ?? '';
  const text = (field: 'dictLabel' | 'dictLabelEn' | 'dictValue' | 'cssClass', fieldLabel: string, placeholder: string) => (
    <Form.Item name={field} label={fieldLabel} rules={zodRules(DictDataBody, field, fieldLabel)}>
      <Input maxLength={zodMaxLength(DictDataBody, field)} placeholder={placeholder} />
    </Form.Item>
  );

  return (
    <FormDialog
      open={open}
      title={dictCode === undefined ? t('data.addTitle') : t('data.editTitle')}
      width={640}
      labelWidth={100}
      name="dict-data-form"
      entity={entity}
      onClose={onClose}
    >
      <Form.Item name="dictType" label={t('dictType')}>
        <Input disabled />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          {text('dictLabel', t('data.dictLabelZh'), t('data.dictLabelZhPlaceholder'))}
        </Col>
        <Col xs={24} sm={12}>
          {text('dictLabelEn', t('data.dictLabelEn'), t('data.dictLabelEnPlaceholder'))}
        </Col>
        <Col xs={24} sm={12}>
          {text('dictValue', t('data.dictValue'), t('data.dictValuePlaceholder'))}
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="dictSort" label={t('data.dictSort')} rules={zodRules(DictDataBody, 'dictSort', t('data.dictSort'))}>
            <InputNumber precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="listClass" label={t('data.listClass')}>
            <Select
              aria-label={t('data.listClass')}
              options={TAG_STYLES.map((style) => ({
                value: style,
                label: <StyledLabel label={t(`data.listClasses.${style}`)} listClass={style} />,
              }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          {text('cssClass', t('data.cssClass'), t('data.cssClassPlaceholder'))}
        </Col>
      </Row>
      <Form.Item label={t('data.preview')}>
        <span className="dict-preview" data-testid="dict-preview">
          <StyledLabel label={label} listClass={listClass} cssClass={cssClass} />
          <StyledLabel label={labelEn} listClass={listClass} cssClass={cssClass} />
        </span>
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item name="isDefault" label={t('data.isDefault')}>
            <Radio.Group options={yesNo.map((s) => ({ value: s.value, label: s.label }))} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="status" label={t('status')}>
            <Radio.Group options={statuses.map((s) => ({ value: s.value, label: s.label }))} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="remark" label={t('remark')} rules={zodRules(DictDataBody, 'remark', t('remark'))}>
        <Input.TextArea maxLength={zodMaxLength(DictDataBody, 'remark')} rows={2} placeholder={t('remarkPlaceholder')} />
      </Form.Item>
    </FormDialog>
  );
}
