import type { MyApproval } from '@ccms/contracts/work/workflow';
import { Card, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { time } from '../../shared/labels';
import { useMyApprovals } from '../workflow-queries';

/** Approvals waiting for the caller's decision (shown on My tasks above the tasks). */
export function MyApprovals() {
  const { t } = useTranslation('workflow');
  const mine = useMyApprovals();
  return (
    <Card size="small" title={t('mine.title')} style={{ marginBottom: 16 }} data-testid="my-approvals">
      <Table<MyApproval>
        size="small"
        rowKey="approvalId"
        loading={mine.isLoading}
        pagination={false}
        dataSource={mine.data ?? []}
        locale={{ emptyText: t('mine.empty') }}
        columns={[
          { key: 'plan', title: t('mine.plan'), render: (_, r) => <Link to={`/work/workflow?planId=${r.planId}`}>{r.planTitle}</Link> },
          { key: 'project', dataIndex: 'projectTitle', title: t('mine.project') },
          { key: 'stage', title: t('mine.stage'), render: (_, r) => t(`workflow.stages.${r.stage as 'editApproval'}`) },
          { key: 'initiatedBy', dataIndex: 'initiatedBy', title: t('mine.initiatedBy') },
          { key: 'initiateTime', title: t('mine.initiateTime'), render: (_, r) => <Typography.Text>{time(r.initiateTime)}</Typography.Text> },
        ]}
      />
    </Card>
  );
}
