import { UploadOutlined } from '@ant-design/icons';
import { type Product, ProductPerm } from '@ccms/contracts/content/product';
import { App, Button, Form, Input, Select } from 'antd';
import dayjs from 'dayjs';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HasPermi } from '../../../../shared/auth/HasPermi';
import { confirmDialog } from '../../../../shared/confirm';
import { DictTag } from '../../../../shared/dict/DictTag';
import { useDict } from '../../../../shared/dict/use-dict';
import { CrudButtons, CrudLinks } from '../../../../shared/list/CrudButtons';
import { type ListColumn, ListPage, type ListPageHandle } from '../../../../shared/list/ListPage';
import { type ProductFilters, productApi } from '../product-api';
import { productQueries, useDeleteProducts } from '../product-queries';
import { ProductFormDialog, ProductImportDialog } from './ProductDialogs';

const time = (v: string | Date | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm:ss') : '');

/** Products: search, list, add/edit, delete, Excel import and export. */
export function ProductList() {
  const { t } = useTranslation('library');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const statuses = useDict('sys_normal_disable');
  const list = useRef<ListPageHandle>(null);
  const [dialog, setDialog] = useState<{ open: boolean; productId: number | undefined }>({ open: false, productId: undefined });
  const [importing, setImporting] = useState(false);
  const deleteProducts = useDeleteProducts();

  const remove = async (rows: readonly Product[]) => {
    if (rows.length === 0) return;
    if (!(await confirmDialog(t('product.confirmDelete', { names: rows.map((r) => r.productName).join(', ') }), { type: 'danger' }))) return;
    await deleteProducts.mutateAsync(rows.map((r) => r.productId));
    message.success(tc('success'));
    list.current?.clearSelection();
  };

  const columns: ListColumn<Product>[] = [
    { key: 'productId', dataIndex: 'productId', title: t('product.productId'), width: 100 },
    { key: 'productName', dataIndex: 'productName', title: t('product.productName') },
    { key: 'displayName', dataIndex: 'displayName', title: t('product.displayName') },
    { key: 'status', dataIndex: 'status', title: t('product.status'), width: 90, render: (v: string) => <DictTag options={statuses} value={v} /> },
    { key: 'remark', dataIndex: 'remark', title: t('product.remark'), ellipsis: true, defaultHidden: true },
    { key: 'createTime', dataIndex: 'createTime', title: t('product.createTime'), width: 180, render: time },
    {
      key: 'actions',
      title: tc('operation'),
      hideable: false,
      width: 160,
      fixed: 'right',
      render: (_: unknown, row: Product) => (
        <CrudLinks
          row={row}
          edit={{ perm: ProductPerm.edit, onClick: (r) => setDialog({ open: true, productId: r.productId }) }}
          remove={{ perm: ProductPerm.remove, onClick: remove }}
        />
      ),
    },
  ];

  return (
    <>
      <ListPage<Product, ProductFilters>
        ref={list}
        listQuery={productQueries.list}
        rowKey="productId"
        selection="multiple"
        columns={columns}
        searchFields={
          <>
            <Form.Item name="productName" label={t('product.productName')}>
              <Input allowClear placeholder={t('product.namePlaceholder')} style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name="displayName" label={t('product.displayName')}>
              <Input allowClear placeholder={t('product.displayNamePlaceholder')} style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name="status" label={t('product.status')}>
              <Select allowClear options={statuses} style={{ width: 140 }} />
            </Form.Item>
          </>
        }
        toolbar={({ selectedRows, query }) => (
          <CrudButtons
            selected={selectedRows}
            add={{ perm: ProductPerm.add, onClick: () => setDialog({ open: true, productId: undefined }) }}
            remove={{ perm: ProductPerm.remove, onClick: remove }}
            export={{ perm: ProductPerm.export, onClick: () => productApi.export(query) }}
          >
            <HasPermi value={[ProductPerm.import]}>
              <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
                {tc('import')}
              </Button>
            </HasPermi>
          </CrudButtons>
        )}
      />
      <ProductFormDialog open={dialog.open} productId={dialog.productId} onClose={() => setDialog({ open: false, productId: undefined })} />
      <ProductImportDialog open={importing} onClose={() => setImporting(false)} onDone={() => setImporting(false)} />
    </>
  );
}
