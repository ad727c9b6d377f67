import type { ProjectCategoryBody } from '@ccms/contracts/work/project';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Form, Input, InputNumber, Modal, Radio, Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { categoryApi } from '../../project/project-api';

const EMPTY: ProjectCategoryBody = { name: '', value: '', status: '0', sort: 0 };

/** Add or edit an entry of the project category dictionary. */
export function CategoryFormDialog({ open, id, onClose, onSaved }: { open: boolean; id: number | undefined; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation('project');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ProjectCategoryBody>();
  const editing = id !== undefined;
  const detail = useQuery({ queryKey: ['ccms', 'project', 'category', id], queryFn: () => categoryApi.get(id ?? 0), enabled: open && editing, gcTime: 0 });

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (!editing) form.setFieldsValue(EMPTY);
    else if (detail.data) {
      const { name, value, status, sort } = detail.data;
      form.setFieldsValue({ name, value, status: status === '1' ? '1' : '0', sort });
    }
  }, [open, editing, detail.data, form]);

  const save = useMutation({
    mutationFn: (values: ProjectCategoryBody) => (id === undefined ? categoryApi.add(values) : categoryApi.update({ ...values, id })),
    onSuccess: () => {
      message.success(editing ? t('updated') : t('added'));
      onSaved();
    },
  });

  return (
    <Modal
      open={open}
      title={editing ? t('categoryPage.editTitle') : t('categoryPage.addTitle')}
      width={480}
      okText={tc('ok')}
      cancelText={tc('cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Spin spinning={editing && detail.isLoading}>
        <Form<ProjectCategoryBody> form={form} labelCol={{ flex: '96px' }} initialValues={EMPTY} onFinish={(v) => save.mutate(v)} name="category-form">
          <Form.Item name="name" label={t('categoryPage.name')} rules={[{ required: true, whitespace: true, message: t('categoryPage.nameRequired') }]}>
            <Input maxLength={100} placeholder={t('categoryPage.namePlaceholder')} />
          </Form.Item>
          <Form.Item name="value" label={t('categoryPage.value')} rules={[{ required: true, whitespace: true, message: t('categoryPage.valueRequired') }]}>
            <Input maxLength={100} placeholder={t('categoryPage.valuePlaceholder')} />
          </Form.Item>
          <Form.Item name="sort" label={t('categoryPage.sort')}>
            <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="status" label={t('categoryPage.status')}>
            <Radio.Group options={(['0', '1'] as const).map((v) => ({ value: v, label: t(`categoryPage.statuses.${v}`) }))} />
          </Form.Item>
        </Form>
      </Spin>
    </Modal>
  );
}
