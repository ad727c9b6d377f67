import { PLAN_STATUSES, type Plan, PlanPerm } from '@ccms/contracts/work/plan';
import { Progress, Tag, Typography } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type ListColumn, ListPage, type ListPageHandle } from '../../../../shared/list/ListPage';
import { crudLinksColumn, projectColumn, useEditDialog, useRemoveRows, WorkListButtons, WorkListSearch } from '../../project/components/work-list-blocks';
import { type PlanFilters, planApi } from '../plan-api';
import { planQueries, useDeletePlans } from '../plan-queries';
import { PlanEnableSwitch } from './PlanEnableSwitch';
import { PlanFormDialog } from './PlanFormDialog';

const STATUS_COLORS: Record<string, string> = { notStarted: 'default', inProgress: 'processing', completed: 'success', closed: 'warning' };

/** Plans, of every visible project or of one (`projectId`, the project detail's project list tab). */
export function PlanList({ projectId, canWrite = true }: { projectId?: number; canWrite?: boolean }) {
  const { t } = useTranslation('plan');
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const list = useRef<ListPageHandle>(null);
  const dialog = useEditDialog();
  const deletePlans = useDeletePlans();
  const open = (row: Plan) => navigate(`/ccms/staging/planDetail?id=${row.id}`);
  const remove = useRemoveRows<Plan>('plan', deletePlans.mutateAsync, list);

  const columns: ListColumn<Plan>[] = [
    {
      key: 'title',
      dataIndex: 'title',
      title: t('title'),
      sorter: true,
      render: (v: string, row) => (
        <Typography.Link onClick={() => open(row)} data-testid="plan-link">
          {v}
        </Typography.Link>
      ),
    },
    ...projectColumn<Plan>(projectId, t('project')),
    { key: 'releaseTitle', dataIndex: 'releaseTitle', title: t('release'), width: 120 },
    { key: 'ownerName', dataIndex: 'ownerName', title: t('owner'), width: 120 },
    { key: 'reviewerName', dataIndex: 'reviewerName', title: t('reviewer'), width: 120, defaultHidden: true },
    { key: 'branch', dataIndex: 'branch', title: t('branch'), width: 120, defaultHidden: true },
    { key: 'beginDate', dataIndex: 'beginDate', title: t('beginDate'), sorter: true, width: 120 },
    { key: 'dueDate', dataIndex: 'dueDate', title: t('dueDate'), sorter: true, width: 120 },
    {
      key: 'progress',
      dataIndex: 'progress',
      title: t('progress'),
      width: 160,
      render: (v: number, row) => <Progress percent={v} size="small" format={() => `${row.tasksCompleted}/${row.tasksTotal}`} />,
    },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('status'),
      sorter: true,
      width: 110,
      render: (v: string) => <Tag color={STATUS_COLORS[v]}>{t(`statuses.${v as (typeof PLAN_STATUSES)[number]}`, { defaultValue: v })}</Tag>,
    },
    {
      key: 'enable',
      dataIndex: 'enable',
      title: t('enable'),
      width: 100,
      render: (_: boolean, row) => <PlanEnableSwitch plan={row} />,
    },
    ...crudLinksColumn<Plan>(canWrite, { perm: PlanPerm, title: tc('operation'), onEdit: (r) => dialog.edit(r.id), onRemove: remove }),
  ];

  return (
    <>
      <ListPage<Plan, PlanFilters>
        ref={list}
        listQuery={planQueries.list}
        initialFilters={projectId === undefined ? {} : { projectId }}
        rowKey="id"
        selection="multiple"
        columns={columns}
        searchFields={
          <WorkListSearch ns="plan" projectId={projectId} statuses={PLAN_STATUSES.map((v) => ({ value: v, label: t(`statuses.${v}`) }))} statusWidth={140} />
        }
        toolbar={({ selectedRows, query }) => (
          <WorkListButtons
            selected={selectedRows}
            perm={PlanPerm}
            canWrite={canWrite}
            onAdd={dialog.add}
            onRemove={remove}
            onExport={() => planApi.export(query)}
          />
        )}
      />
      <PlanFormDialog open={dialog.open} id={dialog.id} projectId={projectId} onClose={dialog.close} />
    </>
  );
}
