import { EditOutlined, ExportOutlined } from '@ant-design/icons';
import { type WorkItem, WorkItemPerm } from '@ccms/contracts/work/work-item';
import { Button, Card, Descriptions, Empty, Progress, Space, Spin, Tabs, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HasPermi } from '../../../../shared/auth/HasPermi';
import { StatusTag, TypeTag, time } from '../../shared/labels';
import { useWorkItem } from '../work-item-queries';
import { AttachmentsPanel } from './AttachmentsPanel';
import { CommentsPanel } from './CommentsPanel';
import { HistoryTable } from './HistoryTable';
import { TransitionButtons } from './TransitionButtons';
import { WorkItemFormDialog } from './WorkItemFormDialog';

/** Every field of the spec, read-only. */
function Fields({ item }: { item: WorkItem }) {
  const { t } = useTranslation('work-item');
  const yes = (b: boolean) => (b ? t('conditions.yes') : t('conditions.no'));
  const rows: [string, ReactNode][] = [
    ['workItemId', item.workItemId],
    ['projectId', item.projectTitle],
    ['workItemType', <TypeTag key="t" type={item.workItemType} />],
    ['status', <StatusTag key="s" item={item} />],
    ['priority', item.priority],
    ['severity', item.workItemType === 'defect' ? `${item.severity} · ${t(`severities.${String(item.severity)}` as 'severities.1')}` : item.severity],
    ['releaseId', item.releaseTitle],
    ['iterationId', item.iterationTitle],
    ['parentId', item.parentId ? `#${item.parentId} ${item.parentTitle}` : ''],
    ['version', item.version],
    ['template', item.template],
    ['module', item.module],
    ['feature', item.feature],
    ['size', item.size],
    ['businessValue', item.businessValue],
    ['assigneeId', item.assigneeName],
    ['ownerId', item.ownerName],
    ['auditorId', item.auditorName],
    ['confirmerId', item.confirmerName],
    ['cc', item.ccNames.join(', ')],
    ['participator', item.participatorNames.join(', ')],
    ['fixerId', item.fixerName],
    ['closerId', item.closerName],
    ['begin', item.begin ?? ''],
    ['due', item.due ?? ''],
    ['deadline', item.deadline ?? ''],
    ['estimate', item.estimate],
    ['effort', item.effort],
    ['effortCompleted', item.effortCompleted],
    ['remain', item.remain],
    ['exceed', item.exceed],
    ['progress', <Progress key="p" percent={item.progress} size="small" style={{ width: 160 }} />],
    ['inProcessTime', time(item.inProcessTime)],
    ['completed', time(item.completed)],
    ['resolved', time(item.resolved)],
    ['verityTime', time(item.verityTime)],
    ['closed', time(item.closed)],
    ['rejectTime', time(item.rejectTime)],
    ['resolution', item.resolution ? t(`resolutions.${item.resolution}` as 'resolutions.fixed') : ''],
    ['closeReason', item.closeReason ? t(`closeReasons.${item.closeReason}` as 'closeReasons.done') : ''],
    ['reactivateCount', item.reactivateCount],
    ['versionReport', item.versionReport],
    ['versionTest', item.versionTest],
    ['versionFix', item.versionFix],
    ['versionClose', item.versionClose],
    ['baselineFind', item.baselineFind],
    ['baselineJoin', item.baselineJoin],
    ['baselineTest', item.baselineTest],
    ['baselineClose', item.baselineClose],
    ['os', item.os],
    ['platform', item.platform],
    ['source', item.source],
    ['frequency', item.frequency],
    ['originphase', item.originphase],
    ['sourcephase', item.sourcephase],
    ['createdFrom', item.createdFrom],
    ['testFocus', item.testFocus],
    ['archived', yes(item.archived)],
    ['confidential', yes(item.confidential)],
    ['createBy', `${item.createBy} ${time(item.createTime)}`],
    ['updateBy', `${item.updateBy} ${time(item.updateTime)}`],
  ];
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Descriptions bordered size="small" column={{ xs: 1, md: 2, xl: 3 }} data-testid="workitem-fields">
        {rows.map(([key, value]) => (
          <Descriptions.Item key={key} label={t(`fields.${key}` as 'fields.title')}>
            {value}
          </Descriptions.Item>
        ))}
      </Descriptions>
      <Card size="small" title={t('fields.description')}>
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{item.description}</Typography.Paragraph>
      </Card>
    </Space>
  );
}

/**
 * A work item with its allowed actions, fields, comments, attachments and change history; the
 * detail page and the area's "details" tab both show it.
 */
export function WorkItemDetail({ workItemId, showOpenLink = false }: { workItemId: number; showOpenLink?: boolean }) {
  const { t } = useTranslation('work-item');
  const navigate = useNavigate();
  const detail = useWorkItem(workItemId);
  const [editing, setEditing] = useState(false);
  const [tab, setTab] = useState('fields');

  if (detail.isLoading) return <Spin style={{ display: 'block', margin: '60px auto' }} />;
  const item = detail.data;
  if (!item) return <Empty />;
  const canWrite = item.abilities.write;

  return (
    <Card
      variant="borderless"
      data-testid="workitem-detail"
      title={
        <Space wrap>
          <TypeTag type={item.workItemType} />
          <span>
            #{item.workItemId} {item.title}
          </span>
          <StatusTag item={item} />
        </Space>
      }
      extra={
        <Space wrap>
          {canWrite && (
            <HasPermi value={[WorkItemPerm.edit]}>
              <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
                {t('detail.edit')}
              </Button>
            </HasPermi>
          )}
          {showOpenLink && (
            <Button icon={<ExportOutlined />} onClick={() => navigate(`/ccms/staging/detail?id=${item.workItemId}`)}>
              {t('area.openDetail')}
            </Button>
          )}
        </Space>
      }
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Space wrap>
          <Typography.Text strong>{t('detail.actions')}:</Typography.Text>
          <HasPermi value={[WorkItemPerm.edit]}>
            <TransitionButtons item={item} />
          </HasPermi>
        </Space>
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            { key: 'fields', label: t('tabs.details'), children: <Fields item={item} /> },
            { key: 'comments', label: t('comments.title'), children: <CommentsPanel workItemId={item.workItemId} canWrite={canWrite} /> },
            {
              key: 'attachments',
              label: t('attachments.title'),
              children: <AttachmentsPanel workItemId={item.workItemId} canWrite={canWrite} />,
            },
            { key: 'history', label: t('history.title'), children: <HistoryTable workItemId={item.workItemId} /> },
          ]}
        />
      </Space>
      <WorkItemFormDialog open={editing} workItemId={item.workItemId} type={item.workItemType} projectId={item.projectId} onClose={() => setEditing(false)} />
    </Card>
  );
}
