import type { DataScopeValue, Role } from '@ccms/contracts/system/role';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Form, Input, Modal, Select } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { indexTree, keysToSave } from '../check-tree';
import { roleApi } from '../role-api';
import { CheckTree } from './CheckTree';

export interface DataScopeDialogProps {
  /** The role whose data scope is edited; null closes the dialog. */
  role: Role | null;
  onClose: () => void;
  onSaved: () => void;
}

/** 1 all, 2 custom departments, 3 own department, 4 own department and below, 5 self only. */
export const DATA_SCOPES: readonly DataScopeValue[] = ['1', '2', '3', '4', '5'];
const CUSTOM: DataScopeValue = '2';

const asScope = (v: string): DataScopeValue => DATA_SCOPES.find((s) => s === v) ?? '1';

/** RuoYi's "assign data permissions": one of five scopes, custom ones with a department tree. */
export function DataScopeDialog({ role, onClose, onSaved }: DataScopeDialogProps) {
  const { t } = useTranslation('role');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const [scope, setScope] = useState<DataScopeValue>('1');
  const [checked, setChecked] = useState<number[]>([]);
  const [linked, setLinked] = useState(true);
  const roleId = role?.roleId;
  const depts = useQuery({
    queryKey: ['system', 'role', 'dept-tree', roleId],
    queryFn: () => roleApi.deptTree(roleId ?? 0),
    enabled: role !== null,
    gcTime: 0,
  });
  const tree = useMemo(() => depts.data?.depts ?? [], [depts.data]);
  const index = useMemo(() => indexTree(tree), [tree]);

  useEffect(() => {
    if (!role) return;
    setScope(asScope(role.dataScope));
    setLinked(role.deptCheckStrictly);
  }, [role]);
  useEffect(() => {
    if (depts.data) setChecked(depts.data.checkedKeys);
  }, [depts.data]);

  const save = useMutation({
    mutationFn: () =>
      roleApi.dataScope({
        roleId: roleId ?? 0,
        dataScope: scope,
        deptIds: scope === CUSTOM ? keysToSave(checked, linked, index) : [],
        deptCheckStrictly: linked,
      }),
    onSuccess: () => {
      message.success(t('updated'));
      onSaved();
    },
  });

  return (
    <Modal
      open={role !== null}
      title={t('dataScopeTitle')}
      width={560}
      okText={tc('ok')}
      cancelText={tc('cancel')}
      confirmLoading={save.isPending}
      onOk={() => save.mutate()}
      onCancel={onClose}
    >
      <Form labelCol={{ flex: '100px' }} labelWrap name="data-scope-form">
        <Form.Item label={t('roleName')}>
          <Input value={role?.roleName} disabled />
        </Form.Item>
        <Form.Item label={t('roleKey')}>
          <Input value={role?.roleKey} disabled />
        </Form.Item>
        <Form.Item label={t('dataScope')}>
          <Select<DataScopeValue> value={scope} onChange={setScope} options={DATA_SCOPES.map((s) => ({ value: s, label: t(`scopes.${s}`) }))} />
        </Form.Item>
        {scope === CUSTOM && (
          <Form.Item label={t('dataPermissions')}>
            <CheckTree
              label={t('dataPermissions')}
              treeData={tree}
              checked={checked}
              onChange={setChecked}
              linked={linked}
              onLinkedChange={setLinked}
              loading={depts.isLoading}
            />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
