import { type Release, ReleasePerm } from '@ccms/contracts/work/release';
import { Tag } from 'antd';
import dayjs from 'dayjs';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { type ListColumn, ListPage, type ListPageHandle } from '../../../../shared/list/ListPage';
import { crudLinksColumn, projectColumn, useEditDialog, useRemoveRows, WorkListButtons, WorkListSearch } from '../../project/components/work-list-blocks';
import { type ReleaseFilters, releaseApi } from '../release-api';
import { releaseQueries, useDeleteReleases } from '../release-queries';
import { ReleaseArchives } from './ReleaseArchives';
import { ReleaseFormDialog } from './ReleaseFormDialog';

/** Releases, of every visible project or of one (`projectId`, the project detail's release tab). */
export function ReleaseList({ projectId, canWrite = true }: { projectId?: number; canWrite?: boolean }) {
  const { t } = useTranslation('release');
  const { t: tc } = useTranslation();
  const list = useRef<ListPageHandle>(null);
  const dialog = useEditDialog();
  const deleteReleases = useDeleteReleases();
  const remove = useRemoveRows<Release>('release', deleteReleases.mutateAsync, list);

  const columns: ListColumn<Release>[] = [
    { key: 'title', dataIndex: 'title', title: t('title'), sorter: true },
    ...projectColumn<Release>(projectId, t('project')),
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
    ...crudLinksColumn<Release>(canWrite, { perm: ReleasePerm, title: tc('operation'), onEdit: (r) => dialog.edit(r.id), onRemove: remove }),
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
        tableProps={{ expandable: { expandedRowRender: (row) => <ReleaseArchives release={row} /> } }}
        searchFields={
          <WorkListSearch
            ns="release"
            projectId={projectId}
            statuses={(['0', '1'] as const).map((v) => ({ value: v, label: t(`statuses.${v}`) }))}
            statusWidth={120}
          />
        }
        toolbar={({ selectedRows, query }) => (
          <WorkListButtons
            selected={selectedRows}
            perm={ReleasePerm}
            canWrite={canWrite}
            onAdd={dialog.add}
            onRemove={remove}
            onExport={() => releaseApi.export(query)}
          />
        )}
      />
      <ReleaseFormDialog open={dialog.open} id={dialog.id} projectId={projectId} onClose={dialog.close} />
    </>
  );
}
