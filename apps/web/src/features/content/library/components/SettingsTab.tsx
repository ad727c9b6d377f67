import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { LibraryPerm } from '@ccms/contracts/content/library';
import { FILTER_TYPES, type SettingBody, VARIABLE_TYPES } from '@ccms/contracts/content/library-config';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, Form, Input, Modal, Select, Space, Spin, Table } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HasPermi } from '../../../../shared/auth/HasPermi';
import { confirmDialog } from '../../../../shared/confirm';
import { CrudLinks } from '../../../../shared/list/CrudButtons';
import { useProductOptions } from '../../product/use-product-options';
import { libraryConfigApi, type Setting, type SettingKind } from '../library-api';

type Fields = Omit<SettingBody, 'libraryId'>;

/** Variables (file or value) or filters (include or exclude), grouped; each filter group exports as DITAVAL. */
export function SettingsTab({ libraryId, kind, canConfigure }: { libraryId: number; kind: SettingKind; canConfigure: boolean }) {
  const { t } = useTranslation('library');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<Fields>();
  const [editing, setEditing] = useState<Setting | 'new' | null>(null);
  const key = ['ccms', 'library', kind, libraryId];
  const rows = useQuery({ queryKey: key, queryFn: () => libraryConfigApi.settings(kind, libraryId) });
  const types = kind === 'variable' ? VARIABLE_TYPES : FILTER_TYPES;
  const products = useProductOptions(editing !== null);
  const typeLabel = (v: string) =>
    kind === 'variable' ? t(`setting.variableTypes.${v as 'file'}`, { defaultValue: v }) : t(`setting.filterTypes.${v as 'include'}`, { defaultValue: v });
  const groups = useMemo(() => {
    const by = new Map<string, Setting[]>();
    for (const r of rows.data ?? []) by.set(r.group, [...(by.get(r.group) ?? []), r]);
    return [...by.entries()];
  }, [rows.data]);

  useEffect(() => {
    if (editing === null) return;
    form.resetFields();
    if (editing !== 'new')
      form.setFieldsValue({ group: editing.group, name: editing.name, type: editing.type, value: editing.value, product: editing.product });
    else form.setFieldsValue({ type: types[0] });
  }, [editing, form, types]);

  const save = useMutation({
    mutationFn: (v: Fields) =>
      editing === 'new' || editing === null
        ? libraryConfigApi.addSetting(kind, { ...v, libraryId })
        : libraryConfigApi.updateSetting(kind, { ...v, libraryId, settingId: editing.settingId }),
    onSuccess: () => {
      message.success(tc('success'));
      setEditing(null);
      return client.invalidateQueries({ queryKey: key });
    },
  });
  const remove = async (s: Setting) => {
    if (!(await confirmDialog(t('setting.confirmDelete', { name: s.name }), { type: 'danger' }))) return;
    await libraryConfigApi.removeSetting(kind, [s.settingId]);
    message.success(tc('success'));
    await client.invalidateQueries({ queryKey: key });
  };
  const required = (field: string) => [{ required: true, whitespace: true, message: t('setting.required', { field }) }];

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {canConfigure && (
        <HasPermi value={[LibraryPerm.edit]}>
          <Button type="primary" ghost icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {kind === 'variable' ? t('setting.addVariable') : t('setting.addFilter')}
          </Button>
        </HasPermi>
      )}
      <Spin spinning={rows.isLoading}>
        {groups.length === 0 && !rows.isLoading && <Empty description={t('setting.empty')} />}
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          {groups.map(([group, items]) => (
            <Card
              key={group}
              size="small"
              title={`${t('setting.group')}: ${group}`}
              extra={
                kind === 'filter' && (
                  <Button size="small" icon={<DownloadOutlined />} onClick={() => libraryConfigApi.exportDitaval(libraryId, group)}>
                    {t('setting.exportDitaval')}
                  </Button>
                )
              }
            >
              <Table<Setting>
                rowKey="settingId"
                size="small"
                pagination={false}
                dataSource={items}
                scroll={{ x: 'max-content' }}
                columns={[
                  { key: 'name', title: t('setting.name'), dataIndex: 'name' },
                  { key: 'type', title: t('setting.type'), dataIndex: 'type', width: 100, render: typeLabel },
                  { key: 'value', title: t('setting.value'), dataIndex: 'value', ellipsis: true },
                  { key: 'product', title: t('setting.product'), dataIndex: 'product', width: 140 },
                  ...(canConfigure
                    ? [
                        {
                          key: 'actions',
                          title: tc('operation'),
                          width: 150,
                          render: (_: unknown, s: Setting) => (
                            <CrudLinks
                              row={s}
                              edit={{ perm: LibraryPerm.edit, onClick: setEditing }}
                              remove={{ perm: LibraryPerm.edit, onClick: ([row]) => row && remove(row) }}
                            />
                          ),
                        },
                      ]
                    : []),
                ]}
              />
            </Card>
          ))}
        </Space>
      </Spin>
      <Modal
        open={editing !== null}
        title={
          kind === 'variable'
            ? editing === 'new'
              ? t('setting.addVariable')
              : t('setting.editVariable')
            : editing === 'new'
              ? t('setting.addFilter')
              : t('setting.editFilter')
        }
        okText={tc('ok')}
        cancelText={tc('cancel')}
        confirmLoading={save.isPending}
        onOk={() => form.submit()}
        onCancel={() => setEditing(null)}
        forceRender
      >
        <Form<Fields> form={form} labelCol={{ flex: '80px' }} onFinish={(v) => save.mutate(v)} name={`${kind}-form`}>
          <Form.Item name="group" label={t('setting.group')} rules={required(t('setting.group'))}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="name" label={t('setting.name')} rules={required(t('setting.name'))}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="type" label={t('setting.type')} rules={required(t('setting.type'))}>
            <Select options={types.map((v) => ({ value: v, label: typeLabel(v) }))} />
          </Form.Item>
          <Form.Item name="value" label={t('setting.value')} rules={required(t('setting.value'))}>
            <Input.TextArea maxLength={1000} rows={2} />
          </Form.Item>
          <Form.Item name="product" label={t('setting.product')} rules={[{ required: true, message: t('setting.required', { field: t('setting.product') }) }]}>
            <Select showSearch={{ optionFilterProp: 'label' }} loading={products.loading} options={products.options} />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
