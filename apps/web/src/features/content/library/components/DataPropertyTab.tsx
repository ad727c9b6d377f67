import { PlusOutlined } from '@ant-design/icons';
import { LibraryPerm } from '@ccms/contracts/content/library';
import type { DataPropertyBody } from '@ccms/contracts/content/library-config';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Form, Input, Modal, Select, Space, Table } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HasPermi } from '../../../../shared/auth/HasPermi';
import { confirmDialog } from '../../../../shared/confirm';
import { CrudLinks } from '../../../../shared/list/CrudButtons';
import { useProductOptions } from '../../product/use-product-options';
import { type DataPropertyRow, libraryConfigApi } from '../library-api';

type Fields = Omit<DataPropertyBody, 'libraryId'>;
const ATTRS = ['audience', 'platform', 'props', 'otherprops'] as const;

/** Per product, the values allowed for audience, platform, props and otherprops. */
export function DataPropertyTab({ libraryId, canConfigure }: { libraryId: number; canConfigure: boolean }) {
  const { t } = useTranslation('library');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<Fields>();
  const [editing, setEditing] = useState<DataPropertyRow | 'new' | null>(null);
  const key = ['ccms', 'library', 'dataProperty', libraryId];
  const rows = useQuery({ queryKey: key, queryFn: () => libraryConfigApi.dataProperties(libraryId) });
  const products = useProductOptions(editing !== null);

  useEffect(() => {
    if (editing === null) return;
    form.resetFields();
    if (editing !== 'new') form.setFieldsValue(editing);
  }, [editing, form]);

  const save = useMutation({
    mutationFn: (v: Fields) =>
      editing === 'new' || editing === null
        ? libraryConfigApi.addDataProperty({ ...v, libraryId })
        : libraryConfigApi.updateDataProperty({ ...v, libraryId, configId: editing.configId }),
    onSuccess: () => {
      message.success(tc('success'));
      setEditing(null);
      return client.invalidateQueries({ queryKey: key });
    },
  });
  const remove = async (r: DataPropertyRow) => {
    if (!(await confirmDialog(t('dataProperty.confirmDelete', { name: r.product }), { type: 'danger' }))) return;
    await libraryConfigApi.removeDataProperty(r.configId);
    message.success(tc('success'));
    await client.invalidateQueries({ queryKey: key });
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {canConfigure && (
        <HasPermi value={[LibraryPerm.edit]}>
          <Button type="primary" ghost icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {t('dataProperty.add')}
          </Button>
        </HasPermi>
      )}
      <Table<DataPropertyRow>
        rowKey="configId"
        size="middle"
        loading={rows.isLoading}
        dataSource={rows.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty description={t('dataProperty.notConfigured')} /> }}
        columns={[
          { key: 'product', title: t('dataProperty.product'), dataIndex: 'product', width: 160 },
          ...ATTRS.map((a) => ({ key: a, title: t(`dataProperty.${a}`), dataIndex: a, ellipsis: true })),
          ...(canConfigure
            ? [
                {
                  key: 'actions',
                  title: tc('operation'),
                  width: 150,
                  render: (_: unknown, r: DataPropertyRow) => (
                    <CrudLinks
                      row={r}
                      edit={{ perm: LibraryPerm.edit, onClick: setEditing }}
                      remove={{ perm: LibraryPerm.edit, onClick: ([row]) => row && remove(row) }}
                    />
                  ),
                },
              ]
            : []),
        ]}
      />
      <Modal
        open={editing !== null}
        title={editing === 'new' ? t('dataProperty.add') : t('dataProperty.edit')}
        okText={tc('ok')}
        cancelText={tc('cancel')}
        confirmLoading={save.isPending}
        onOk={() => form.submit()}
        onCancel={() => setEditing(null)}
        forceRender
      >
        <Form<Fields> form={form} layout="vertical" onFinish={(v) => save.mutate(v)} name="data-property-form">
          <Form.Item name="product" label={t('dataProperty.product')} rules={[{ required: true, message: t('dataProperty.productRequired') }]}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              loading={products.loading}
              disabled={editing !== 'new'}
              // A product configured already has its row: it is edited there.
              options={products.options.filter((o) => editing !== 'new' || !(rows.data ?? []).some((r) => r.product === o.value))}
            />
          </Form.Item>
          {ATTRS.map((a) => (
            <Form.Item key={a} name={a} label={t(`dataProperty.${a}`)} extra={t('dataProperty.hint')}>
              <Input maxLength={1000} />
            </Form.Item>
          ))}
        </Form>
      </Modal>
    </Space>
  );
}
