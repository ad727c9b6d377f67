import type { PostBody } from '@ccms/contracts/system/post';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Form, Input, InputNumber, Modal, Radio, Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useDict } from '../../../../shared/dict/use-dict';
import { postApi } from '../post-api';

export interface PostFormDialogProps {
  open: boolean;
  /** The post to edit; undefined adds one. */
  postId: number | undefined;
  onClose: () => void;
  onSaved: () => void;
}

const EMPTY: PostBody = { postCode: '', postName: '', postSort: 0, status: '0', remark: '' };

/** Add or edit a post; rules mirror the server's (contracts/system/post). */
export function PostFormDialog({ open, postId, onClose, onSaved }: PostFormDialogProps) {
  const { t } = useTranslation('post');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const statuses = useDict('sys_normal_disable');
  const [form] = Form.useForm<PostBody>();
  const editing = postId !== undefined;
  const detail = useQuery({ queryKey: ['system', 'post', 'detail', postId], queryFn: () => postApi.get(postId ?? 0), enabled: open && editing, gcTime: 0 });

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (!editing) form.setFieldsValue(EMPTY);
    else if (detail.data) {
      const { postCode, postName, postSort, status, remark } = detail.data;
      form.setFieldsValue({ postCode, postName, postSort, status: status === '1' ? '1' : '0', remark });
    }
  }, [open, editing, detail.data, form]);

  const save = useMutation({
    mutationFn: (values: PostBody) => (postId === undefined ? postApi.add(values) : postApi.update({ ...values, postId })),
    onSuccess: () => {
      message.success(editing ? t('updated') : t('added'));
      onSaved();
    },
  });

  return (
    <Modal
      open={open}
      title={editing ? t('editTitle') : t('addTitle')}
      width={520}
      okText={tc('ok')}
      cancelText={tc('cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Spin spinning={editing && detail.isLoading}>
        <Form<PostBody> form={form} labelCol={{ flex: '96px' }} labelWrap initialValues={EMPTY} onFinish={(v) => save.mutate(v)} name="post-form">
          <Form.Item name="postName" label={t('postName')} rules={[{ required: true, whitespace: true, message: t('postNameRequired') }]}>
            <Input maxLength={50} placeholder={t('postNamePlaceholder')} />
          </Form.Item>
          <Form.Item name="postCode" label={t('postCode')} rules={[{ required: true, whitespace: true, message: t('postCodeRequired') }]}>
            <Input maxLength={64} placeholder={t('postCodePlaceholder')} />
          </Form.Item>
          <Form.Item name="postSort" label={t('postSort')} rules={[{ required: true, message: t('postSortRequired') }]}>
            <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} />
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
