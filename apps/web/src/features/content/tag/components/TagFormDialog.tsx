import { useMutation } from '@tanstack/react-query';
import { App, Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type TagRow, tagApi } from '../tag-api';

interface Values {
  tagName: string;
  color: string;
  remark: string;
}

const COLOR = /^(#[0-9a-fA-F]{6}|[a-z-]*)$/;

/** Add or edit a tag of a library; rules mirror the server's (contracts/content/tag). */
export function TagFormDialog({
  open,
  libraryId,
  tag,
  onClose,
  onSaved,
}: {
  open: boolean;
  libraryId: number;
  tag: TagRow | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('tag');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(tag ? { tagName: tag.tagName, color: tag.color, remark: tag.remark } : { tagName: '', color: '', remark: '' });
  }, [open, tag, form]);

  const save = useMutation({
    mutationFn: (v: Values) => (tag ? tagApi.update({ tagId: tag.tagId, ...v }) : tagApi.add({ libraryId, ...v })),
    onSuccess: () => {
      message.success(tag ? t('updated') : t('added'));
      onSaved();
    },
  });

  return (
    <Modal
      open={open}
      title={tag ? t('editTitle') : t('addTitle')}
      width={480}
      okText={tc('ok')}
      cancelText={tc('cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Form<Values>
        form={form}
        labelCol={{ flex: '96px' }}
        labelWrap
        name="tag-form"
        onFinish={(v) => save.mutate({ tagName: v.tagName.trim(), color: (v.color ?? '').trim(), remark: (v.remark ?? '').trim() })}
      >
        <Form.Item name="tagName" label={t('tagName')} rules={[{ required: true, whitespace: true, message: t('tagNameRequired') }]}>
          <Input maxLength={64} placeholder={t('tagNamePlaceholder')} />
        </Form.Item>
        <Form.Item name="color" label={t('color')} rules={[{ pattern: COLOR, message: t('colorInvalid') }]}>
          <Input maxLength={20} placeholder={t('colorPlaceholder')} />
        </Form.Item>
        <Form.Item name="remark" label={t('remark')}>
          <Input.TextArea maxLength={500} rows={3} placeholder={t('remarkPlaceholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
