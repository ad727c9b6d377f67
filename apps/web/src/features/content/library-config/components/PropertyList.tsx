import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { PropertyPerm } from '@ccms/contracts/content/product';
import { App, Button, Empty, Form, Input, Space, Table } from 'antd';
import dayjs from 'dayjs';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HasPermi } from '../../../../shared/auth/HasPermi';
import { confirmDialog } from '../../../../shared/confirm';
import { CrudButtons, CrudLinks } from '../../../../shared/list/CrudButtons';
import { type ListColumn, ListPage, type ListPageHandle } from '../../../../shared/list/ListPage';
import type { PropertyFilters, PropertyRow, ValueRow } from '../property-api';
import { propertyQueries, useDeleteProperties, useDeleteValue } from '../property-queries';
import { type PropertyEdit, PropertyFormDialog, type ValueEdit, ValueFormDialog } from './PropertyDialogs';

const time = (v: string | Date | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm:ss') : '');

/** Properties with their key/value pairs (duplicates are refused by the server with the spec's messages). */
export function PropertyList() {
  const { t } = useTranslation('library');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const list = useRef<ListPageHandle>(null);
  const [property, setProperty] = useState<PropertyEdit | null>(null);
  const [value, setValue] = useState<ValueEdit | null>(null);
  const deleteProperties = useDeleteProperties();
  const deleteValue = useDeleteValue();
  const remove = async (rows: readonly PropertyRow[]) => {
    if (rows.length === 0) return;
    if (!(await confirmDialog(t('property.confirmDelete', { names: rows.map((r) => r.propertyName).join(', ') }), { type: 'danger' }))) return;
    await deleteProperties.mutateAsync(rows.map((r) => r.propertyId));
    list.current?.clearSelection();
    message.success(tc('success'));
  };
  const removeValue = async (v: ValueRow) => {
    if (!(await confirmDialog(t('property.confirmDeleteValue', { key: v.propertyKey }), { type: 'danger' }))) return;
    await deleteValue.mutateAsync(v.valueId);
    message.success(tc('success'));
  };

  const columns: ListColumn<PropertyRow>[] = [
    { key: 'propertyName', dataIndex: 'propertyName', title: t('property.propertyName') },
    { key: 'values', title: t('property.values'), render: (_: unknown, r: PropertyRow) => r.values.length, width: 100 },
    { key: 'remark', dataIndex: 'remark', title: t('property.remark'), ellipsis: true },
    { key: 'createTime', dataIndex: 'createTime', title: t('product.createTime'), width: 180, render: time },
    {
      key: 'actions',
      title: tc('operation'),
      hideable: false,
      width: 240,
      fixed: 'right',
      render: (_: unknown, row: PropertyRow) => (
        <Space size={0}>
          <HasPermi value={[PropertyPerm.add]}>
            <Button
              type="link"
              size="small"
              icon={<PlusOutlined />}
              onClick={() => setValue({ propertyId: row.propertyId, propertyKey: '', propertyValue: '', orderNum: row.values.length })}
            >
              {t('property.addValue')}
            </Button>
          </HasPermi>
          <HasPermi value={[PropertyPerm.edit]}>
            <Button
              type="link"
              size="small"
              icon={<EditOutlined />}
              onClick={() => setProperty({ propertyId: row.propertyId, propertyName: row.propertyName, remark: row.remark })}
            >
              {tc('edit')}
            </Button>
          </HasPermi>
          <HasPermi value={[PropertyPerm.remove]}>
            <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => remove([row])}>
              {tc('delete')}
            </Button>
          </HasPermi>
        </Space>
      ),
    },
  ];

  return (
    <>
      <ListPage<PropertyRow, PropertyFilters>
        ref={list}
        listQuery={propertyQueries.list}
        rowKey="propertyId"
        selection="multiple"
        columns={columns}
        tableProps={{
          expandable: {
            expandedRowRender: (row) => (
              <Table<ValueRow>
                rowKey="valueId"
                size="small"
                pagination={false}
                dataSource={row.values}
                locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('property.noValues')} /> }}
                columns={[
                  { key: 'key', title: t('property.key'), dataIndex: 'propertyKey' },
                  { key: 'value', title: t('property.value'), dataIndex: 'propertyValue' },
                  { key: 'orderNum', title: t('property.orderNum'), dataIndex: 'orderNum', width: 80 },
                  {
                    key: 'actions',
                    title: tc('operation'),
                    width: 160,
                    render: (_: unknown, v: ValueRow) => (
                      <CrudLinks
                        row={v}
                        edit={{ perm: PropertyPerm.edit, onClick: (r) => setValue({ ...r }) }}
                        remove={{ perm: PropertyPerm.remove, onClick: () => removeValue(v) }}
                      />
                    ),
                  },
                ]}
              />
            ),
          },
        }}
        searchFields={
          <Form.Item name="propertyName" label={t('property.propertyName')}>
            <Input allowClear placeholder={t('property.namePlaceholder')} style={{ width: 200 }} />
          </Form.Item>
        }
        toolbar={({ selectedRows }) => (
          <CrudButtons
            selected={selectedRows}
            add={{ perm: PropertyPerm.add, onClick: () => setProperty({ propertyName: '', remark: '' }) }}
            remove={{ perm: PropertyPerm.remove, onClick: remove }}
          />
        )}
      />
      <PropertyFormDialog property={property} onClose={() => setProperty(null)} />
      <ValueFormDialog value={value} onClose={() => setValue(null)} />
    </>
  );
}
