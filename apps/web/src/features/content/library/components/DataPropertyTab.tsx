import { DataPropertyBody } from '@ccms/contracts/content/library-config';
import { App, Empty, Form, Input, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../../shared/form/FormDialog';
import { useEntityForm } from '../../../../shared/form/use-entity-form';
import { zodMaxLength, zodRules } from '../../../../shared/form/zod-rules';
import { ProductNeeded } from '../../product/components/ProductNeeded';
import { useProductOptions } from '../../product/use-product-options';
import type { DataPropertyRow } from '../library-api';
import { useDataProperties, useDeleteDataProperty, useSaveDataProperty } from '../library-queries';
import { ConfigTable } from './ConfigTable';

type Fields = Omit<DataPropertyBody, 'libraryId'>;
const ATTRS = ['audience', 'platform', 'props', 'otherprops'] as const;

/** Per product, the values allowed for audience, platform, props and otherprops. */
export function DataPropertyTab({ libraryId, canConfigure }: { libraryId: number; canConfigure: boolean }) {
  const { t } = useTranslation('library');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const [editing, setEditing] = useState<DataPropertyRow | 'new' | null>(null);
  const rows = useDataProperties(libraryId);
  const products = useProductOptions(editing !== null);
  const saveProperty = useSaveDataProperty(libraryId);
  const removeProperty = useDeleteDataProperty(libraryId);
  const entity = useEntityForm<Fields>({
    open: editing !== null,
    defaults: editing === null || editing === 'new' ? {} : editing,
    save: (v) => saveProperty.mutateAsync(editing === 'new' || editing === null ? { ...v, libraryId } : { ...v, libraryId, configId: editing.configId }),
    onSaved: () => {
      message.success(tc('success'));
      setEditing(null);
    },
  });

  return (
    <ConfigTable<DataPropertyRow>
      canConfigure={canConfigure}
      addLabel={t('dataProperty.add')}
      rows={rows.data}
      loading={rows.isLoading}
      error={rows.error}
      empty={<Empty description={t('dataProperty.notConfigured')} />}
      columns={[
        { key: 'product', title: t('dataProperty.product'), dataIndex: 'product', width: 160 },
        ...ATTRS.map((a) => ({ key: a, title: t(`dataProperty.${a}`), dataIndex: a, ellipsis: true })),
      ]}
      onAdd={() => setEditing('new')}
      onEdit={setEditing}
      confirmDelete={(r) => t('dataProperty.confirmDelete', { name: r.product })}
      remove={(configId) => removeProperty.mutateAsync(configId)}
    >
      <FormDialog
        open={editing !== null}
        title={editing === 'new' ? t('dataProperty.add') : t('dataProperty.edit')}
        name="data-property-form"
        entity={entity}
        onClose={() => setEditing(null)}
      >
        {editing === 'new' && <ProductNeeded products={products} />}
        <Form.Item
          name="product"
          label={t('dataProperty.product')}
          rules={zodRules(DataPropertyBody, 'product', t('dataProperty.product'), { required: t('dataProperty.productRequired') })}
        >
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            loading={products.loading}
            disabled={editing !== 'new'}
            // A product configured already has its row: it is edited there.
            options={products.options.filter((o) => editing !== 'new' || !(rows.data ?? []).some((r) => r.product === o.value))}
          />
        </Form.Item>
        {ATTRS.map((a) => (
          <Form.Item
            key={a}
            name={a}
            label={t(`dataProperty.${a}`)}
            extra={t('dataProperty.hint')}
            rules={zodRules(DataPropertyBody, a, t(`dataProperty.${a}`))}
          >
            <Input maxLength={zodMaxLength(DataPropertyBody, a)} />
          </Form.Item>
        ))}
      </FormDialog>
    </ConfigTable>
  );
}
