import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { PropertyPerm } from '@ccms/contracts/content/product';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Empty, Form, Input, InputNumber, Modal, Space, Table } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HasPermi } from '../../../../shared/auth/HasPermi';
import { confirmDialog } from '../../../../shared/confirm';
import { CrudButtons, CrudLinks } from '../../../../shared/list/CrudButtons';
import { type ListColumn, ListPage, type ListPageHandle } from '../../../../shared/list/ListPage';
import { type PropertyFilters, type PropertyRow, propertyApi, type ValueRow } from '../property-api';
import { propertyQueries, useInvalidateProperties } from '../property-queries';

const time = (v: string | Date | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm:ss') : '');

type PropertyEdit = { propertyId?: number; propertyName: string; remark?: string };
type ValueEdit = { propertyId: number; valueId?: number; propertyKey: string; propertyValue: string; orderNum: number };

/** Properties with their key/value pairs (duplicates are refused by the server with the spec's messages). */
export function PropertyList() {
  const { t } = useTranslation('library');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const list = useRef<ListPageHandle>(null);
  const [property, setProperty] = useState<PropertyEdit | null>(null);
  const [value, setValue] = useState<ValueEdit | null>(null);
  const [propertyForm] = Form.useForm<PropertyEdit>();
  const [valueForm] = Form.useForm<ValueEdit>();

  useEffect(() => {
    if (property) {
      propertyForm.resetFields();
      propertyForm.setFieldsValue(property);
    }
  }, [property, propertyForm]);
  useEffect(() => {
    if (value) {
      valueForm.resetFields();
      valueForm.setFieldsValue(value);
    }
  }, [value, valueForm]);

  const invalidate = useInvalidateProperties();
  const done = () => {
    message.success(tc('success'));
    return invalidate();
  };
  const saveProperty = useMutation({
    mutationFn: (v: PropertyEdit) =>
      property?.propertyId
        ? propertyApi.update({ ...v, propertyId: property.propertyId })
        : propertyApi.add({ propertyName: v.propertyName, remark: v.remark }),
    onSuccess: () => {
      setProperty(null);
      done();
    },
  });
  const saveValue = useMutation({
    mutationFn: (v: ValueEdit) => {
      const body = { propertyId: value?.propertyId ?? 0, propertyKey: v.propertyKey, propertyValue: v.propertyValue, orderNum: v.orderNum ?? 0 };
      return value?.valueId ? propertyApi.updateValue({ ...body, valueId: value.valueId }) : propertyApi.addValue(body);
    },
    onSuccess: () => {
      setValue(null);
      done();
    },
  });
  const remove = async (rows: readonly PropertyRow[]) => {
    if (rows.length === 0) return;
    if (!(await confirmDialog(t('property.confirmDelete', { names: rows.map((r) => r.propertyName).join(', ') }), { type: 'danger' }))) return;
    await propertyApi.remove(rows.map((r) => r.propertyId));
    list.current?.clearSelection();
    done();
  };
  const removeValue = async (v: ValueRow) => {
    if (!(await confirmDialog(t('property.confirmDeleteValue', { key: v.propertyKey }), { type: 'danger' }))) return;
    await propertyApi.removeValue(v.valueId);
    done();
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
      <Modal
        open={property !== null}
        title={property?.propertyId ? t('property.editTitle') : t('property.addTitle')}
        okText={tc('ok')}
        cancelText={tc('cancel')}
        confirmLoading={saveProperty.isPending}
        onOk={() => propertyForm.submit()}
        onCancel={() => setProperty(null)}
        forceRender
      >
        <Form<PropertyEdit> form={propertyForm} labelCol={{ flex: '100px' }} labelWrap onFinish={(v) => saveProperty.mutate(v)} name="property-form">
          <Form.Item name="propertyName" label={t('property.propertyName')} rules={[{ required: true, whitespace: true, message: t('property.nameRequired') }]}>
            <Input maxLength={100} placeholder={t('property.namePlaceholder')} />
          </Form.Item>
          <Form.Item name="remark" label={t('property.remark')}>
            <Input.TextArea maxLength={500} rows={3} />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        open={value !== null}
        title={value?.valueId ? t('property.editValue') : t('property.addValue')}
        okText={tc('ok')}
        cancelText={tc('cancel')}
        confirmLoading={saveValue.isPending}
        onOk={() => valueForm.submit()}
        onCancel={() => setValue(null)}
        forceRender
      >
        <Form<ValueEdit> form={valueForm} labelCol={{ flex: '80px' }} onFinish={(v) => saveValue.mutate(v)} name="property-value-form">
          <Form.Item name="propertyKey" label={t('property.key')} rules={[{ required: true, whitespace: true, message: t('property.keyRequired') }]}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="propertyValue" label={t('property.value')} rules={[{ required: true, whitespace: true, message: t('property.valueRequired') }]}>
            <Input maxLength={500} />
          </Form.Item>
          <Form.Item name="orderNum" label={t('property.orderNum')}>
            <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
