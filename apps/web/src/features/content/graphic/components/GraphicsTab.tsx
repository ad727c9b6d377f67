import { DeleteOutlined, EyeOutlined, LinkOutlined, ReloadOutlined, UploadOutlined } from '@ant-design/icons';
import { DEFAULT_PAGE_SIZE, GRAPHIC_MAX_MB } from '@ccms/contracts/constants';
import { DEFAULT_GRAPHIC_FOLDER, GRAPHIC_UPLOAD_EXTENSIONS, GraphicPerm, RESOURCE_UPLOAD_MAX_FILES } from '@ccms/contracts/content/graphic';
import { App, Button, Card, Empty, Input, Spin, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resourceUrl } from '../../../../api/client';
import { HasPermi } from '../../../../shared/auth/HasPermi';
import { confirmDialog } from '../../../../shared/confirm';
import { Pagination } from '../../../../shared/list/Pagination';
import { ImagePreviewDialog } from '../../../../shared/preview/ImagePreview';
import { formatSize, formatTime } from '../format';
import type { GraphicRow } from '../graphic-api';
import { graphicData } from '../graphic-queries';
import { useDeleteResources, useRefreshResources, useResourceList, useUploadResources } from '../resource-queries';
import type { LibraryScope } from '../use-library-scope';
import { CommitTag } from './LibraryBar';
import { ResourceUploadDialog } from './ResourceUploadDialog';
import { UsageDrawer } from './UsageDrawer';

/** The graphics rules of spec section 5: JPG and PNG only, under 2 MB, at most 5 at a time. */
export const GRAPHIC_RULES = { fileType: GRAPHIC_UPLOAD_EXTENSIONS, fileSize: GRAPHIC_MAX_MB, limit: RESOURCE_UPLOAD_MAX_FILES };

/** Graphics of the library branch as a thumbnail grid: preview (800 px), where used, upload, delete. */
export function GraphicsTab({ scope }: { scope: LibraryScope }) {
  const { t } = useTranslation('resource');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const [name, setName] = useState('');
  const [page, setPage] = useState({ pageNum: 1, pageSize: DEFAULT_PAGE_SIZE });
  const [preview, setPreview] = useState<GraphicRow | null>(null);
  const [usage, setUsage] = useState<GraphicRow | null>(null);
  const [uploading, setUploading] = useState(false);
  const libraryId = scope.libraryId ?? 0;
  const at = { libraryId, ...(scope.branch ? { branch: scope.branch } : {}) };

  const list = useResourceList(graphicData, { ...at, ...page, ...(name ? { name } : {}) }, scope.libraryId !== undefined && !!scope.branch);
  const refresh = useRefreshResources(graphicData);
  const uploadFiles = useUploadResources(graphicData);
  const deleteFiles = useDeleteResources(graphicData);

  const upload = (values: { folder: string; message: string; overwrite: boolean }, files: File[]) =>
    uploadFiles.mutate(
      { fields: { ...at, folder: values.folder.trim() || undefined, message: values.message.trim() || undefined, overwrite: values.overwrite }, files },
      {
        onSuccess: (r) => {
          message.success(t('uploaded', { commit: r.commit.slice(0, 8) }));
          setUploading(false);
        },
      },
    );

  const remove = async (row: GraphicRow) => {
    if (!(await confirmDialog(t('confirmDelete', { names: row.path }), { type: 'danger' }))) return;
    const r = await deleteFiles.mutateAsync({ ...at, paths: [row.path] });
    message.success(t('deleted', { commit: r.commit.slice(0, 8) }));
  };

  const rows = list.data?.rows ?? [];
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
        <HasPermi value={[GraphicPerm.upload]}>
          <Tooltip title={scope.readOnly ? t('readOnly') : undefined}>
            <Button type="primary" ghost icon={<UploadOutlined />} disabled={scope.readOnly || !scope.libraryId} onClick={() => setUploading(true)}>
              {t('upload')}
            </Button>
          </Tooltip>
        </HasPermi>
        <Button icon={<ReloadOutlined />} aria-label={tc('refresh')} onClick={() => refresh()} />
        <CommitTag commit={list.data?.commit} />
      </div>
      <Spin spinning={list.isFetching}>
        {rows.length === 0 ? (
          <Empty description={t('empty')} />
        ) : (
          <div className="ccms-graphic-grid">
            {rows.map((row) => (
              <Card
                key={row.path}
                size="small"
                data-testid="graphic-card"
                cover={
                  <button
                    type="button"
                    className="ccms-graphic-thumb"
                    onClick={() => setPreview(row)}
                    aria-label={`${t('preview')} ${row.name}`}
                    style={{ border: 0, padding: 0 }}
                  >
                    <img src={resourceUrl(row.thumbnailUrl)} alt={row.name} loading="lazy" />
                  </button>
                }
                actions={[
                  <Tooltip key="preview" title={t('preview')}>
                    <EyeOutlined aria-label={t('preview')} onClick={() => setPreview(row)} />
                  </Tooltip>,
                  <Tooltip key="usage" title={t('whereUsed')}>
                    <LinkOutlined aria-label={t('whereUsed')} onClick={() => setUsage(row)} />
                  </Tooltip>,
                  ...(scope.readOnly
                    ? []
                    : [
                        <HasPermi key="delete" value={[GraphicPerm.remove]}>
                          <Tooltip title={tc('delete')}>
                            <DeleteOutlined aria-label={tc('delete')} style={{ color: '#ff4d4f' }} onClick={() => remove(row)} />
                          </Tooltip>
                        </HasPermi>,
                      ]),
                ]}
              >
                <Typography.Text strong ellipsis={{ tooltip: row.path }} style={{ display: 'block' }}>
                  {row.name}
                </Typography.Text>
                <div className="ccms-graphic-meta">
                  <div>
                    {row.folder || '/'} · {formatSize(row.size)}
                  </div>
                  <div>
                    {row.createBy} · {formatTime(row.createTime)}
                  </div>
                  <div>
                    {t('refs')}: <span data-testid="graphic-refs">{row.refs}</span>
                  </div>
                </div>
              </Card>
            ))}
          </div>
        )}
      </Spin>
      <Pagination total={list.data?.total ?? 0} page={page.pageNum} limit={page.pageSize} onChange={(pageNum, pageSize) => setPage({ pageNum, pageSize })} />
      <ImagePreviewDialog src={preview?.url ?? ''} title={preview?.path} open={preview !== null} onClose={() => setPreview(null)} />
      <UsageDrawer name={usage?.name ?? null} query={graphicData.queries.usage({ ...at, path: usage?.path ?? '' })} onClose={() => setUsage(null)} />
      <ResourceUploadDialog
        open={uploading}
        kind="graphic"
        rules={GRAPHIC_RULES}
        defaultFolder={DEFAULT_GRAPHIC_FOLDER}
        pending={uploadFiles.isPending}
        onCancel={() => setUploading(false)}
        onSubmit={upload}
      />
    </>
  );
}
