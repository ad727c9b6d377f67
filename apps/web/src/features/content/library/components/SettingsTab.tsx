import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { LibraryPerm } from '@ccms/contracts/content/library';
import { FILTER_TYPES, SettingBody, VARIABLE_TYPES } from '@ccms/contracts/content/library-config';
import { App, AutoComplete, Button, Card, Empty, Form, Input, Select, Space, Spin, Table, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HasPermi } from '../../../../shared/auth/HasPermi';
import { confirmDialog } from '../../../../shared/confirm';
import { FormDialog } from '../../../../shared/form/FormDialog';
import { useEntityForm } from '../../../../shared/form/use-entity-form';
import { zodMaxLength, zodRules } from '../../../../shared/form/zod-rules';
import { CrudLinks } from '../../../../shared/list/CrudButtons';
import { ProductNeeded } from '../../product/components/ProductNeeded';
import { useProductOptions } from '../../product/use-product-options';
import { useApplicability } from '../../s1000d/s1000d-queries';
import { libraryConfigApi, type Setting, type SettingKind } from '../library-api';
import { useDeleteSettings, useLibrarySettings, useSaveSetting } from '../library-queries';

type Fields = Omit<SettingBody, 'libraryId'>;

const FIELDS = ['group', 'name', 'type', 'value', 'product'] as const;

/** The values an ACT/CCT property allows, as a person picks them: `a|b` split, ranges (`1~3`) as written. */
const valuesOf = (values: readonly string[]) => [...new Set(values.flatMap((v) => v.split('|')).filter((v) => v !== ''))];

/**
 * Variables (file or value) or filters (include or exclude), grouped; each filter group exports as
 * DITAVAL. An S1000D library's filters name its applicability properties (ACT attributes, CCT
 * conditions) instead of DITAVAL attributes, and its PCT products are listed as saved selections.
 */
export function SettingsTab({
  libraryId,
  kind,
  canConfigure,
  s1000d = false,
}: {
  libraryId: number;
  kind: SettingKind;
  canConfigure: boolean;
  /** The library is S1000D: filters by applicability properties. */
  s1000d?: boolean;
}) {
  const { t } = useTranslation('library');
  const byApplicability = s1000d && kind === 'filter';
  const applicability = useApplicability({ libraryId }, byApplicability);
  const properties = applicability.data?.attributes ?? [];
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const [editing, setEditing] = useState<Setting | 'new' | null>(null);
  const rows = useLibrarySettings(kind, libraryId);
  const types = kind === 'variable' ? VARIABLE_TYPES : FILTER_TYPES;
  const products = useProductOptions(editing !== null);
  const typeLabel = (v: string) =>
    kind === 'variable' ? t(`setting.variableTypes.${v as 'file'}`, { defaultValue: v }) : t(`setting.filterTypes.${v as 'include'}`, { defaultValue: v });
  const groups = useMemo(() => {
    const by = new Map<string, Setting[]>();
    for (const r of rows.data ?? []) by.set(r.group, [...(by.get(r.group) ?? []), r]);
    return [...by.entries()];
  }, [rows.data]);

  const saveSetting = useSaveSetting(kind, libraryId);
  const removeSettings = useDeleteSettings(kind, libraryId);
  const entity = useEntityForm<Fields>({
    open: editing !== null,
    defaults: editing === null || editing === 'new' ? { type: types[0] } : editing,
    save: (v) => saveSetting.mutateAsync(editing === 'new' || editing === null ? { ...v, libraryId } : { ...v, libraryId, settingId: editing.settingId }),
    onSaved: () => {
      message.success(tc('success'));
      setEditing(null);
    },
  });
  const remove = async (s: Setting) => {
    if (!(await confirmDialog(t('setting.confirmDelete', { name: s.name }), { type: 'danger' }))) return;
    await removeSettings.mutateAsync([s.settingId]);
    message.success(tc('success'));
  };
  const rules = (field: (typeof FIELDS)[number], label: string) => zodRules(SettingBody, field, label, { required: t('setting.required', { field: label }) });

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {canConfigure && (
        <HasPermi value={[LibraryPerm.edit]}>
          <Button type="primary" ghost icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {kind === 'variable' ? t('setting.addVariable') : t('setting.addFilter')}
          </Button>
        </HasPermi>
      )}
      {byApplicability && (
        <Card size="small" title={t('setting.pctProducts')} data-testid="filter-pct-products">
          {applicability.data && applicability.data.products.length === 0 ? (
            <Typography.Text type="secondary">{t('setting.noPct')}</Typography.Text>
          ) : (
            <Table
              rowKey="key"
              size="small"
              pagination={false}
              loading={applicability.isLoading}
              dataSource={applicability.data?.products ?? []}
              scroll={{ x: 'max-content' }}
              columns={[
                { key: 'key', title: t('setting.pctProduct'), dataIndex: 'key', width: 140 },
                {
                  key: 'assignment',
                  title: t('setting.pctAssignment'),
                  render: (_: unknown, p: { assignment: Record<string, string> }) => (
                    <Space size={[4, 4]} wrap>
                      {Object.entries(p.assignment).map(([k, v]) => (
                        <Tag key={k}>
                          {k} = {v}
                        </Tag>
                      ))}
                    </Space>
                  ),
                },
              ]}
            />
          )}
        </Card>
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
                kind === 'filter' &&
                !s1000d && (
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
      <FormDialog
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
        labelWidth={80}
        name={`${kind}-form`}
        entity={entity}
        onClose={() => setEditing(null)}
      >
        <ProductNeeded products={products} />
        <Form.Item name="group" label={t('setting.group')} rules={rules('group', t('setting.group'))}>
          <Input maxLength={zodMaxLength(SettingBody, 'group')} />
        </Form.Item>
        <Form.Item
          name="name"
          label={byApplicability ? t('setting.property') : t('setting.name')}
          rules={rules('name', t('setting.name'))}
          extra={byApplicability ? t('setting.propertyHint') : undefined}
        >
          {byApplicability ? (
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              loading={applicability.isLoading}
              data-testid="filter-property"
              options={properties.map((a) => ({ value: a.id, label: a.name && a.name !== a.id ? `${a.name} (${a.id})` : a.id }))}
            />
          ) : (
            <Input maxLength={zodMaxLength(SettingBody, 'name')} />
          )}
        </Form.Item>
        <Form.Item name="type" label={t('setting.type')} rules={rules('type', t('setting.type'))}>
          <Select options={types.map((v) => ({ value: v, label: typeLabel(v) }))} />
        </Form.Item>
        <Form.Item noStyle shouldUpdate={(a: Partial<Fields>, b: Partial<Fields>) => a.name !== b.name}>
          {({ getFieldValue }) => (
            <Form.Item name="value" label={t('setting.value')} rules={rules('value', t('setting.value'))}>
              {byApplicability ? (
                <AutoComplete
                  data-testid="filter-value"
                  maxLength={zodMaxLength(SettingBody, 'value')}
                  options={valuesOf(properties.find((a) => a.id === getFieldValue('name'))?.values ?? []).map((v) => ({ value: v }))}
                />
              ) : (
                <Input.TextArea maxLength={zodMaxLength(SettingBody, 'value')} rows={2} />
              )}
            </Form.Item>
          )}
        </Form.Item>
        <Form.Item name="product" label={t('setting.product')} rules={rules('product', t('setting.product'))}>
          <Select showSearch={{ optionFilterProp: 'label' }} loading={products.loading} options={products.options} />
        </Form.Item>
      </FormDialog>
    </Space>
  );
}
