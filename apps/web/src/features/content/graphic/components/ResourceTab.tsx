import { ReloadOutlined, UploadOutlined } from '@ant-design/icons';
import { DEFAULT_PAGE_SIZE } from '@ccms/contracts/constants';
import { App, Button, Input, Tooltip } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HasPermi } from '../../../../shared/auth/HasPermi';
import { confirmDialog } from '../../../../shared/confirm';
import { Pagination } from '../../../../shared/list/Pagination';
import type { UploadRules } from '../../../../shared/upload/upload-rules';
import { CommitTag } from '../../shared/LibraryBar';
import type { LibraryScope } from '../../shared/use-library-scope';
import type { Commit, UploadFields } from '../graphic-api';
import { type resourceData, useDeleteResources, useRefreshResources, useResourceList, useUploadResources } from '../resource-queries';
import { ResourceUploadDialog } from './ResourceUploadDialog';
import { UsageDrawer } from './UsageDrawer';

/** A row of a resource list (graphic or video). */
interface ResourceRow {
  path: string;
  name: string;
}
/** The list query every resource answers (each resource's own params type accepts it). */
type ListParams = { libraryId: number; branch?: string; pageNum: number; pageSize: number; name?: string };
type Page<Row> = { rows: Row[]; total: number; commit: string };

/** What a resource tab's body gets: the rows and what a row's buttons do. */
export interface ResourceBody<Row> {
  rows: Row[];
  fetching: boolean;
  showUsage: (row: Row) => void;
  remove: (row: Row) => void;
}

export interface ResourceTabProps<Row extends ResourceRow, Params> {
  scope: LibraryScope;
  kind: 'graphic' | 'video';
  /** The resource's data layer (`graphicData`, `videoData`). */
  data: ReturnType<typeof resourceData<Params, Page<Row>>>;
  rules: UploadRules;
  defaultFolder: string;
  uploadPerm: string;
  /** The rows shown (a thumbnail grid, a table). */
  children: (body: ResourceBody<Row>) => ReactNode;
}

/**
 * A library resource list (graphics, videos): search by name, upload, refresh, the commit read,
 * the page, where a resource is used, and delete after a question; the body shows the rows.
 */
export function ResourceTab<Row extends ResourceRow, Params>({ scope, kind, data, rules, defaultFolder, uploadPerm, children }: ResourceTabProps<Row, Params>) {
  const { t } = useTranslation('graphic');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const [name, setName] = useState('');
  const [page, setPage] = useState({ pageNum: 1, pageSize: DEFAULT_PAGE_SIZE });
  const [usage, setUsage] = useState<Row | null>(null);
  const [uploading, setUploading] = useState(false);
  const at = { libraryId: scope.libraryId ?? 0, ...(scope.branch ? { branch: scope.branch } : {}) };

  const params: ListParams = { ...at, ...page, ...(name ? { name } : {}) };
  // Graphics and videos take these params (their query types are the contract's inputs, wider than ListParams).
  const list = useResourceList(data, params as Params, scope.libraryId !== undefined && !!scope.branch);
  const refresh = useRefreshResources(data);
  const uploadFiles = useUploadResources(data);
  const deleteFiles = useDeleteResources(data);
  const said = (key: 'uploaded' | 'deleted', r: Commit) => message.success(t(key, { commit: r.commit.slice(0, 8) }));

  const upload = (values: { folder: string; message: string; overwrite: boolean }, files: File[]) => {
    const fields: UploadFields = { ...at, folder: values.folder.trim() || undefined, message: values.message.trim() || undefined, overwrite: values.overwrite };
    uploadFiles.mutate(
      { fields, files },
      {
        onSuccess: (r) => {
          said('uploaded', r);
          setUploading(false);
        },
      },
    );
  };

  const remove = async (row: Row) => {
    if (!(await confirmDialog(t('confirmDelete', { names: row.path }), { type: 'danger' }))) return;
    said('deleted', await deleteFiles.mutateAsync({ ...at, paths: [row.path] }));
  };

  return (
    <>
      <div className="ccms-resource-toolbar">
        <Input.Search
          allowClear
          style={{ width: 260 }}
          placeholder={t('searchName')}
          aria-label={t('searchName')}
          onSearch={(v) => {
            setName(v.trim());
            setPage((p) => ({ ...p, pageNum: 1 }));
          }}
        />
        <HasPermi value={[uploadPerm]}>
          <Tooltip title={scope.readOnly ? t('readOnly') : undefined}>
            <Button type="primary" ghost icon={<UploadOutlined />} disabled={scope.readOnly || !scope.libraryId} onClick={() => setUploading(true)}>
              {t('upload')}
            </Button>
          </Tooltip>
        </HasPermi>
        <Button icon={<ReloadOutlined />} aria-label={tc('refresh')} onClick={() => refresh()} />
        <CommitTag commit={list.data?.commit} />
      </div>
      {children({ rows: list.data?.rows ?? [], fetching: list.isFetching, showUsage: setUsage, remove: (row) => void remove(row) })}
      <Pagination total={list.data?.total ?? 0} page={page.pageNum} limit={page.pageSize} onChange={(pageNum, pageSize) => setPage({ pageNum, pageSize })} />
      <UsageDrawer name={usage?.name ?? null} query={data.queries.usage({ ...at, path: usage?.path ?? '' })} onClose={() => setUsage(null)} />
      <ResourceUploadDialog
        open={uploading}
        kind={kind}
        rules={rules}
        defaultFolder={defaultFolder}
        pending={uploadFiles.isPending}
        onCancel={() => setUploading(false)}
        onSubmit={upload}
      />
    </>
  );
}
