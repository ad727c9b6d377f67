import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { Abilities, GranteeType, GrantLevel } from '@ccms/contracts/grants';
import { type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Select, Space, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HasPermi, useHasPermi } from '../auth/HasPermi';
import { confirmDialog } from '../confirm';
import { userLabel } from '../user-label';

export type { GranteeType, GrantLevel };

/** One row of a grants list, as the library and project permission lists answer it. */
export interface GrantRow {
  grantId: number;
  granteeType: string;
  granteeName: string;
  level: string;
  createBy: string;
  createTime: string | Date | null;
}

/** What the add form submits; granteeId is 0 for all. */
export interface GrantInput<L extends GrantLevel> {
  granteeType: GranteeType;
  granteeId: number;
  level: L;
}

/** Where an object's grants and its grantee pickers come from, with their query keys. */
export interface GrantsSource<L extends GrantLevel> {
  grantsKey: QueryKey;
  grants: () => Promise<GrantRow[]>;
  usersKey: (search: string) => QueryKey;
  users: (keyword?: string) => Promise<{ userId: number; userName: string; nickName: string }[]>;
  rolesKey: QueryKey;
  roles: () => Promise<{ roleId: number; roleName: string }[]>;
  add: (grant: GrantInput<L>) => Promise<unknown>;
  remove: (grantId: number) => Promise<unknown>;
}

export interface GrantsEditorProps<L extends GrantLevel> {
  /** The namespace holding grant.*, levels.*, createBy and createTime for this kind of object. */
  ns: 'library' | 'project' | 'compliance';
  /** The add form's name (its DOM id). */
  formName: string;
  levels: readonly L[];
  defaultGranteeType: GranteeType;
  /** The permission needed to pick grantees, add and remove grants. */
  editPerm: string;
  /** The caller's abilities on the object: configure shows the add form and the remove column; grantOwner offers the owner level and removes owner grants. */
  abilities: Pick<Abilities, 'configure' | 'grantOwner'>;
  source: GrantsSource<L>;
}

interface GrantForm<L extends GrantLevel> {
  granteeType: GranteeType;
  granteeId?: number;
  level: L;
}
const LEVEL_COLORS: Record<string, string> = { admin: 'red', owner: 'gold', write: 'blue', publish: 'green', read: 'default' };

/** The grants table and its add form: a user, a role or all, with a level, added and removed. */
export function GrantsEditor<L extends GrantLevel>({ ns, formName, levels, defaultGranteeType, editPerm, abilities, source }: GrantsEditorProps<L>) {
  const canConfigure = abilities.configure;
  // Only whoever may hand out ownership is offered the owner level and the removal of an owner grant.
  const offered = levels.filter((level) => level !== 'owner' || abilities.grantOwner);
  const { t } = useTranslation(ns);
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<GrantForm<L>>();
  const type = Form.useWatch('granteeType', form) ?? defaultGranteeType;
  const [search, setSearch] = useState('');
  const canPick = useHasPermi([editPerm]) && canConfigure;
  const grants = useQuery({ queryKey: source.grantsKey, queryFn: source.grants });
  const users = useQuery({
    queryKey: source.usersKey(search),
    queryFn: () => source.users(search || undefined),
    enabled: canPick && type === 'user',
  });
  const roles = useQuery({ queryKey: source.rolesKey, queryFn: source.roles, enabled: canPick && type === 'role' });

  const add = useMutation({
    mutationFn: (v: GrantForm<L>) => source.add({ granteeType: v.granteeType, granteeId: v.granteeType === 'all' ? 0 : (v.granteeId ?? 0), level: v.level }),
    onSuccess: () => {
      message.success(t('grant.added'));
      form.setFieldValue('granteeId', undefined);
      return client.invalidateQueries({ queryKey: source.grantsKey });
    },
  });
  const remove = async (g: GrantRow) => {
    if (!(await confirmDialog(t('grant.confirmDelete', { name: g.granteeName || t('grant.everyone') }), { type: 'danger' }))) return;
    await source.remove(g.grantId);
    message.success(tc('success'));
    await client.invalidateQueries({ queryKey: source.grantsKey });
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {canConfigure && (
        <HasPermi value={[editPerm]}>
          <Form<GrantForm<L>>
            form={form}
            layout="inline"
            initialValues={{ granteeType: defaultGranteeType, level: 'read' as L }}
            onFinish={(v) => add.mutate(v)}
            name={formName}
          >
            <Form.Item name="granteeType" label={t('grant.granteeType')}>
              <Select
                style={{ width: 120 }}
                options={(['user', 'role', 'all'] as const).map((v) => ({ value: v, label: t(`grant.types.${v}`) }))}
                onChange={() => form.setFieldValue('granteeId', undefined)}
              />
            </Form.Item>
            {type !== 'all' && (
              <Form.Item name="granteeId" label={t('grant.grantee')} rules={[{ required: true, message: t('grant.granteeRequired') }]}>
                <Select
                  style={{ width: 220 }}
                  showSearch={type === 'user' ? { filterOption: false, onSearch: setSearch } : { optionFilterProp: 'label' }}
                  loading={type === 'user' ? users.isLoading : roles.isLoading}
                  options={
                    type === 'user'
                      ? (users.data ?? []).map((u) => ({ value: u.userId, label: userLabel(u) }))
                      : (roles.data ?? []).map((r) => ({ value: r.roleId, label: r.roleName }))
                  }
                />
              </Form.Item>
            )}
            <Form.Item name="level" label={t('grant.level')} rules={[{ required: true, message: t('grant.levelRequired') }]}>
              <Select style={{ width: 120 }} options={offered.map((v) => ({ value: v, label: t(`levels.${v}`) }))} />
            </Form.Item>
            <Form.Item>
              <Button type="primary" htmlType="submit" icon={<PlusOutlined />} loading={add.isPending}>
                {t('grant.add')}
              </Button>
            </Form.Item>
          </Form>
        </HasPermi>
      )}
      <Table<GrantRow>
        rowKey="grantId"
        size="middle"
        loading={grants.isLoading}
        dataSource={grants.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          {
            key: 'type',
            title: t('grant.granteeType'),
            dataIndex: 'granteeType',
            width: 120,
            render: (v: string) => t(`grant.types.${v as GranteeType}`, { defaultValue: v }),
          },
          { key: 'name', title: t('grant.grantee'), dataIndex: 'granteeName', render: (v: string) => v || t('grant.everyone') },
          {
            key: 'level',
            title: t('grant.level'),
            dataIndex: 'level',
            width: 120,
            render: (v: string) => <Tag color={LEVEL_COLORS[v]}>{t(`levels.${v as GrantLevel}`, { defaultValue: v })}</Tag>,
          },
          { key: 'createBy', title: t('createBy'), dataIndex: 'createBy', width: 120 },
          {
            key: 'createTime',
            title: t('createTime'),
            dataIndex: 'createTime',
            width: 180,
            render: (v: string | Date | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm:ss') : ''),
          },
          ...(canConfigure
            ? [
                {
                  key: 'actions',
                  title: tc('operation'),
                  width: 100,
                  render: (_: unknown, g: GrantRow) =>
                    (g.level !== 'owner' || abilities.grantOwner) && (
                      <HasPermi value={[editPerm]}>
                        <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => remove(g)}>
                          {tc('delete')}
                        </Button>
                      </HasPermi>
                    ),
                },
              ]
            : []),
        ]}
      />
    </Space>
  );
}
