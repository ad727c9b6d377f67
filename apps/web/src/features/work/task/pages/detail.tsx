import { EditOutlined, FieldTimeOutlined } from '@ant-design/icons';
import { TaskPerm } from '@ccms/contracts/work/task';
import { Button, Card, Descriptions, Empty, Result, Space, Spin, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { HasPermi } from '../../../../shared/auth/HasPermi';
import { TaskContentCard } from '../../workflow/components/TaskContentCard';
import { TaskFormDialog } from '../components/TaskFormDialog';
import { TaskProgressDialog } from '../components/TaskProgressDialog';
import { useTask } from '../task-queries';

const time = (v: string | Date | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm:ss') : '');

/** A task's detail (/ccms/task/detail?id=...). */
export default function TaskDetailPage() {
  const { t } = useTranslation('task');
  const { t: tc } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const task = useTask(id, valid);
  const [editing, setEditing] = useState(false);
  const [progress, setProgress] = useState(false);

  if (!valid) return <Result status="warning" title={t('missingId')} />;
  if (task.isLoading) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  const d = task.data;
  if (!d) return <Empty />;

  return (
    <Card
      variant="borderless"
      title={d.title}
      extra={
        <Space>
          <HasPermi value={[TaskPerm.edit, TaskPerm.mine]}>
            <Button icon={<FieldTimeOutlined />} onClick={() => setProgress(true)}>
              {t('progressTitle')}
            </Button>
          </HasPermi>
          <HasPermi value={[TaskPerm.edit]}>
            <Button type="primary" icon={<EditOutlined />} onClick={() => setEditing(true)}>
              {tc('edit')}
            </Button>
          </HasPermi>
        </Space>
      }
    >
      <Descriptions bordered size="small" column={{ xs: 1, md: 2 }}>
        <Descriptions.Item label={t('project')}>
          <Link to={`/ccms/projectDetail/index?id=${d.projectId}`}>{d.projectTitle}</Link>
        </Descriptions.Item>
        <Descriptions.Item label={t('plan')}>
          {d.planId ? <Link to={`/ccms/staging/planDetail?id=${d.planId}`}>{d.planTitle}</Link> : t('noPlan')}
        </Descriptions.Item>
        <Descriptions.Item label={t('category')}>{t(`categories.${d.category as 'writing'}`, { defaultValue: d.category })}</Descriptions.Item>
        <Descriptions.Item label={t('status')}>
          <Tag data-testid="task-status">{t(`statuses.${d.status as 'new'}`, { defaultValue: d.status })}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('assignee')}>{d.assigneeName}</Descriptions.Item>
        <Descriptions.Item label={t('writer')}>{d.writerName}</Descriptions.Item>
        <Descriptions.Item label={t('beginDate')}>{d.beginDate}</Descriptions.Item>
        <Descriptions.Item label={t('dueDate')}>{d.dueDate}</Descriptions.Item>
        <Descriptions.Item label={t('effort')}>{d.effort}</Descriptions.Item>
        <Descriptions.Item label={t('effortCompleted')}>{d.effortCompleted}</Descriptions.Item>
        <Descriptions.Item label={t('remain')}>{d.remain}</Descriptions.Item>
        <Descriptions.Item label={t('exceed')}>{d.exceed > 0 ? <Typography.Text type="danger">{d.exceed}</Typography.Text> : d.exceed}</Descriptions.Item>
        <Descriptions.Item label={t('createBy')}>
          {d.createBy} {time(d.createTime)}
        </Descriptions.Item>
        <Descriptions.Item label={t('updateTime')}>{time(d.updateTime)}</Descriptions.Item>
        <Descriptions.Item label={t('description')} span={2}>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{d.description}</Typography.Paragraph>
        </Descriptions.Item>
      </Descriptions>
      <TaskContentCard task={d} />
      <TaskFormDialog open={editing} id={id} onClose={() => setEditing(false)} />
      <TaskProgressDialog task={progress ? d : null} onClose={() => setProgress(false)} />
    </Card>
  );
}
