import { RoleBody } from '@ccms/contracts/system/role';
import { App, Form, Input, InputNumber, Radio } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useDict } from '../../../../shared/dict/use-dict';
import { FormDialog } from '../../../../shared/form/FormDialog';
import { useEntityForm } from '../../../../shared/form/use-entity-form';
import { zodMaxLength, zodRules } from '../../../../shared/form/zod-rules';
import { indexTree, keysToSave } from '../check-tree';
import type { RoleEdit } from '../role-api';
import { roleQueries, useMenuOptions, useRole, useSaveRole } from '../role-queries';
import { CheckTreeField, type Ticks } from './CheckTree';

export interface RoleFormDialogProps {
  open: boolean;
  /** The role to edit; undefined adds one. */
  roleId: number | undefined;
  onClose: () => void;
}

type Values = Pick<RoleBody, 'roleName' | 'roleKey' | 'roleSort' | 'status' | 'remark'> & { menus: Ticks };

const EMPTY: Values = { roleName: '', roleKey: '', roleSort: 0, status: '0', remark: '', menus: { checked: [], linked: true } };

const toValues = (r: RoleEdit): Values => ({
  roleName: r.roleName,
  roleKey: r.roleKey,
  roleSort: r.roleSort,
  status: r.status === '1' ? '1' : '0',
  remark: r.remark,
  menus: { checked: r.menus.checkedKeys, linked: r.menuCheckStrictly },
});

/** Add or edit a role with its menu permissions (a tickable menu tree with RuoYi's switches); rules come from RoleBody. */
export function RoleFormDialog({ open, roleId, onClose }: RoleFormDialogProps) {
  const { t } = useTranslation('role');
  const { message } = App.useApp();
  const statuses = useDict('sys_normal_disable');
  const saveRole = useSaveRole();
  // The same query the form loads (shared in the cache): its menu tree, and the data scope's linkage to keep.
  const detail = useRole(open ? roleId : undefined);
  const newTree = useMenuOptions(open && roleId === undefined);
  const tree = useMemo(() => (roleId === undefined ? (newTree.data ?? []) : (detail.data?.menus.tree ?? [])), [roleId, newTree.data, detail.data]);
  const index = useMemo(() => indexTree(tree), [tree]);
  const entity = useEntityForm<Values, RoleEdit>({
    open,
    load: roleId === undefined ? undefined : roleQueries.detail(roleId),
    toValues,
    defaults: EMPTY,
    save: ({ menus, ...values }) => {
      const body: RoleBody = {
        ...values,
        remark: values.remark ?? '',
        menuIds: keysToSave(menus.checked, menus.linked, index),
        menuCheckStrictly: menus.linked,
        deptCheckStrictly: detail.data?.deptCheckStrictly ?? true,
      };
      return saveRole.mutateAsync(roleId === undefined ? body : { ...body, roleId });
    },
    onSaved: () => {
      message.success(roleId === undefined ? t('added') : t('updated'));
      onClose();
    },
  });

  return (
    <FormDialog open={open} title={roleId === undefined ? t('addTitle') : t('editTitle')} labelWidth={120} name="role-form" entity={entity} onClose={onClose}>
      <Form.Item name="roleName" label={t('roleName')} rules={zodRules(RoleBody, 'roleName', t('roleName'))}>
        <Input maxLength={zodMaxLength(RoleBody, 'roleName')} placeholder={t('roleNamePlaceholder')} />
      </Form.Item>
      <Form.Item name="roleKey" label={t('roleKey')} tooltip={t('roleKeyTip')} rules={zodRules(RoleBody, 'roleKey', t('roleKey'))}>
        <Input maxLength={zodMaxLength(RoleBody, 'roleKey')} placeholder={t('roleKeyPlaceholder')} />
      </Form.Item>
      <Form.Item name="roleSort" label={t('roleSort')} rules={zodRules(RoleBody, 'roleSort', t('roleSort'))}>
        <InputNumber precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="status" label={t('status')}>
        <Radio.Group options={statuses.map((s) => ({ value: s.value, label: s.label }))} />
      </Form.Item>
      <Form.Item name="menus" label={t('menuPermissions')}>
        <CheckTreeField label={t('menuPermissions')} treeData={tree} loading={roleId === undefined && newTree.isLoading} byActivity />
      </Form.Item>
      <Form.Item name="remark" label={t('remark')} rules={zodRules(RoleBody, 'remark', t('remark'))}>
        <Input.TextArea maxLength={zodMaxLength(RoleBody, 'remark')} rows={2} placeholder={t('remarkPlaceholder')} />
      </Form.Item>
    </FormDialog>
  );
}
