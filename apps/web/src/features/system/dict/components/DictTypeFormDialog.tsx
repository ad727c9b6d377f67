import type { DictTypeBody } from '@ccms/contracts/system/dict';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Form, Input, Modal, Radio, Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useDict } from '../../../../shared/dict/use-dict';
import { dictApi } from '../dict-api';

export interface DictTypeFormDialogProps {
  open: boolean;
  /** The type to edit; undefined adds one. */
  dictId: number | undefined;
  onClose: () => void;
  onSaved: () => void;
}

const EMPTY: DictTypeBody = { dictName: '', dictType: '', status: '0', remark: '' };
/** The server's rule for a type key (contracts/system/dict). */
const TYPE_KEY = /^[a-z][a-z0-9_]*$/;

/** Add or edit a dictionary type; rules mirror the server's. */
export function DictTypeFormDialog({ open, dictId, onClose, onSaved }: DictTypeFormDialogProps) {
  const { t } = useTranslation('dict');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const statuses = useDict('sys_normal_disable');
  const [form] = Form.useForm<DictTypeBody>();
  const editing = dictId !== undefined;
  const detail = useQuery({
    queryKey: ['system', 'dict', 'type', 'detail', dictId],
    queryFn: () => dictApi.types.get(dictId ?? 0),
    enabled: open && editing,
    gcTime: 0,
  });

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (!editing) form.setFieldsValue(EMPTY);
    else if (detail.data) {
      const { dictName, dictType, status, remark } = detail.data;
      form.setFieldsValue({ dictName, dictType, status: status === '1' ? '1' : '0', remark });
    }
  }, [open, editing, detail.data, form]);

  const save = useMutation({
    mutationFn: (values: DictTypeBody) => (dictId === undefined ? dictApi.types.add(values) : dictApi.types.update({ ...values, dictId })),
    onSuccess: () => {
      message.success(editing ? t('updated') : t('added'));
      onSaved();
    },
  });

  return (
    <Modal
      open={open}
      title={editing ? t('editTypeTitle') : t('addTypeTitle')}
      width={520}
      okText={tc('ok')}
      cancelText={tc('cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Spin spinning={editing && detail.isLoading}>
        <Form<DictTypeBody> form={form} name="dict-type-form" labelCol={{ flex: '110px' }} initialValues={EMPTY} onFinish={(v) => save.mutate(v)}>
          <Form.Item name="dictName" label={t('dictName')} rules={[{ required: true, whitespace: true, message: t('dictNameRequired') }]}>
            <Input maxLength={100} placeholder={t('dictNamePlaceholder')} />
          </Form.Item>
          <Form.Item
            name="dictType"
            label={t('dictType')}
            rules={[
              { required: true, whitespace: true, message: t('dictTypeRequired') },
              { pattern: TYPE_KEY, message: t('dictTypeFormat') },
            ]}
          >
            <Input maxLength={100} placeholder={t('dictTypePlaceholder')} />
          </Form.Item>
          <Form.Item name="status" label={t('status')}>
            <Radio.Group options={statuses.map((s) => ({ value: s.value, label: s.label }))} />
          </Form.Item>
          <Form.Item name="remark" label={t('remark')}>
            <Input.TextArea maxLength={500} rows={3} placeholder={t('remarkPlaceholder')} />
          </Form.Item>
        </Form>
      </Spin>
    </Modal>
  );
}
