import { InboxOutlined } from '@ant-design/icons';
import type { ProductBody } from '@ccms/contracts/content/product';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Checkbox, Form, Input, Modal, Radio, Space, Spin, Typography, Upload } from 'antd';
import type { UploadFile } from 'antd/es/upload';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDict } from '../../../../shared/dict/use-dict';
import { isExcelName, productApi } from '../product-api';

const EMPTY: ProductBody = { productName: '', displayName: '', status: '0', remark: '' };

/** Add or edit a product; the name rule mirrors the server's (letters, digits, underscores). */
export function ProductFormDialog({
  open,
  productId,
  onClose,
  onSaved,
}: {
  open: boolean;
  productId: number | undefined;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('library');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const statuses = useDict('sys_normal_disable');
  const [form] = Form.useForm<ProductBody>();
  const editing = productId !== undefined;
  const detail = useQuery({
    queryKey: ['ccms', 'product', 'detail', productId],
    queryFn: () => productApi.get(productId ?? 0),
    enabled: open && editing,
    gcTime: 0,
  });
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (!editing) form.setFieldsValue(EMPTY);
    else if (detail.data) {
      const { productName, displayName, status, remark } = detail.data;
      form.setFieldsValue({ productName, displayName, status: status === '1' ? '1' : '0', remark });
    }
  }, [open, editing, detail.data, form]);
  const save = useMutation({
    mutationFn: (v: ProductBody) => (productId === undefined ? productApi.add(v) : productApi.update({ ...v, productId })),
    onSuccess: () => {
      message.success(tc('success'));
      onSaved();
    },
  });
  return (
    <Modal
      open={open}
      title={editing ? t('product.editTitle') : t('product.addTitle')}
      okText={tc('ok')}
      cancelText={tc('cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Spin spinning={editing && detail.isLoading}>
        <Form<ProductBody> form={form} labelCol={{ flex: '100px' }} labelWrap initialValues={EMPTY} onFinish={(v) => save.mutate(v)} name="product-form">
          <Form.Item
            name="productName"
            label={t('product.productName')}
            rules={[
              { required: true, whitespace: true, message: t('product.nameRequired') },
              { pattern: /^\w+$/, message: t('product.nameFormat') },
            ]}
          >
            <Input maxLength={100} placeholder={t('product.namePlaceholder')} />
          </Form.Item>
          <Form.Item
            name="displayName"
            label={t('product.displayName')}
            rules={[{ required: true, whitespace: true, message: t('product.displayNameRequired') }]}
          >
            <Input maxLength={200} placeholder={t('product.displayNamePlaceholder')} />
          </Form.Item>
          <Form.Item name="status" label={t('product.status')}>
            <Radio.Group options={statuses.map((s) => ({ value: s.value, label: s.label }))} />
          </Form.Item>
          <Form.Item name="remark" label={t('product.remark')}>
            <Input.TextArea maxLength={500} rows={3} />
          </Form.Item>
        </Form>
      </Spin>
    </Modal>
  );
}

/** Import products from an Excel workbook ("needs an Excel file" for anything else). */
export function ProductImportDialog({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation('library');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [updateSupport, setUpdateSupport] = useState(false);
  useEffect(() => {
    if (open) setFiles([]);
  }, [open]);
  const send = useMutation({
    mutationFn: () => {
      const file = files[0]?.originFileObj;
      if (!file) throw new Error(t('product.needsExcel'));
      return productApi.importData(file, file.name, updateSupport);
    },
    onSuccess: (r) => {
      message.success(t('product.imported', { added: r.added, updated: r.updated }));
      onDone();
    },
    onError: (err) => message.error(err.message),
  });
  return (
    <Modal
      open={open}
      title={t('product.importTitle')}
      okText={tc('ok')}
      cancelText={tc('cancel')}
      confirmLoading={send.isPending}
      okButtonProps={{ disabled: files.length === 0 }}
      onOk={() => send.mutate()}
      onCancel={onClose}
    >
      <Upload.Dragger
        accept=".xlsx"
        maxCount={1}
        fileList={files}
        beforeUpload={(file) => {
          if (!isExcelName(file.name)) {
            message.error(t('product.needsExcel'));
            return Upload.LIST_IGNORE;
          }
          return false;
        }}
        onChange={({ fileList }) => setFiles(fileList.slice(-1))}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t('product.dropHint')}</p>
      </Upload.Dragger>
      <Space orientation="vertical" style={{ marginTop: 12 }}>
        <Checkbox checked={updateSupport} onChange={(e) => setUpdateSupport(e.target.checked)}>
          {t('product.updateSupport')}
        </Checkbox>
        <Typography.Text type="secondary">{t('product.importHint')}</Typography.Text>
      </Space>
    </Modal>
  );
}
