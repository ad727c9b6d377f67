import { Card, Descriptions, Empty, Progress, Result, Space, Spin, Table, Tabs, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PlanList } from '../../plan/components/PlanList';
import { ReleaseList } from '../../release/components/ReleaseList';
import { TaskList } from '../../task/components/TaskList';
import { ProjectConfigCard } from '../components/ProjectConfigCard';
import { ProjectGrantsTab } from '../components/ProjectGrantsTab';
import { ProjectMembersTab } from '../components/ProjectMembersTab';
import type { projectApi } from '../project-api';
import { useProject, useProjectBranches, useProjectProgress } from '../project-queries';

const time = (v: string | Date | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm:ss') : '');

type Loaded = NonNullable<Awaited<ReturnType<typeof projectApi.get>>>;

function BasicTab({ project, canConfigure }: { project: Loaded; canConfigure: boolean }) {
  const { t } = useTranslation('project');
  const progress = useProjectProgress(project.id);
  const branches = useProjectBranches(project.id, !!project.libraryId && project.abilities.read);
  const yesNo = (v: boolean) => (v ? t('yes') : t('no'));
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Descriptions bordered size="small" column={{ xs: 1, md: 2 }}>
        <Descriptions.Item label={t('title')}>{project.title}</Descriptions.Item>
        <Descriptions.Item label={t('name')}>{project.name}</Descriptions.Item>
        <Descriptions.Item label={t('status')}>
          <Tag color={project.status === '0' ? 'blue' : 'default'}>{t(project.status === '1' ? 'statuses.1' : 'statuses.0')}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('category')}>{project.categoryName || project.category}</Descriptions.Item>
        <Descriptions.Item label={t('version')}>{project.version}</Descriptions.Item>
        <Descriptions.Item label={t('owner')}>{project.ownerName}</Descriptions.Item>
        <Descriptions.Item label={t('beginDate')}>{project.beginDate}</Descriptions.Item>
        <Descriptions.Item label={t('endDate')}>{project.endDate}</Descriptions.Item>
        <Descriptions.Item label={t('library')}>{project.libraryName || t('none')}</Descriptions.Item>
        <Descriptions.Item label={t('sourceBranch')}>{project.sourceBranch}</Descriptions.Item>
        <Descriptions.Item label={t('projectBranch')}>{project.projectBranch}</Descriptions.Item>
        <Descriptions.Item label={t('useOriginBranch')}>{yesNo(project.useOriginBranch)}</Descriptions.Item>
        <Descriptions.Item label={t('updateSchedule')}>
          {t(`schedules.${project.updateSchedule as 'never'}`, { defaultValue: project.updateSchedule })}
        </Descriptions.Item>
        <Descriptions.Item label={t('lastUpdate')}>
          {time(project.lastUpdateTime) || t('never')}{' '}
          {project.lastUpdateResult && <Typography.Text type="secondary">({project.lastUpdateResult})</Typography.Text>}
        </Descriptions.Item>
        <Descriptions.Item label={t('secrecy')}>{yesNo(project.secrecy)}</Descriptions.Item>
        <Descriptions.Item label={t('public')}>{yesNo(project.public)}</Descriptions.Item>
        <Descriptions.Item label={t('myLevel')}>{project.myLevel ? t(`levels.${project.myLevel}`) : '-'}</Descriptions.Item>
        <Descriptions.Item label={t('createBy')}>
          {project.createBy} {time(project.createTime)}
        </Descriptions.Item>
        <Descriptions.Item label={t('progress')} span={2}>
          {progress.data && (
            <Space orientation="vertical" style={{ width: '100%' }}>
              <Progress percent={progress.data.percent} data-testid="project-progress" />
              <Typography.Text type="secondary">{t('progressText', progress.data)}</Typography.Text>
            </Space>
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('schedule')} span={2}>
          {project.schedule}
        </Descriptions.Item>
        <Descriptions.Item label={t('objective')} span={2}>
          {project.objective}
        </Descriptions.Item>
        <Descriptions.Item label={t('milestone')} span={2}>
          {project.milestone}
        </Descriptions.Item>
        <Descriptions.Item label={t('risk')} span={2}>
          {project.risk}
        </Descriptions.Item>
        <Descriptions.Item label={t('description')} span={2}>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{project.description}</Typography.Paragraph>
        </Descriptions.Item>
      </Descriptions>
      {project.libraryId && (
        <Card size="small" title={t('branches.title')}>
          <Table
            rowKey="name"
            size="small"
            pagination={false}
            loading={branches.isLoading}
            dataSource={branches.data ?? []}
            columns={[
              { key: 'kind', title: t('branches.title'), dataIndex: 'kind', render: (v: 'source' | 'project') => t(`branches.${v}`) },
              { key: 'name', title: t('projectBranch'), dataIndex: 'name' },
              {
                key: 'exists',
                title: '',
                dataIndex: 'exists',
                render: (v: boolean) => <Tag color={v ? 'green' : 'red'}>{t(v ? 'branches.exists' : 'branches.missing')}</Tag>,
              },
              { key: 'commit', title: 'commit', dataIndex: 'commit', render: (v: string) => <Typography.Text code>{v.slice(0, 10)}</Typography.Text> },
            ]}
          />
        </Card>
      )}
      {project.abilities.read && <ProjectConfigCard projectId={project.id} canConfigure={canConfigure} />}
    </Space>
  );
}

/** A project's detail (/ccms/projectDetail/index?id=...): basic, permission, release, project list, member. */
export default function ProjectDetailPage() {
  const { t } = useTranslation('project');
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const project = useProject(id, valid);
  const tab = params.get('tab') ?? 'basic';

  if (!valid) return <Result status="warning" title={t('missingId')} />;
  if (project.isLoading) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  const data = project.data;
  if (!data) return <Empty />;
  const { configure: canConfigure, write: canWrite, read: canRead } = data.abilities;

  return (
    <Card variant="borderless" title={data.title}>
      <Tabs
        activeKey={tab}
        destroyOnHidden
        onChange={(key) =>
          setParams(
            (p) => {
              p.set('tab', key);
              return p;
            },
            { replace: true },
          )
        }
        items={[
          { key: 'basic', label: t('tabs.basic'), children: <BasicTab project={data} canConfigure={canConfigure} /> },
          { key: 'permission', label: t('tabs.permission'), children: <ProjectGrantsTab projectId={id} abilities={data.abilities} /> },
          { key: 'release', label: t('tabs.release'), children: canRead ? <ReleaseList projectId={id} canWrite={canWrite} /> : <Empty /> },
          {
            key: 'projectList',
            label: t('tabs.projectList'),
            children: canRead ? (
              <Space orientation="vertical" size="large" style={{ width: '100%' }}>
                <Card size="small" title={t('plansAndTasks.plans')} data-testid="project-plans">
                  <PlanList projectId={id} canWrite={canWrite} />
                </Card>
                <Card size="small" title={t('plansAndTasks.tasks')} data-testid="project-tasks">
                  <TaskList projectId={id} canWrite={canWrite} />
                </Card>
              </Space>
            ) : (
              <Empty />
            ),
          },
          { key: 'member', label: t('tabs.member'), children: canRead ? <ProjectMembersTab projectId={id} canConfigure={canConfigure} /> : <Empty /> },
        ]}
      />
    </Card>
  );
}
