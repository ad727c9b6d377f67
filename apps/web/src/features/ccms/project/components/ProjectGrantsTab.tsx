import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { PROJECT_LEVELS, type ProjectGrant, ProjectPerm } from '@ccms/contracts/work/project';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Select, Space, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HasPermi, useHasPermi } from '../../../../shared/auth/HasPermi';
import { confirmDialog } from '../../../../shared/confirm';
import { projectApi } from '../project-api';

type GranteeType = 'user' | 'role' | 'all';
type Level = (typeof PROJECT_LEVELS)[number];
interface GrantForm {
  granteeType: GranteeType;
  granteeId?: number;
  level: Level;
}
const LEVEL_COLORS: Record<string, string> = { admin: 'red', owner: 'gold', write: 'blue', read: 'default' };

/** Who may do what on this project: owner, admin, write or read, for a user, a role or all. */
export function ProjectGrantsTab({ projectId, canConfigure }: { projectId: number; canConfigure: boolean }) {
  const { t } = useTranslation('project');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<GrantForm>();
  const type = Form.useWatch('granteeType', form) ?? 'user';
  const [search, setSearch] = useState('');
  const canPick = useHasPermi([ProjectPerm.edit]) && canConfigure;
  const key = ['ccms', 'project', 'grants', projectId];
  const grants = useQuery({ queryKey: key, queryFn: () => projectApi.grants(projectId), enabled: canConfigure });
  const users = useQuery({
    queryKey: ['ccms', 'project', 'grantee', 'users', search],
    queryFn: () => projectApi.granteeUsers(search || undefined),
    enabled: canPick && type === 'user',
  });
  const roles = useQuery({ queryKey: ['ccms', 'project', 'grantee', 'roles'], queryFn: projectApi.granteeRoles, enabled: canPick && type === 'role' });

  const add = useMutation({
    mutationFn: (v: GrantForm) =>
      projectApi.addGrant({ projectId, granteeType: v.granteeType, granteeId: v.granteeType === 'all' ? 0 : (v.granteeId ?? 0), level: v.level }),
    onSuccess: () => {
      message.success(t('grant.added'));
      form.setFieldValue('granteeId', undefined);
      return client.invalidateQueries({ queryKey: key });
    },
  });
  const remove = async (g: ProjectGrant) => {
    if (!(await confirmDialog(t('grant.confirmDelete', { name: g.granteeName || t('grant.everyone') }), { type: 'danger' }))) return;
    await projectApi.removeGrant(g.grantId);
    message.success(tc('success'));
    await client.invalidateQueries({ queryKey: key });
  };

  if (!canConfigure) return <Tag>{t('levels.read')}</Tag>;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <HasPermi value={[ProjectPerm.edit]}>
        <Form<GrantForm>
          form={form}
          layout="inline"
          initialValues={{ granteeType: 'user', level: 'read' }}
          onFinish={(v) => add.mutate(v)}
          name="project-grant-form"
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
                    ? (users.data ?? []).map((u) => ({ value: u.userId, label: `${u.nickName} (${u.userName})` }))
                    : (roles.data ?? []).map((r) => ({ value: r.roleId, label: r.roleName }))
                }
              />
            </Form.Item>
          )}
          <Form.Item name="level" label={t('grant.level')} rules={[{ required: true, message: t('grant.levelRequired') }]}>
            <Select style={{ width: 120 }} options={PROJECT_LEVELS.map((v) => ({ value: v, label: t(`levels.${v}`) }))} />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" icon={<PlusOutlined />} loading={add.isPending}>
              {t('grant.add')}
            </Button>
          </Form.Item>
        </Form>
      </HasPermi>
      <Table<ProjectGrant>
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
            render: (v: string) => <Tag color={LEVEL_COLORS[v]}>{t(`levels.${v as Level}`, { defaultValue: v })}</Tag>,
          },
          { key: 'createBy', title: t('createBy'), dataIndex: 'createBy', width: 120 },
          {
            key: 'createTime',
            title: t('createTime'),
            dataIndex: 'createTime',
            width: 180,
            render: (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm:ss') : ''),
          },
          {
            key: 'actions',
            title: tc('operation'),
            width: 100,
            render: (_: unknown, g: ProjectGrant) => (
              <HasPermi value={[ProjectPerm.edit]}>
                <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => remove(g)}>
                  {tc('delete')}
                </Button>
              </HasPermi>
            ),
          },
        ]}
      />
    </Space>
  );
}
