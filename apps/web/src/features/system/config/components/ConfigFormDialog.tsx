import type { ConfigBody } from '@ccms/contracts/system/config';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Form, Input, Modal, Radio, Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useDict } from '../../../../shared/dict/use-dict';
import { configApi } from '../config-api';

export interface ConfigFormDialogProps {
  open: boolean;
  /** The parameter to edit; undefined adds one. */
  configId: number | undefined;
  onClose: () => void;
  onSaved: () => void;
}

const EMPTY: ConfigBody = { configName: '', configKey: '', configValue: '', configType: 'N', remark: '' };

/** Add or edit a config parameter; rules mirror the server's (contracts/system/config). */
export function ConfigFormDialog({ open, configId, onClose, onSaved }: ConfigFormDialogProps) {
  const { t } = useTranslation('config');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const yesNo = useDict('sys_yes_no');
  const [form] = Form.useForm<ConfigBody>();
  const editing = configId !== undefined;
  const detail = useQuery({
    queryKey: ['system', 'config', 'detail', configId],
    queryFn: () => configApi.get(configId ?? 0),
    enabled: open && editing,
    gcTime: 0,
  });

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (!editing) form.setFieldsValue(EMPTY);
    else if (detail.data) {
      const { configName, configKey, configValue, configType, remark } = detail.data;
      form.setFieldsValue({ configName, configKey, configValue, configType: configType === 'Y' ? 'Y' : 'N', remark });
    }
  }, [open, editing, detail.data, form]);

  const save = useMutation({
    mutationFn: (values: ConfigBody) => (configId === undefined ? configApi.add(values) : configApi.update({ ...values, configId })),
    onSuccess: () => {
      message.success(editing ? t('updated') : t('added'));
      onSaved();
    },
  });

  return (
    <Modal
      open={open}
      title={editing ? t('editTitle') : t('addTitle')}
      width={560}
      okText={tc('ok')}
      cancelText={tc('cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Spin spinning={editing && detail.isLoading}>
        <Form<ConfigBody> form={form} name="config-form" labelCol={{ flex: '110px' }} initialValues={EMPTY} onFinish={(v) => save.mutate(v)}>
          <Form.Item name="configName" label={t('configName')} rules={[{ required: true, whitespace: true, message: t('configNameRequired') }]}>
            <Input maxLength={100} placeholder={t('configNamePlaceholder')} />
          </Form.Item>
          <Form.Item name="configKey" label={t('configKey')} rules={[{ required: true, whitespace: true, message: t('configKeyRequired') }]}>
            <Input maxLength={100} placeholder={t('configKeyPlaceholder')} />
          </Form.Item>
          <Form.Item name="configValue" label={t('configValue')}>
            <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 6 }} placeholder={t('configValuePlaceholder')} />
          </Form.Item>
          <Form.Item name="configType" label={t('configType')}>
            <Radio.Group options={yesNo.map((s) => ({ value: s.value, label: s.label }))} />
          </Form.Item>
          <Form.Item name="remark" label={t('remark')}>
            <Input.TextArea maxLength={500} rows={3} placeholder={t('remarkPlaceholder')} />
          </Form.Item>
        </Form>
      </Spin>
    </Modal>
  );
}
