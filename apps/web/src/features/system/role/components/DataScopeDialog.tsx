import type { DataScopeValue, Role } from '@ccms/contracts/system/role';
import { App, Form, Input, Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../../shared/form/FormDialog';
import { useEntityForm } from '../../../../shared/form/use-entity-form';
import { indexTree, keysToSave } from '../check-tree';
import type { TickedTree } from '../role-api';
import { roleQueries, useRoleDeptTree, useSaveDataScope } from '../role-queries';
import { CheckTreeField, type Ticks } from './CheckTree';

export interface DataScopeDialogProps {
  /** The role whose data scope is edited; null closes the dialog. */
  role: Role | null;
  onClose: () => void;
}

/** 1 all, 2 custom departments, 3 own department, 4 own department and below, 5 self only. */
export const DATA_SCOPES: readonly DataScopeValue[] = ['1', '2', '3', '4', '5'];
const CUSTOM: DataScopeValue = '2';

const asScope = (v: string): DataScopeValue => DATA_SCOPES.find((s) => s === v) ?? '1';

interface Values {
  dataScope: DataScopeValue;
  /** Only while the custom scope shows its tree. */
  depts?: Ticks;
}

/** RuoYi's "assign data permissions": one of five scopes, custom ones with a department tree. */
export function DataScopeDialog({ role, onClose }: DataScopeDialogProps) {
  const { t } = useTranslation('role');
  const { message } = App.useApp();
  const saveScope = useSaveDataScope();
  const open = role !== null;
  const roleId = role?.roleId ?? 0;
  // The form's own query (shared in the cache): the tree the field shows and the keys to save read.
  const depts = useRoleDeptTree(roleId, open);
  const tree = useMemo(() => depts.data?.tree ?? [], [depts.data]);
  const index = useMemo(() => indexTree(tree), [tree]);
  const entity = useEntityForm<Values, TickedTree>({
    open,
    load: open ? roleQueries.deptTree(roleId) : undefined,
    toValues: (depts) => ({ dataScope: asScope(role?.dataScope ?? '1'), depts: { checked: depts.checkedKeys, linked: role?.deptCheckStrictly ?? true } }),
    save: ({ dataScope, depts }) =>
      saveScope.mutateAsync({
        roleId,
        dataScope,
        deptIds: dataScope === CUSTOM && depts ? keysToSave(depts.checked, depts.linked, index) : [],
        deptCheckStrictly: depts?.linked ?? role?.deptCheckStrictly ?? true,
      }),
    onSaved: () => {
      message.success(t('updated'));
      onClose();
    },
  });
  const scope = Form.useWatch('dataScope', entity.form);

  return (
    <FormDialog open={open} title={t('dataScopeTitle')} labelWidth={100} name="data-scope-form" entity={entity} onClose={onClose}>
      <Form.Item label={t('roleName')}>
        <Input value={role?.roleName} disabled />
      </Form.Item>
      <Form.Item label={t('roleKey')}>
        <Input value={role?.roleKey} disabled />
      </Form.Item>
      <Form.Item name="dataScope" label={t('dataScope')}>
        <Select<DataScopeValue> options={DATA_SCOPES.map((s) => ({ value: s, label: t(`scopes.${s}`) }))} />
      </Form.Item>
      {scope === CUSTOM && (
        <Form.Item name="depts" label={t('dataPermissions')}>
          <CheckTreeField label={t('dataPermissions')} treeData={tree} />
        </Form.Item>
      )}
    </FormDialog>
  );
}
