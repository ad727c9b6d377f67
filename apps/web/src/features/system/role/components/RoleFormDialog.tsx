import type { RoleBody } from '@ccms/contracts/system/role';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Form, Input, InputNumber, Modal, Radio, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDict } from '../../../../shared/dict/use-dict';
import { indexTree, keysToSave } from '../check-tree';
import { roleApi } from '../role-api';
import { CheckTree } from './CheckTree';

export interface RoleFormDialogProps {
  open: boolean;
  /** The role to edit; undefined adds one. */
  roleId: number | undefined;
  onClose: () => void;
  onSaved: () => void;
}

type Values = Pick<RoleBody, 'roleName' | 'roleKey' | 'roleSort' | 'status' | 'remark'>;

const EMPTY: Values = { roleName: '', roleKey: '', roleSort: 0, status: '0', remark: '' };

/** Add or edit a role with its menu permissions (a tickable menu tree with RuoYi's switches). */
export function RoleFormDialog({ open, roleId, onClose, onSaved }: RoleFormDialogProps) {
  const { t } = useTranslation('role');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const statuses = useDict('sys_normal_disable');
  const [form] = Form.useForm<Values>();
  const editing = roleId !== undefined;
  const [checked, setChecked] = useState<number[]>([]);
  const [linked, setLinked] = useState(true);

  const detail = useQuery({ queryKey: ['system', 'role', 'detail', roleId], queryFn: () => roleApi.get(roleId ?? 0), enabled: open && editing, gcTime: 0 });
  const roleTree = useQuery({
    queryKey: ['system', 'role', 'menu-tree', roleId],
    queryFn: () => roleApi.roleMenuTree(roleId ?? 0),
    enabled: open && editing,
    gcTime: 0,
  });
  const newTree = useQuery({ queryKey: ['system', 'menu', 'treeselect'], queryFn: roleApi.menuTree, enabled: open && !editing, gcTime: 0 });
  const tree = useMemo(() => (editing ? (roleTree.data?.menus ?? []) : (newTree.data ?? [])), [editing, roleTree.data, newTree.data]);
  const index = useMemo(() => indexTree(tree), [tree]);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (!editing) {
      form.setFieldsValue(EMPTY);
      setChecked([]);
      setLinked(true);
    } else if (detail.data) {
      const r = detail.data;
      form.setFieldsValue({ roleName: r.roleName, roleKey: r.roleKey, roleSort: r.roleSort, status: r.status === '1' ? '1' : '0', remark: r.remark });
      setLinked(r.menuCheckStrictly);
    }
  }, [open, editing, detail.data, form]);

  useEffect(() => {
    if (open && editing && roleTree.data) setChecked(roleTree.data.checkedKeys);
  }, [open, editing, roleTree.data]);

  const save = useMutation({
    mutationFn: (values: Values) => {
      const body: RoleBody = {
        ...values,
        remark: values.remark ?? '',
        menuIds: keysToSave(checked, linked, index),
        menuCheckStrictly: linked,
        deptCheckStrictly: detail.data?.deptCheckStrictly ?? true,
      };
      return roleId === undefined ? roleApi.add(body) : roleApi.update({ ...body, roleId });
    },
    onSuccess: () => {
      message.success(editing ? t('updated') : t('added'));
      onSaved();
    },
  });

  const loadingTree = editing ? roleTree.isLoading : newTree.isLoading;

  return (
    <Modal
      open={open}
      title={editing ? t('editTitle') : t('addTitle')}
      width={560}
      okText={tc('ok')}
      cancelText={tc('cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Spin spinning={editing && detail.isLoading}>
        <Form<Values> form={form} labelCol={{ flex: '120px' }} labelWrap initialValues={EMPTY} onFinish={(v) => save.mutate(v)} name="role-form">
          <Form.Item name="roleName" label={t('roleName')} rules={[{ required: true, whitespace: true, message: t('roleNameRequired') }]}>
            <Input maxLength={30} placeholder={t('roleNamePlaceholder')} />
          </Form.Item>
          <Form.Item
            name="roleKey"
            label={t('roleKey')}
            tooltip={t('roleKeyTip')}
            rules={[{ required: true, whitespace: true, message: t('roleKeyRequired') }]}
          >
            <Input maxLength={100} placeholder={t('roleKeyPlaceholder')} />
          </Form.Item>
          <Form.Item name="roleSort" label={t('roleSort')} rules={[{ required: true, message: t('roleSortRequired') }]}>
            <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="status" label={t('status')}>
            <Radio.Group options={statuses.map((s) => ({ value: s.value, label: s.label }))} />
          </Form.Item>
          <Form.Item label={t('menuPermissions')}>
            <CheckTree
              label={t('menuPermissions')}
              treeData={tree}
              checked={checked}
              onChange={setChecked}
              linked={linked}
              onLinkedChange={setLinked}
              loading={loadingTree}
            />
          </Form.Item>
          <Form.Item name="remark" label={t('remark')}>
            <Input.TextArea maxLength={500} rows={2} placeholder={t('remarkPlaceholder')} />
          </Form.Item>
        </Form>
      </Spin>
    </Modal>
  );
}
