import { InboxOutlined } from '@ant-design/icons';
import { type Product, ProductBody } from '@ccms/contracts/content/product';
import { App, Checkbox, Form, Input, Modal, Radio, Space, Typography, Upload } from 'antd';
import type { UploadFile } from 'antd/es/upload';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDict } from '../../../../shared/dict/use-dict';
import { FormDialog } from '../../../../shared/form/FormDialog';
import { useEntityForm } from '../../../../shared/form/use-entity-form';
import { zodMaxLength, zodRules } from '../../../../shared/form/zod-rules';
import { isExcelName } from '../product-api';
import { productQueries, useImportProducts, useSaveProduct } from '../product-queries';

const EMPTY: ProductBody = { productName: '', displayName: '', status: '0', remark: '' };

/** Add or edit a product; the name rule is the contract's (letters, digits, underscores). */
export function ProductFormDialog({ open, productId, onClose }: { open: boolean; productId: number | undefined; onClose: () => void }) {
  const { t } = useTranslation('library');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const statuses = useDict('sys_normal_disable');
  const saveProduct = useSaveProduct();
  const entity = useEntityForm<ProductBody, Product>({
    open,
    load: productId === undefined ? undefined : productQueries.detail(productId),
    toValues: ({ productName, displayName, status, remark }) => ({ productName, displayName, status: status === '1' ? '1' : '0', remark }),
    defaults: EMPTY,
    save: (v) => saveProduct.mutateAsync(productId === undefined ? v : { ...v, productId }),
    onSaved: () => {
      message.success(tc('success'));
      onClose();
    },
  });
  return (
    <FormDialog
      open={open}
      title={productId !== undefined ? t('product.editTitle') : t('product.addTitle')}
      labelWidth={100}
      name="product-form"
      entity={entity}
      onClose={onClose}
    >
      <Form.Item
        name="productName"
        label={t('product.productName')}
        rules={zodRules(ProductBody, 'productName', t('product.productName'), { required: t('product.nameRequired'), pattern: t('product.nameFormat') })}
      >
        <Input maxLength={zodMaxLength(ProductBody, 'productName')} placeholder={t('product.namePlaceholder')} />
      </Form.Item>
      <Form.Item
        name="displayName"
        label={t('product.displayName')}
        rules={zodRules(ProductBody, 'displayName', t('product.displayName'), { required: t('product.displayNameRequired') })}
      >
        <Input maxLength={zodMaxLength(ProductBody, 'displayName')} placeholder={t('product.displayNamePlaceholder')} />
      </Form.Item>
      <Form.Item name="status" label={t('product.status')}>
        <Radio.Group options={statuses.map((s) => ({ value: s.value, label: s.label }))} />
      </Form.Item>
      <Form.Item name="remark" label={t('product.remark')} rules={zodRules(ProductBody, 'remark', t('product.remark'))}>
        <Input.TextArea maxLength={zodMaxLength(ProductBody, 'remark')} rows={3} />
      </Form.Item>
    </FormDialog>
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
  const importProducts = useImportProducts();
  const send = () => {
    const file = files[0]?.originFileObj;
    if (!file) {
      message.error(t('product.needsExcel'));
      return;
    }
    importProducts.mutate(
      { file, fileName: file.name, updateSupport },
      {
        onSuccess: (r) => {
          message.success(t('product.imported', { added: r.added, updated: r.updated }));
          onDone();
        },
        onError: (err) => message.error(err.message),
      },
    );
  };
  return (
    <Modal
      open={open}
      title={t('product.importTitle')}
      okText={tc('ok')}
      cancelText={tc('cancel')}
      confirmLoading={importProducts.isPending}
      okButtonProps={{ disabled: files.length === 0 }}
      onOk={send}
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
