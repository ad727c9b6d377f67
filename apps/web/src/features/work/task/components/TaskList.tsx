import { CheckOutlined, DeleteOutlined, EditOutlined, FieldTimeOutlined } from '@ant-design/icons';
import { TASK_STATUSES, type Task, TaskPerm } from '@ccms/contracts/work/task';
import { App, Button, Form, Input, Space, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HasPermi } from '../../../../shared/auth/HasPermi';
import { type ListColumn, ListPage, type ListPageHandle } from '../../../../shared/list/ListPage';
import { projectColumn, useEditDialog, useRemoveRows, WorkListButtons, WorkListSearch } from '../../project/components/work-list-blocks';
import { type TaskFilters, taskApi } from '../task-api';
import { taskQueries, useDeleteTasks, useTaskProgress } from '../task-queries';
import { TaskFormDialog } from './TaskFormDialog';
import { TaskProgressDialog } from './TaskProgressDialog';

const STATUS_COLORS: Record<string, string> = { new: 'default', notStarted: 'default', inProgress: 'processing', completed: 'success' };

export interface TaskListProps {
  /** Only this project's tasks (project detail). */
  projectId?: number;
  /** Only this plan's tasks (plan detail); needs projectId too. */
  planId?: number;
  /** The caller's own tasks (my tasks). */
  mine?: boolean;
  canWrite?: boolean;
}

/** Tasks: all visible, of a project, of a plan, or mine. */
export function TaskList({ projectId, planId, mine = false, canWrite = true }: TaskListProps) {
  const { t } = useTranslation('task');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const list = useRef<ListPageHandle>(null);
  const dialog = useEditDialog();
  const [progressOf, setProgressOf] = useState<Task | null>(null);
  const writable = canWrite && !mine;
  const deleteTasks = useDeleteTasks();
  const progress = useTaskProgress();

  // The task and plan lists (a plan's progress) refresh through the keys the mutations invalidate.
  const remove = useRemoveRows<Task>('task', deleteTasks.mutateAsync, list);
  const complete = async (row: Task) => {
    await progress.mutateAsync({ id: row.id, rowVersion: row.rowVersion, status: 'completed', effortCompleted: row.effortCompleted });
    message.success(t('completedDone'));
  };

  const columns: ListColumn<Task>[] = [
    {
      key: 'title',
      dataIndex: 'title',
      title: t('title'),
      sorter: true,
      render: (v: string, row) => (
        <Typography.Link onClick={() => navigate(`/ccms/task/detail?id=${row.id}`)} data-testid="task-link">
          {v}
        </Typography.Link>
      ),
    },
    ...projectColumn<Task>(projectId, t('project')),
    ...(planId === undefined
      ? [{ key: 'planTitle', dataIndex: 'planTitle', title: t('plan'), render: (v: string) => v || t('noPlan') } as ListColumn<Task>]
      : []),
    { key: 'category', dataIndex: 'category', title: t('category'), width: 100, render: (v: string) => t(`categories.${v as 'writing'}`, { defaultValue: v }) },
    { key: 'assigneeName', dataIndex: 'assigneeName', title: t('assignee'), width: 120 },
    { key: 'writerName', dataIndex: 'writerName', title: t('writer'), width: 120, defaultHidden: true },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('status'),
      sorter: true,
      width: 110,
      render: (v: string) => <Tag color={STATUS_COLORS[v]}>{t(`statuses.${v as 'new'}`, { defaultValue: v })}</Tag>,
    },
    { key: 'dueDate', dataIndex: 'dueDate', title: t('dueDate'), sorter: true, width: 120 },
    { key: 'effort', dataIndex: 'effort', title: t('effort'), sorter: true, width: 100 },
    { key: 'effortCompleted', dataIndex: 'effortCompleted', title: t('effortCompleted'), width: 120 },
    { key: 'remain', dataIndex: 'remain', title: t('remain'), width: 100 },
    {
      key: 'exceed',
      dataIndex: 'exceed',
      title: t('exceed'),
      width: 100,
      render: (v: number) => (v > 0 ? <Typography.Text type="danger">{v}</Typography.Text> : v),
    },
    {
      key: 'actions',
      title: tc('operation'),
      hideable: false,
      width: 240,
      render: (_: unknown, row: Task) => (
        <Space size={0}>
          {row.status !== 'completed' && (
            <HasPermi value={[TaskPerm.edit, TaskPerm.mine]}>
              <Button type="link" size="small" icon={<CheckOutlined />} onClick={() => complete(row)} data-testid="task-complete">
                {t('complete')}
              </Button>
            </HasPermi>
          )}
          <HasPermi value={[TaskPerm.edit, TaskPerm.mine]}>
            <Button type="link" size="small" icon={<FieldTimeOutlined />} onClick={() => setProgressOf(row)}>
              {t('progressTitle')}
            </Button>
          </HasPermi>
          {writable && (
            <HasPermi value={[TaskPerm.edit]}>
              <Button type="link" size="small" icon={<EditOutlined />} onClick={() => dialog.edit(row.id)}>
                {tc('edit')}
              </Button>
            </HasPermi>
          )}
          {writable && (
            <HasPermi value={[TaskPerm.remove]}>
              <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => remove([row])} data-testid="task-delete">
                {tc('delete')}
              </Button>
            </HasPermi>
          )}
        </Space>
      ),
    },
  ];

  const fixed: Partial<TaskFilters> = { ...(projectId === undefined ? {} : { projectId }), ...(planId === undefined ? {} : { planId }) };
  return (
    <>
      <ListPage<Task, TaskFilters>
        ref={list}
        listQuery={mine ? taskQueries.mine : taskQueries.list}
        initialFilters={fixed}
        rowKey="id"
        selection={writable ? 'multiple' : undefined}
        columns={columns}
        searchFields={
          <WorkListSearch ns="task" projectId={projectId} statuses={TASK_STATUSES.map((v) => ({ value: v, label: t(`statuses.${v}`) }))}>
            {planId !== undefined && (
              <Form.Item name="planId" hidden>
                <Input />
              </Form.Item>
            )}
          </WorkListSearch>
        }
        toolbar={({ selectedRows, query }) => (
          <WorkListButtons
            selected={selectedRows}
            perm={TaskPerm}
            canWrite={writable}
            onAdd={dialog.add}
            onRemove={remove}
            onExport={mine ? undefined : () => taskApi.export(query)}
          />
        )}
      />
      <TaskFormDialog open={dialog.open} id={dialog.id} projectId={projectId} planId={planId} onClose={dialog.close} />
      <TaskProgressDialog task={progressOf} onClose={() => setProgressOf(null)} />
    </>
  );
}
