import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { type Project, ProjectPerm } from '@ccms/contracts/work/project';
import { Button, Form, Input, Select, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HasPermi } from '../../../../shared/auth/HasPermi';
import { CrudButtons } from '../../../../shared/list/CrudButtons';
import { type ListColumn, ListPage, type ListPageHandle } from '../../../../shared/list/ListPage';
import { useCategoryOptions } from '../../project-category/project-category-queries';
import { ProjectFormDialog } from '../components/ProjectFormDialog';
import { ProjectStatusSwitch } from '../components/ProjectStatusSwitch';
import { useEditDialog, useRemoveRows } from '../components/work-list-blocks';
import { type ProjectFilters, projectApi } from '../project-api';
import { projectQueries, useDeleteProjects } from '../project-queries';

const time = (v: string | Date | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm:ss') : '');

/** Projects (menu component ccms/project/index): search, list, add/edit, status switch, delete, export. */
export default function ProjectPage() {
  const { t } = useTranslation('project');
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const list = useRef<ListPageHandle>(null);
  const dialog = useEditDialog();
  const categories = useCategoryOptions();
  const deleteProjects = useDeleteProjects();

  const remove = useRemoveRows<Project>('project', deleteProjects.mutateAsync, list);
  const open = (row: Project) => navigate(`/ccms/projectDetail/index?id=${row.id}`);

  const columns: ListColumn<Project>[] = [
    { key: 'id', dataIndex: 'id', title: t('id'), width: 80 },
    {
      key: 'title',
      dataIndex: 'title',
      title: t('title'),
      sorter: true,
      render: (v: string, row) => (
        <Typography.Link onClick={() => open(row)} data-testid="project-link">
          {v}
        </Typography.Link>
      ),
    },
    { key: 'name', dataIndex: 'name', title: t('name'), sorter: true, width: 120 },
    { key: 'categoryName', dataIndex: 'categoryName', title: t('category'), width: 120 },
    { key: 'version', dataIndex: 'version', title: t('version'), width: 100 },
    { key: 'libraryName', dataIndex: 'libraryName', title: t('library'), width: 120, defaultHidden: true },
    { key: 'projectBranch', dataIndex: 'projectBranch', title: t('projectBranch'), width: 140 },
    { key: 'ownerName', dataIndex: 'ownerName', title: t('owner'), width: 120 },
    { key: 'beginDate', dataIndex: 'beginDate', title: t('beginDate'), sorter: true, width: 120 },
    { key: 'endDate', dataIndex: 'endDate', title: t('endDate'), sorter: true, width: 120 },
    {
      key: 'flags',
      title: `${t('secrecy')} / ${t('public')}`,
      width: 120,
      render: (_: unknown, row) => (
        <Space size={4}>
          {row.secrecy && <Tag color="red">{t('secrecy')}</Tag>}
          {row.public && <Tag color="green">{t('public')}</Tag>}
        </Space>
      ),
    },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('status'),
      width: 110,
      render: (_: string, row) => <ProjectStatusSwitch project={row} />,
    },
    { key: 'createTime', dataIndex: 'createTime', title: t('createTime'), sorter: true, width: 180, render: time, defaultHidden: true },
    {
      key: 'actions',
      title: tc('operation'),
      hideable: false,
      width: 220,
      fixed: 'right',
      render: (_: unknown, row: Project) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => open(row)}>
            {t('open')}
          </Button>
          {row.abilities.configure && (
            <HasPermi value={[ProjectPerm.edit]}>
              <Button type="link" size="small" icon={<EditOutlined />} onClick={() => dialog.edit(row.id)}>
                {tc('edit')}
              </Button>
            </HasPermi>
          )}
          {row.abilities.remove && (
            <HasPermi value={[ProjectPerm.remove]}>
              <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => remove([row])}>
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
      <ListPage<Project, ProjectFilters>
        ref={list}
        listQuery={projectQueries.list}
        rowKey="id"
        selection="multiple"
        columns={columns}
        searchFields={
          <>
            <Form.Item name="title" label={t('title')}>
              <Input allowClear placeholder={t('titlePlaceholder')} style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name="name" label={t('name')}>
              <Input allowClear placeholder={t('namePlaceholder')} style={{ width: 160 }} />
            </Form.Item>
            <Form.Item name="category" label={t('category')}>
              <Select
                allowClear
                placeholder={t('categoryPlaceholder')}
                style={{ width: 160 }}
                options={(categories.data ?? []).map((c) => ({ value: c.value, label: c.name }))}
              />
            </Form.Item>
            <Form.Item name="status" label={t('status')}>
              <Select
                allowClear
                placeholder={t('statusPlaceholder')}
                style={{ width: 120 }}
                options={(['0', '1'] as const).map((v) => ({ value: v, label: t(`statuses.${v}`) }))}
              />
            </Form.Item>
          </>
        }
        toolbar={({ selectedRows, query }) => (
          <CrudButtons
            selected={selectedRows}
            add={{ perm: ProjectPerm.add, onClick: dialog.add }}
            edit={{ perm: ProjectPerm.edit, onClick: (row) => dialog.edit(row.id), disabled: (row) => !row.abilities.configure }}
            remove={{ perm: ProjectPerm.remove, onClick: remove, disabled: (rows) => !rows.every((row) => row.abilities.remove) }}
            export={{ perm: ProjectPerm.export, onClick: () => projectApi.export(query) }}
          />
        )}
      />
      <ProjectFormDialog open={dialog.open} projectId={dialog.id} onClose={dialog.close} />
    </>
  );
}
