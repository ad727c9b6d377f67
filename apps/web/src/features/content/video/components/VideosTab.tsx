import { DeleteOutlined, LinkOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { RESOURCE_UPLOAD_MAX_FILES } from '@ccms/contracts/content/graphic';
import { DEFAULT_VIDEO_FOLDER, VIDEO_EXTENSIONS, VIDEO_MAX_MB, VideoPerm } from '@ccms/contracts/content/video';
import { Button, Modal, Space, Table, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resourceUrl } from '../../../../api/client';
import { HasPermi } from '../../../../shared/auth/HasPermi';
import { ResourceTab } from '../../graphic/components/ResourceTab';
import { formatSize, formatTime } from '../../graphic/format';
import type { LibraryScope } from '../../shared/use-library-scope';
import type { VideoRow } from '../video-api';
import { videoData } from '../video-queries';

const VIDEO_RULES = { fileType: VIDEO_EXTENSIONS, fileSize: VIDEO_MAX_MB, limit: RESOURCE_UPLOAD_MAX_FILES };

/** Videos of the library branch: name and upload time, played in a <video> dialog (range requests), upload, delete. */
export function VideosTab({ scope }: { scope: LibraryScope }) {
  const { t } = useTranslation('graphic');
  const { t: tc } = useTranslation();
  const [playing, setPlaying] = useState<VideoRow | null>(null);
  return (
    <>
      <ResourceTab scope={scope} kind="video" data={videoData} rules={VIDEO_RULES} defaultFolder={DEFAULT_VIDEO_FOLDER} uploadPerm={VideoPerm.upload}>
        {({ rows, fetching, showUsage, remove }) => (
          <Table<VideoRow>
            size="middle"
            rowKey="path"
            loading={fetching}
            dataSource={rows}
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
                      <Button type="link" size="small" icon={<LinkOutlined />} aria-label={t('whereUsed')} onClick={() => showUsage(row)} />
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
        )}
      </ResourceTab>
      <Modal open={playing !== null} title={playing?.path} width={800} footer={null} onCancel={() => setPlaying(null)} destroyOnHidden>
        {playing && (
          // biome-ignore lint/a11y/useMediaCaption: library videos come without caption tracks
          <video className="ccms-video-player" src={resourceUrl(playing.url)} controls autoPlay preload="metadata" data-testid="video-player">
            {t('videoUnsupported')}
          </video>
        )}
      </Modal>
    </>
  );
}
