import { EditOutlined } from '@ant-design/icons';
import { PlanPerm } from '@ccms/contracts/work/plan';
import { Button, Card, Descriptions, Empty, Progress, Result, Space, Spin, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { HasPermi } from '../../../../shared/auth/HasPermi';
import { TaskList } from '../../task/components/TaskList';
import { PlanEnableSwitch } from '../components/PlanEnableSwitch';
import { PlanFormDialog } from '../components/PlanFormDialog';
import { usePlan } from '../plan-queries';

const time = (v: string | Date | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm:ss') : '');

/** A plan's detail (/ccms/staging/planDetail?id=...): its fields, progress, and its tasks. */
export default function PlanDetailPage() {
  const { t } = useTranslation('plan');
  const { t: tc } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const plan = usePlan(id, valid);
  const [editing, setEditing] = useState(false);

  if (!valid) return <Result status="warning" title={t('missingId')} />;
  if (plan.isLoading) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  const d = plan.data;
  if (!d) return <Empty />;

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card
        variant="borderless"
        title={d.title}
        extra={
          <Space>
            <PlanEnableSwitch plan={d} />
            <HasPermi value={[PlanPerm.edit]}>
              <Button type="primary" icon={<EditOutlined />} onClick={() => setEditing(true)}>
                {tc('edit')}
              </Button>
            </HasPermi>
          </Space>
        }
      >
        <Descriptions bordered size="small" column={{ xs: 1, md: 3 }}>
          <Descriptions.Item label={t('project')}>
            <Link to={`/ccms/projectDetail/index?id=${d.projectId}`}>{d.projectTitle}</Link>
          </Descriptions.Item>
          <Descriptions.Item label={t('release')}>{d.releaseTitle}</Descriptions.Item>
          <Descriptions.Item label={t('status')}>
            <Tag>{t(`statuses.${d.status as 'notStarted'}`, { defaultValue: d.status })}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label={t('progress')} span={3}>
            <Progress percent={d.progress} data-testid="plan-progress" format={(p) => `${p}% (${d.tasksCompleted}/${d.tasksTotal})`} />
          </Descriptions.Item>
          <Descriptions.Item label={t('library')}>{d.libraryName}</Descriptions.Item>
          <Descriptions.Item label={t('branch')}>{d.branch}</Descriptions.Item>
          <Descriptions.Item label={t('reviewRule')}>
            {t(`reviewRules.${d.reviewRule === 'one' || d.reviewRule === 'all' ? d.reviewRule : 'config'}`)}
          </Descriptions.Item>
          <Descriptions.Item label={t('owner')}>{d.ownerName}</Descriptions.Item>
          <Descriptions.Item label={t('reviewer')}>{d.reviewerName}</Descriptions.Item>
          <Descriptions.Item label={t('notice')}>{d.notice ? t(`noticeTypes.${d.noticeType === 'email' ? 'email' : 'system'}`) : '-'}</Descriptions.Item>
          <Descriptions.Item label={t('beginDate')}>{d.beginDate}</Descriptions.Item>
          <Descriptions.Item label={t('dueDate')}>{d.dueDate}</Descriptions.Item>
          <Descriptions.Item label={t('createBy')}>
            {d.createBy} {time(d.createTime)}
          </Descriptions.Item>
          <Descriptions.Item label={t('description')} span={3}>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{d.description}</Typography.Paragraph>
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card variant="borderless" title={t('tasks')} data-testid="plan-tasks">
        <TaskList projectId={d.projectId} planId={d.id} />
      </Card>
      <PlanFormDialog open={editing} id={id} onClose={() => setEditing(false)} />
    </Space>
  );
}
