import { TreeSelect, type TreeSelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TreeOption } from './tree';

export interface TreeSelectFieldProps extends Omit<TreeSelectProps, 'treeData' | 'fieldNames'> {
  /** Server tree options ({id, label, children}, e.g. /system/dept/treeselect). */
  treeData: readonly TreeOption[];
  /** Which key is the value; default id (spec section 3). */
  valueKey?: 'id' | 'label';
}

/**
 * antd TreeSelect over the server's tree options, searchable by label, default value key id.
 * Usage: `<Form.Item name="deptId"><TreeSelectField treeData={depts} /></Form.Item>`
 */
export function TreeSelectField({ treeData, valueKey = 'id', placeholder, ...rest }: TreeSelectFieldProps) {
  const { t } = useTranslation('shared');
  return (
    <TreeSelect
      allowClear
      showSearch
      treeNodeFilterProp="label"
      treeDefaultExpandAll
      placeholder={placeholder ?? t('tree.placeholder')}
      {...rest}
      treeData={treeData as TreeOption[]}
      fieldNames={{ value: valueKey, label: 'label', children: 'children' }}
    />
  );
}
