import { type ProjectCategory, ProjectCategoryPerm } from '@ccms/contracts/work/project-category';
import { App, Form, Input, Select, Tag } from 'antd';
import dayjs from 'dayjs';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDialog } from '../../../../shared/confirm';
import { CrudButtons, CrudLinks } from '../../../../shared/list/CrudButtons';
import { type ListColumn, ListPage, type ListPageHandle } from '../../../../shared/list/ListPage';
import type { CategoryFilters } from '../../project/project-api';
import { CategoryFormDialog } from '../components/CategoryFormDialog';
import { categoryQueries, useDeleteCategories } from '../project-category-queries';

/** The project category dictionary (menu component ccms/project/category): name, value, status, sort. */
export default function ProjectCategoryPage() {
  const { t } = useTranslation('project');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const list = useRef<ListPageHandle>(null);
  const [dialog, setDialog] = useState<{ open: boolean; id: number | undefined }>({ open: false, id: undefined });
  const deleteCategories = useDeleteCategories();

  const remove = async (rows: readonly ProjectCategory[]) => {
    if (rows.length === 0) return;
    if (!(await confirmDialog(t('categoryPage.confirmDelete', { names: rows.map((r) => r.name).join(', ') }), { type: 'danger' }))) return;
    await deleteCategories.mutateAsync(rows.map((r) => r.id));
    message.success(t('deleted'));
    list.current?.clearSelection();
  };

  const columns: ListColumn<ProjectCategory>[] = [
    { key: 'name', dataIndex: 'name', title: t('categoryPage.name'), sorter: true },
    { key: 'value', dataIndex: 'value', title: t('categoryPage.value'), sorter: true },
    { key: 'sort', dataIndex: 'sort', title: t('categoryPage.sort'), sorter: true, width: 100 },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('categoryPage.status'),
      width: 100,
      render: (v: string) => <Tag color={v === '0' ? 'blue' : 'red'}>{t(v === '1' ? 'categoryPage.statuses.1' : 'categoryPage.statuses.0')}</Tag>,
    },
    {
      key: 'createTime',
      dataIndex: 'createTime',
      title: t('createTime'),
      width: 180,
      render: (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm:ss') : ''),
    },
    {
      key: 'actions',
      title: tc('operation'),
      hideable: false,
      width: 160,
      render: (_: unknown, row: ProjectCategory) => (
        <CrudLinks
          row={row}
          edit={{ perm: ProjectCategoryPerm.edit, onClick: (r) => setDialog({ open: true, id: r.id }) }}
          remove={{ perm: ProjectCategoryPerm.remove, onClick: remove }}
        />
      ),
    },
  ];

  return (
    <>
      <ListPage<ProjectCategory, CategoryFilters>
        ref={list}
        listQuery={categoryQueries.list}
        rowKey="id"
        selection="multiple"
        columns={columns}
        searchFields={
          <>
            <Form.Item name="name" label={t('categoryPage.name')}>
              <Input allowClear placeholder={t('categoryPage.namePlaceholder')} style={{ width: 180 }} />
            </Form.Item>
            <Form.Item name="status" label={t('categoryPage.status')}>
              <Select allowClear style={{ width: 120 }} options={(['0', '1'] as const).map((v) => ({ value: v, label: t(`categoryPage.statuses.${v}`) }))} />
            </Form.Item>
          </>
        }
        toolbar={({ selectedRows }) => (
          <CrudButtons
            selected={selectedRows}
            add={{ perm: ProjectCategoryPerm.add, onClick: () => setDialog({ open: true, id: undefined }) }}
            remove={{ perm: ProjectCategoryPerm.remove, onClick: remove }}
          />
        )}
      />
      <CategoryFormDialog open={dialog.open} id={dialog.id} onClose={() => setDialog({ open: false, id: undefined })} />
    </>
  );
}
