import { DeleteOutlined, LinkOutlined, PlayCircleOutlined, ReloadOutlined, UploadOutlined } from '@ant-design/icons';
import { DEFAULT_PAGE_SIZE } from '@ccms/contracts/constants';
import { RESOURCE_UPLOAD_MAX_FILES } from '@ccms/contracts/content/graphic';
import { DEFAULT_VIDEO_FOLDER, VIDEO_EXTENSIONS, VIDEO_MAX_MB, VideoPerm } from '@ccms/contracts/content/video';
import { App, Button, Input, Modal, Space, Table, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resourceUrl } from '../../../../api/client';
import { HasPermi } from '../../../../shared/auth/HasPermi';
import { confirmDialog } from '../../../../shared/confirm';
import { Pagination } from '../../../../shared/list/Pagination';
import { CommitTag } from '../../graphic/components/LibraryBar';
import { ResourceUploadDialog } from '../../graphic/components/ResourceUploadDialog';
import { UsageDrawer } from '../../graphic/components/UsageDrawer';
import { formatSize, formatTime } from '../../graphic/format';
import { useDeleteResources, useRefreshResources, useResourceList, useUploadResources } from '../../graphic/resource-queries';
import type { LibraryScope } from '../../graphic/use-library-scope';
import type { VideoRow } from '../video-api';
import { videoData } from '../video-queries';

const VIDEO_RULES = { fileType: VIDEO_EXTENSIONS, fileSize: VIDEO_MAX_MB, limit: RESOURCE_UPLOAD_MAX_FILES };

/** Videos of the library branch: name and upload time, played in a <video> dialog (range requests), upload, delete. */
export function VideosTab({ scope }: { scope: LibraryScope }) {
  const { t } = useTranslation('resource');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const [name, setName] = useState('');
  const [page, setPage] = useState({ pageNum: 1, pageSize: DEFAULT_PAGE_SIZE });
  const [playing, setPlaying] = useState<VideoRow | null>(null);
  const [usage, setUsage] = useState<VideoRow | null>(null);
  const [uploading, setUploading] = useState(false);
  const at = { libraryId: scope.libraryId ?? 0, ...(scope.branch ? { branch: scope.branch } : {}) };

  const list = useResourceList(videoData, { ...at, ...page, ...(name ? { name } : {}) }, scope.libraryId !== undefined && !!scope.branch);
  const refresh = useRefreshResources(videoData);
  const uploadFiles = useUploadResources(videoData);
  const deleteFiles = useDeleteResources(videoData);

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

  const remove = async (row: VideoRow) => {
    if (!(await confirmDialog(t('confirmDelete', { names: row.path }), { type: 'danger' }))) return;
    const r = await deleteFiles.mutateAsync({ ...at, paths: [row.path] });
    message.success(t('deleted', { commit: r.commit.slice(0, 8) }));
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
        <HasPermi value={[VideoPerm.upload]}>
          <Button type="primary" ghost icon={<UploadOutlined />} disabled={scope.readOnly || !scope.libraryId} onClick={() => setUploading(true)}>
            {t('upload')}
          </Button>
        </HasPermi>
        <Button icon={<ReloadOutlined />} aria-label={tc('refresh')} onClick={() => refresh()} />
        <CommitTag commit={list.data?.commit} />
      </div>
      <Table<VideoRow>
        size="middle"
        rowKey="path"
        loading={list.isFetching}
        dataSource={list.data?.rows ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          {
            key: 'name',
            title: t('name'),
            render: (_: unknown, row) => (
              <Typography.Link onClick={() => setPlaying(row)}>
                <PlayCircleOutlined /> {row.name}
              </Typography.Link>
            ),
          },
          { key: 'folder', title: t('folder'), dataIndex: 'folder', ellipsis: true, responsive: ['md'] },
          { key: 'size', title: t('size'), dataIndex: 'size', width: 100, align: 'right', render: (v: number) => formatSize(v) },
          { key: 'uploadTime', title: t('uploadTime'), dataIndex: 'uploadTime', width: 170, render: formatTime },
          { key: 'uploadBy', title: t('uploadBy'), dataIndex: 'uploadBy', width: 140, ellipsis: true, responsive: ['lg'] },
          { key: 'refs', title: t('refs'), dataIndex: 'refs', width: 80 },
          {
            key: 'actions',
            title: tc('operation'),
            width: 150,
            render: (_: unknown, row) => (
              <Space size={0}>
                <Tooltip title={t('play')}>
                  <Button type="link" size="small" icon={<PlayCircleOutlined />} aria-label={t('play')} onClick={() => setPlaying(row)} />
                </Tooltip>
                <Tooltip title={t('whereUsed')}>
                  <Button type="link" size="small" icon={<LinkOutlined />} aria-label={t('whereUsed')} onClick={() => setUsage(row)} />
                </Tooltip>
                {!scope.readOnly && (
                  <HasPermi value={[VideoPerm.remove]}>
                    <Tooltip title={tc('delete')}>
                      <Button type="link" size="small" danger icon={<DeleteOutlined />} aria-label={tc('delete')} onClick={() => remove(row)} />
                    </Tooltip>
                  </HasPermi>
                )}
              </Space>
            ),
          },
        ]}
      />
      <Pagination total={list.data?.total ?? 0} page={page.pageNum} limit={page.pageSize} onChange={(pageNum, pageSize) => setPage({ pageNum, pageSize })} />
      <Modal open={playing !== null} title={playing?.path} width={800} footer={null} onCancel={() => setPlaying(null)} destroyOnHidden>
        {playing && (
          // biome-ignore lint/a11y/useMediaCaption: library videos come without caption tracks
          <video className="ccms-video-player" src={resourceUrl(playing.url)} controls autoPlay preload="metadata" data-testid="video-player">
            {t('videoUnsupported')}
          </video>
        )}
      </Modal>
      <UsageDrawer name={usage?.name ?? null} query={videoData.queries.usage({ ...at, path: usage?.path ?? '' })} onClose={() => setUsage(null)} />
      <ResourceUploadDialog
        open={uploading}
        kind="video"
        rules={VIDEO_RULES}
        defaultFolder={DEFAULT_VIDEO_FOLDER}
        pending={uploadFiles.isPending}
        onCancel={() => setUploading(false)}
        onSubmit={upload}
      />
    </>
  );
}
