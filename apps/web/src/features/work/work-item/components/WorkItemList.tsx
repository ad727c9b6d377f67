import { DeleteOutlined, DownOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { type WorkItemListRow, WorkItemPerm } from '@ccms/contracts/work/work-item';
import type { WorkItemType } from '@ccms/contracts/work/work-item-states';
import { Alert, App, Button, Card, Dropdown, Grid, Progress, Space } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HasPermi } from '../../../../shared/auth/HasPermi';
import { confirmDialog } from '../../../../shared/confirm';
import { CrudButtons } from '../../../../shared/list/CrudButtons';
import { type ListColumn, ListPage, type ListPageHandle } from '../../../../shared/list/ListPage';
import { StatusTag, TypeTag, time } from '../../shared/labels';
import { workItemApi } from '../work-item-api';
import { useDeleteWorkItems, workItemQueries } from '../work-item-queries';
import { type AppliedConditions, ConditionBuilder } from './ConditionBuilder';
import { WorkItemFormDialog } from './WorkItemFormDialog';

export interface WorkItemListProps {
  /** Only requirements or only defects; undefined lists both. */
  workItemType?: WorkItemType;
  /** The project in the top bar; undefined reads every project the caller may read. */
  projectId?: number;
  /** The row picked (the area's details, sub-requirement and history tabs follow it). */
  selectedId?: number;
  onSelect?: (item: WorkItemListRow) => void;
}

const EMPTY: AppliedConditions = { conditions: [], logic: 'and' };

/** Work items of one type (or both): condition query, sorting and paging on the server, add, edit, delete, export. */
export function WorkItemList({ workItemType, projectId, selectedId, onSelect }: WorkItemListProps) {
  const { t } = useTranslation('work-item');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const wide = Grid.useBreakpoint().md === true;
  const list = useRef<ListPageHandle>(null);
  const [applied, setApplied] = useState<AppliedConditions>(EMPTY);
  const [dialog, setDialog] = useState<{ open: boolean; workItemId?: number; type: WorkItemType }>({ open: false, type: workItemType ?? 'requirement' });
  const scope = { ...applied, workItemType, projectId };
  const deleteItems = useDeleteWorkItems();

  const remove = async (rows: readonly WorkItemListRow[]) => {
    if (rows.length === 0) return;
    if (!(await confirmDialog(t('list.confirmDelete', { ids: rows.map((r) => r.workItemId).join(', ') }), { type: 'danger' }))) return;
    await deleteItems.mutateAsync(rows.map((r) => r.workItemId));
    message.success(t('list.deleted'));
    list.current?.clearSelection();
  };
  const openDetail = (id: number) => navigate(`/ccms/staging/detail?id=${id}`);

  const columns: ListColumn<WorkItemListRow>[] = [
    { key: 'workItemId', dataIndex: 'workItemId', title: t('fields.workItemId'), width: 80, sorter: true },
    ...(workItemType
      ? []
      : [{ key: 'workItemType', dataIndex: 'workItemType', title: t('fields.workItemType'), width: 90, render: (v: string) => <TypeTag type={v} /> }]),
    {
      key: 'title',
      dataIndex: 'title',
      title: t('fields.title'),
      sorter: true,
      render: (v: string, row) => (
        <Button
          type="link"
          size="small"
          style={{ padding: 0, whiteSpace: 'normal', textAlign: 'left', height: 'auto' }}
          onClick={(e) => {
            e.stopPropagation();
            openDetail(row.workItemId);
          }}
        >
          {v}
        </Button>
      ),
    },
    { key: 'status', dataIndex: 'status', title: t('fields.status'), width: 100, sorter: true, render: (_: string, row) => <StatusTag item={row} /> },
    { key: 'priority', dataIndex: 'priority', title: t('fields.priority'), width: 90, sorter: true },
    ...(workItemType === 'requirement' ? [] : [{ key: 'severity', dataIndex: 'severity', title: t('fields.severity'), width: 100, sorter: true }]),
    { key: 'assigneeName', dataIndex: 'assigneeName', title: t('fields.assigneeId'), width: 110 },
    { key: 'ownerName', dataIndex: 'ownerName', title: t('fields.ownerId'), width: 110, defaultHidden: true },
    { key: 'projectTitle', dataIndex: 'projectTitle', title: t('fields.projectId'), width: 140, defaultHidden: projectId !== undefined },
    { key: 'releaseTitle', dataIndex: 'releaseTitle', title: t('fields.releaseId'), width: 120, defaultHidden: true },
    { key: 'module', dataIndex: 'module', title: t('fields.module'), width: 110, defaultHidden: true },
    { key: 'due', dataIndex: 'due', title: t('fields.due'), width: 110, sorter: true },
    {
      key: 'progress',
      dataIndex: 'progress',
      title: t('fields.progress'),
      width: 120,
      sorter: true,
      render: (v: number) => <Progress percent={v} size="small" />,
    },
    { key: 'createBy', dataIndex: 'createBy', title: t('fields.createBy'), width: 100 },
    { key: 'createTime', dataIndex: 'createTime', title: t('fields.createTime'), width: 170, sorter: true, render: time },
    {
      key: 'actions',
      title: tc('operation'),
      hideable: false,
      width: 150,
      ...(wide ? { fixed: 'right' as const } : {}),
      render: (_: unknown, row: WorkItemListRow) => (
        <Space size={0} onClick={(e) => e.stopPropagation()}>
          {row.actions.length > 0 && (
            <HasPermi value={[WorkItemPerm.edit]}>
              <Button
                type="link"
                size="small"
                icon={<EditOutlined />}
                onClick={() => setDialog({ open: true, workItemId: row.workItemId, type: row.workItemType })}
              >
                {tc('edit')}
              </Button>
            </HasPermi>
          )}
          <HasPermi value={[WorkItemPerm.remove]}>
            <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => remove([row])}>
              {tc('delete')}
            </Button>
          </HasPermi>
        </Space>
      ),
    },
  ];

  const addButton = workItemType ? (
    <Button
      type="primary"
      ghost
      icon={<PlusOutlined />}
      disabled={!projectId}
      onClick={() => setDialog({ open: true, type: workItemType })}
      data-testid="workitem-add"
    >
      {workItemType === 'requirement' ? t('list.addRequirement') : t('list.addDefect')}
    </Button>
  ) : (
    <Dropdown
      disabled={!projectId}
      menu={{
        items: [
          { key: 'requirement', label: t('list.addRequirement') },
          { key: 'defect', label: t('list.addDefect') },
        ],
        onClick: ({ key }) => setDialog({ open: true, type: key === 'defect' ? 'defect' : 'requirement' }),
      }}
    >
      <Button type="primary" ghost icon={<PlusOutlined />} data-testid="workitem-add">
        {t('list.add')} <DownOutlined />
      </Button>
    </Dropdown>
  );

  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      {projectId === undefined && <Alert type="info" showIcon title={t('list.noProject')} />}
      <Card size="small">
        <ConditionBuilder workItemType={workItemType} projectId={projectId} onApply={setApplied} />
      </Card>
      <ListPage<WorkItemListRow, object>
        // A new condition set starts again on page 1 with nothing selected.
        key={JSON.stringify(scope)}
        ref={list}
        listQuery={(q) => workItemQueries.list({ ...q, ...scope })}
        rowKey="workItemId"
        selection="multiple"
        columns={columns}
        tableProps={{
          onRow: (row) => ({ onClick: () => onSelect?.(row), style: onSelect ? { cursor: 'pointer' } : undefined }),
          rowClassName: (row) => (row.workItemId === selectedId ? 'ant-table-row-selected' : ''),
        }}
        toolbar={({ selectedRows }) => (
          <>
            <HasPermi value={[WorkItemPerm.add]}>{addButton}</HasPermi>
            <CrudButtons
              selected={selectedRows}
              edit={{
                perm: WorkItemPerm.edit,
                disabled: (row) => row.actions.length === 0,
                onClick: (row) => setDialog({ open: true, workItemId: row.workItemId, type: row.workItemType }),
              }}
              remove={{ perm: WorkItemPerm.remove, onClick: remove }}
              export={{ perm: WorkItemPerm.export, onClick: () => workItemApi.export(scope) }}
            />
          </>
        )}
      />
      <WorkItemFormDialog
        open={dialog.open}
        workItemId={dialog.workItemId}
        type={dialog.type}
        projectId={projectId}
        onClose={() => setDialog((d) => ({ ...d, open: false, workItemId: undefined }))}
      />
    </Space>
  );
}
