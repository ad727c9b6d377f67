import { PLAN_STATUSES, type Plan, PlanPerm } from '@ccms/contracts/work/plan';
import { App, Form, Input, Progress, Select, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { confirmDialog } from '../../../../shared/confirm';
import { CrudButtons, CrudLinks } from '../../../../shared/list/CrudButtons';
import { type ListColumn, ListPage, type ListPageHandle } from '../../../../shared/list/ListPage';
import { ProjectSelect } from '../../project/components/pickers';
import { type PlanFilters, planApi } from '../plan-api';
import { planQueries, useDeletePlans } from '../plan-queries';
import { PlanEnableSwitch } from './PlanEnableSwitch';
import { PlanFormDialog } from './PlanFormDialog';

const STATUS_COLORS: Record<string, string> = { notStarted: 'default', inProgress: 'processing', completed: 'success', closed: 'warning' };

/** Plans, of every visible project or of one (`projectId`, the project detail's project list tab). */
export function PlanList({ projectId, canWrite = true }: { projectId?: number; canWrite?: boolean }) {
  const { t } = useTranslation('plan');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const list = useRef<ListPageHandle>(null);
  const [dialog, setDialog] = useState<{ open: boolean; id: number | undefined }>({ open: false, id: undefined });
  const deletePlans = useDeletePlans();
  const open = (row: Plan) => navigate(`/ccms/staging/planDetail?id=${row.id}`);

  const remove = async (rows: readonly Plan[]) => {
    if (rows.length === 0) return;
    if (!(await confirmDialog(t('confirmDelete', { names: rows.map((r) => r.title).join(', ') }), { type: 'danger' }))) return;
    await deletePlans.mutateAsync(rows.map((r) => r.id));
    message.success(t('deleted'));
    list.current?.clearSelection();
  };

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
    ...(projectId === undefined ? [{ key: 'projectTitle', dataIndex: 'projectTitle', title: t('project') } as ListColumn<Plan>] : []),
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
    ...(canWrite
      ? [
          {
            key: 'actions',
            title: tc('operation'),
            hideable: false,
            width: 160,
            render: (_: unknown, row: Plan) => (
              <CrudLinks
                row={row}
                edit={{ perm: PlanPerm.edit, onClick: (r) => setDialog({ open: true, id: r.id }) }}
                remove={{ perm: PlanPerm.remove, onClick: remove }}
              />
            ),
          } as ListColumn<Plan>,
        ]
      : []),
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
          <>
            {projectId === undefined ? (
              <Form.Item name="projectId" label={t('project')}>
                <ProjectSelect allowClear placeholder={t('projectPlaceholder')} style={{ width: 200 }} />
              </Form.Item>
            ) : (
              <Form.Item name="projectId" hidden>
                <Input />
              </Form.Item>
            )}
            <Form.Item name="title" label={t('title')}>
              <Input allowClear placeholder={t('titlePlaceholder')} style={{ width: 180 }} />
            </Form.Item>
            <Form.Item name="status" label={t('status')}>
              <Select
                allowClear
                placeholder={t('statusPlaceholder')}
                style={{ width: 140 }}
                options={PLAN_STATUSES.map((v) => ({ value: v, label: t(`statuses.${v}`) }))}
              />
            </Form.Item>
          </>
        }
        toolbar={({ selectedRows, query }) => (
          <CrudButtons
            selected={selectedRows}
            add={canWrite ? { perm: PlanPerm.add, onClick: () => setDialog({ open: true, id: undefined }) } : undefined}
            remove={canWrite ? { perm: PlanPerm.remove, onClick: remove } : undefined}
            export={{ perm: PlanPerm.export, onClick: () => planApi.export(query) }}
          />
        )}
      />
      <PlanFormDialog open={dialog.open} id={dialog.id} projectId={projectId} onClose={() => setDialog({ open: false, id: undefined })} />
    </>
  );
}
