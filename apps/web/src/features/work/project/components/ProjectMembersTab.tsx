import { PlusOutlined } from '@ant-design/icons';
import { PROJECT_ROLES, type ProjectMember, ProjectPerm } from '@ccms/contracts/work/project';
import { App, Button, Form, Select, Space, Table } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { HasPermi } from '../../../../shared/auth/HasPermi';
import { confirmDialog } from '../../../../shared/confirm';
import { CrudLinks } from '../../../../shared/list/CrudButtons';
import { userLabel } from '../../../../shared/user-label';
import { useAddProjectMembers, useProjectMembers, useRemoveProjectMember } from '../project-queries';
import { useUserOptions } from './pickers';

type Role = (typeof PROJECT_ROLES)[number];
interface MemberForm {
  userIds: number[];
  projectRole: Role;
}

/** The people of a project with their role; admins and owners add and remove them. */
export function ProjectMembersTab({ projectId, canConfigure }: { projectId: number; canConfigure: boolean }) {
  const { t } = useTranslation('project');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<MemberForm>();
  const members = useProjectMembers(projectId);
  const addMembers = useAddProjectMembers();
  const removeMember = useRemoveProjectMember();
  const users = useUserOptions();
  const add = {
    isPending: addMembers.isPending,
    mutate: (v: MemberForm) =>
      addMembers.mutate(
        { projectId, userIds: v.userIds, projectRole: v.projectRole },
        {
          onSuccess: () => {
            message.success(t('member.added'));
            form.setFieldValue('userIds', []);
          },
        },
      ),
  };
  const remove = async (m: ProjectMember) => {
    if (!(await confirmDialog(t('member.confirmDelete', { name: m.nickName || m.userName }), { type: 'danger' }))) return;
    await removeMember.mutateAsync(m.memberId);
    message.success(tc('success'));
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {canConfigure && (
        <HasPermi value={[ProjectPerm.edit]}>
          <Form<MemberForm>
            form={form}
            layout="inline"
            initialValues={{ userIds: [], projectRole: 'writer' }}
            onFinish={(v) => add.mutate(v)}
            name="project-member-form"
          >
            <Form.Item name="userIds" label={t('member.user')} rules={[{ required: true, message: t('member.usersRequired') }]}>
              <Select
                mode="multiple"
                style={{ minWidth: 260 }}
                showSearch={{ optionFilterProp: 'label' }}
                loading={users.isLoading}
                options={(users.data ?? []).map((u) => ({ value: u.userId, label: userLabel(u) }))}
              />
            </Form.Item>
            <Form.Item name="projectRole" label={t('member.projectRole')}>
              <Select style={{ width: 160 }} options={PROJECT_ROLES.map((v) => ({ value: v, label: t(`member.roles.${v}`) }))} />
            </Form.Item>
            <Form.Item>
              <Button type="primary" htmlType="submit" icon={<PlusOutlined />} loading={add.isPending}>
                {t('member.add')}
              </Button>
            </Form.Item>
          </Form>
        </HasPermi>
      )}
      <Table<ProjectMember>
        rowKey="memberId"
        size="middle"
        loading={members.isLoading}
        dataSource={members.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          { key: 'userName', title: t('member.user'), dataIndex: 'userName' },
          { key: 'nickName', title: t('member.nickName'), dataIndex: 'nickName' },
          {
            key: 'projectRole',
            title: t('member.projectRole'),
            dataIndex: 'projectRole',
            render: (v: string) => t(`member.roles.${v as Role}`, { defaultValue: v }),
          },
          {
            key: 'createTime',
            title: t('createTime'),
            dataIndex: 'createTime',
            width: 180,
            render: (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm:ss') : ''),
          },
          ...(canConfigure
            ? [
                {
                  key: 'actions',
                  title: tc('operation'),
                  width: 100,
                  render: (_: unknown, m: ProjectMember) => <CrudLinks row={m} remove={{ perm: ProjectPerm.edit, onClick: ([row]) => row && remove(row) }} />,
                },
              ]
            : []),
        ]}
      />
    </Space>
  );
}
