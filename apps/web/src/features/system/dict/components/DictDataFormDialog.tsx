import type { DictDataBody } from '@ccms/contracts/system/dict';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Col, Form, Input, InputNumber, Modal, Radio, Row, Select, Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useDicts } from '../../../../shared/dict/use-dict';
import { dictApi } from '../dict-api';
import { StyledLabel, TAG_STYLES } from '../list-class';

export interface DictDataFormDialogProps {
  open: boolean;
  /** The item to edit; undefined adds one to dictType. */
  dictCode: number | undefined;
  dictType: string;
  onClose: () => void;
  onSaved: () => void;
}

type Values = Omit<DictDataBody, 'dictType'>;

const EMPTY: Values = {
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

/** Add or edit a dictionary item: both labels, value, tag style (previewed), CSS class, sort, default flag, status. */
export function DictDataFormDialog({ open, dictCode, dictType, onClose, onSaved }: DictDataFormDialogProps) {
  const { t } = useTranslation('dict');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const { sys_normal_disable: statuses, sys_yes_no: yesNo } = useDicts('sys_normal_disable', 'sys_yes_no');
  const [form] = Form.useForm<Values>();
  const editing = dictCode !== undefined;
  const detail = useQuery({
    queryKey: ['system', 'dict', 'data', 'detail', dictCode],
    queryFn: () => dictApi.data.get(dictCode ?? 0),
    enabled: open && editing,
    gcTime: 0,
  });
  const type = editing ? (detail.data?.dictType ?? dictType) : dictType;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (!editing) form.setFieldsValue(EMPTY);
    else if (detail.data) {
      const d = detail.data;
      form.setFieldsValue({
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
    }
  }, [open, editing, detail.data, form]);

  const save = useMutation({
    mutationFn: (values: Values) => {
      const body: DictDataBody = { ...values, dictType: type };
      return dictCode === undefined ? dictApi.data.add(body) : dictApi.data.update({ ...body, dictCode });
    },
    onSuccess: () => {
      message.success(editing ? t('updated') : t('added'));
      onSaved();
    },
  });

  const label = Form.useWatch('dictLabel', form) ?? '';
  const labelEn = Form.useWatch('dictLabelEn', form) ?? '';
  const listClass = Form.useWatch('listClass', form) ?? 'default';
  const cssClass = Form.useWatch('cssClass', form) ?? '';

  return (
    <Modal
      open={open}
      title={editing ? t('data.editTitle') : t('data.addTitle')}
      width={640}
      okText={tc('ok')}
      cancelText={tc('cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Spin spinning={editing && detail.isLoading}>
        <Form<Values> form={form} name="dict-data-form" labelCol={{ flex: '100px' }} initialValues={EMPTY} onFinish={(v) => save.mutate(v)}>
          <Form.Item label={t('dictType')}>
            <Input value={type} disabled />
          </Form.Item>
          <Row gutter={16}>
            <Col xs={24} sm={12}>
              <Form.Item name="dictLabel" label={t('data.dictLabelZh')} rules={[{ required: true, whitespace: true, message: t('data.dictLabelRequired') }]}>
                <Input maxLength={100} placeholder={t('data.dictLabelZhPlaceholder')} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item name="dictLabelEn" label={t('data.dictLabelEn')}>
                <Input maxLength={100} placeholder={t('data.dictLabelEnPlaceholder')} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item name="dictValue" label={t('data.dictValue')} rules={[{ required: true, whitespace: true, message: t('data.dictValueRequired') }]}>
                <Input maxLength={100} placeholder={t('data.dictValuePlaceholder')} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item name="dictSort" label={t('data.dictSort')} rules={[{ required: true, message: t('data.dictSortRequired') }]}>
                <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} />
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
              <Form.Item name="cssClass" label={t('data.cssClass')}>
                <Input maxLength={100} placeholder={t('data.cssClassPlaceholder')} />
              </Form.Item>
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
          <Form.Item name="remark" label={t('remark')}>
            <Input.TextArea maxLength={500} rows={2} placeholder={t('remarkPlaceholder')} />
          </Form.Item>
        </Form>
      </Spin>
    </Modal>
  );
}
