import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { DeptQuery } from '@ccms/contracts/system/dept';
import { App, Button, Form, Input, Select, Space } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HasPermi } from '../../../../shared/auth/HasPermi';
import { confirmDialog } from '../../../../shared/confirm';
import { DictTag } from '../../../../shared/dict/DictTag';
import { useDict } from '../../../../shared/dict/use-dict';
import { CrudButtons } from '../../../../shared/list/CrudButtons';
import { type ListColumn, ListPage } from '../../../../shared/list/ListPage';
import { ExpandToggle, useTreeExpansion } from '../../shared/tree-expansion';
import { type DeptDialogTarget, DeptFormDialog } from '../components/DeptFormDialog';
import { type DeptNode, deptIds } from '../dept-api';
import { deptQueries, useDeleteDept } from '../dept-queries';

const time = (v: string | Date | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm:ss') : '');

/** Departments (RuoYi system/dept/index): a tree table with expand/collapse all, add (also below a row), edit, delete. */
export default function DeptPage() {
  const { t } = useTranslation(['dept', 'shared']);
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const statuses = useDict('sys_normal_disable');
  const [dialog, setDialog] = useState<DeptDialogTarget | null>(null);
  const tree = useTreeExpansion(deptIds);

  const deleteDept = useDeleteDept();

  const remove = async (row: DeptNode) => {
    if (!(await confirmDialog(t('confirmDelete', { name: row.deptName }), { type: 'danger' }))) return;
    await deleteDept.mutateAsync(row.deptId);
    message.success(t('deleted'));
  };

  const columns: ListColumn<DeptNode>[] = [
    { key: 'deptName', dataIndex: 'deptName', title: t('deptName'), width: 260, hideable: false },
    { key: 'orderNum', dataIndex: 'orderNum', title: t('orderNum'), width: 100 },
    { key: 'leader', dataIndex: 'leader', title: t('leader'), width: 120 },
    { key: 'status', dataIndex: 'status', title: t('status'), width: 100, render: (v: string) => <DictTag options={statuses} value={v} /> },
    { key: 'createTime', dataIndex: 'createTime', title: t('createTime'), width: 180, render: time },
    {
      key: 'actions',
      title: tc('operation'),
      hideable: false,
      width: 220,
      render: (_: unknown, row: DeptNode) => (
        <Space size={0}>
          <HasPermi value={['system:dept:edit']}>
            <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setDialog({ deptId: row.deptId })}>
              {tc('edit')}
            </Button>
          </HasPermi>
          <HasPermi value={['system:dept:add']}>
            <Button type="link" size="small" icon={<PlusOutlined />} onClick={() => setDialog({ parentId: row.deptId })}>
              {tc('add')}
            </Button>
          </HasPermi>
          {row.parentId !== 0 && (
            <HasPermi value={['system:dept:remove']}>
              <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => remove(row)}>
                {tc('delete')}
              </Button>
            </HasPermi>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <ListPage<DeptNode, DeptQuery>
        // Each loaded tree opens fully, unless the user folded it.
        listQuery={(q) => tree.track(deptQueries.list(q))}
        rowKey="deptId"
        paginated={false}
        columns={columns}
        tableProps={{
          expandable: tree.expandable,
        }}
        searchFields={
          <>
            <Form.Item name="deptName" label={t('deptName')}>
              <Input allowClear placeholder={t('deptNamePlaceholder')} style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name="status" label={t('status')}>
              <Select allowClear placeholder={t('statusPlaceholder')} options={statuses} style={{ width: 160 }} />
            </Form.Item>
          </>
        }
        toolbar={({ selectedRows }) => (
          <>
            <CrudButtons selected={selectedRows} add={{ perm: 'system:dept:add', onClick: () => setDialog({ parentId: undefined }) }} />
            <ExpandToggle tree={tree} expandLabel={t('expandAll')} collapseLabel={t('collapseAll')} />
          </>
        )}
      />
      <DeptFormDialog target={dialog} onClose={() => setDialog(null)} />
    </>
  );
}
