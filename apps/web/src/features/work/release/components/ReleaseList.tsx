import { type Release, ReleasePerm } from '@ccms/contracts/work/release';
import { App, Form, Input, Select, Tag } from 'antd';
import dayjs from 'dayjs';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDialog } from '../../../../shared/confirm';
import { CrudButtons, CrudLinks } from '../../../../shared/list/CrudButtons';
import { type ListColumn, ListPage, type ListPageHandle } from '../../../../shared/list/ListPage';
import { ProjectSelect } from '../../project/components/pickers';
import { type ReleaseFilters, releaseApi } from '../release-api';
import { releaseQueries, useDeleteReleases } from '../release-queries';
import { ReleaseFormDialog } from './ReleaseFormDialog';

/** Releases, of every visible project or of one (`projectId`, the project detail's release tab). */
export function ReleaseList({ projectId, canWrite = true }: { projectId?: number; canWrite?: boolean }) {
  const { t } = useTranslation('release');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const list = useRef<ListPageHandle>(null);
  const [dialog, setDialog] = useState<{ open: boolean; id: number | undefined }>({ open: false, id: undefined });
  const deleteReleases = useDeleteReleases();

  const remove = async (rows: readonly Release[]) => {
    if (rows.length === 0) return;
    if (!(await confirmDialog(t('confirmDelete', { names: rows.map((r) => r.title).join(', ') }), { type: 'danger' }))) return;
    await deleteReleases.mutateAsync(rows.map((r) => r.id));
    message.success(t('deleted'));
    list.current?.clearSelection();
  };

  const columns: ListColumn<Release>[] = [
    { key: 'title', dataIndex: 'title', title: t('title'), sorter: true },
    ...(projectId === undefined ? [{ key: 'projectTitle', dataIndex: 'projectTitle', title: t('project') } as ListColumn<Release>] : []),
    {
      key: 'status',
      dataIndex: 'status',
      title: t('status'),
      width: 100,
      render: (v: string) => <Tag color={v === '0' ? 'blue' : 'default'}>{t(v === '1' ? 'statuses.1' : 'statuses.0')}</Tag>,
    },
    { key: 'beginDate', dataIndex: 'beginDate', title: t('beginDate'), sorter: true, width: 120 },
    { key: 'endDate', dataIndex: 'endDate', title: t('endDate'), sorter: true, width: 120 },
    { key: 'description', dataIndex: 'description', title: t('description'), ellipsis: true },
    { key: 'createBy', dataIndex: 'createBy', title: t('createBy'), width: 120 },
    {
      key: 'createTime',
      dataIndex: 'createTime',
      title: t('createTime'),
      width: 180,
      render: (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm:ss') : ''),
    },
    ...(canWrite
      ? [
          {
            key: 'actions',
            title: tc('operation'),
            hideable: false,
            width: 160,
            render: (_: unknown, row: Release) => (
              <CrudLinks
                row={row}
                edit={{ perm: ReleasePerm.edit, onClick: (r) => setDialog({ open: true, id: r.id }) }}
                remove={{ perm: ReleasePerm.remove, onClick: remove }}
              />
            ),
          } as ListColumn<Release>,
        ]
      : []),
  ];

  return (
    <>
      <ListPage<Release, ReleaseFilters>
        ref={list}
        listQuery={releaseQueries.list}
        initialFilters={projectId === undefined ? {} : { projectId }}
        rowKey="id"
        selection="multiple"
        columns={columns}
        searchFields={
          <>
            {projectId === undefined && (
              <Form.Item name="projectId" label={t('project')}>
                <ProjectSelect allowClear placeholder={t('projectPlaceholder')} style={{ width: 200 }} />
              </Form.Item>
            )}
            {projectId !== undefined && (
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
                style={{ width: 120 }}
                options={(['0', '1'] as const).map((v) => ({ value: v, label: t(`statuses.${v}`) }))}
              />
            </Form.Item>
          </>
        }
        toolbar={({ selectedRows, query }) => (
          <CrudButtons
            selected={selectedRows}
            add={canWrite ? { perm: ReleasePerm.add, onClick: () => setDialog({ open: true, id: undefined }) } : undefined}
            remove={canWrite ? { perm: ReleasePerm.remove, onClick: remove } : undefined}
            export={{ perm: ReleasePerm.export, onClick: () => releaseApi.export(query) }}
          />
        )}
      />
      <ReleaseFormDialog open={dialog.open} id={dialog.id} projectId={projectId} onClose={() => setDialog({ open: false, id: undefined })} />
    </>
  );
}
