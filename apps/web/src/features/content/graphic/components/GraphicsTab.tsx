import { DeleteOutlined, DownloadOutlined, EyeOutlined, FileImageOutlined, LinkOutlined } from '@ant-design/icons';
import { GRAPHIC_MAX_MB } from '@ccms/contracts/constants';
import { DEFAULT_GRAPHIC_FOLDER, GRAPHIC_UPLOAD_EXTENSIONS, GraphicPerm, isBrowserImage, RESOURCE_UPLOAD_MAX_FILES } from '@ccms/contracts/content/graphic';
import { Card, Empty, Spin, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resourceUrl } from '../../../../api/client';
import { HasPermi } from '../../../../shared/auth/HasPermi';
import { ImagePreviewDialog } from '../../../../shared/preview/ImagePreview';
import type { LibraryScope } from '../../shared/use-library-scope';
import { formatSize, formatTime } from '../format';
import type { GraphicRow } from '../graphic-api';
import { graphicData } from '../graphic-queries';
import { ResourceTab } from './ResourceTab';

/** The graphics rules of spec section 5: JPG and PNG only, under 2 MB, at most 5 at a time. */
export const GRAPHIC_RULES = { fileType: GRAPHIC_UPLOAD_EXTENSIONS, fileSize: GRAPHIC_MAX_MB, limit: RESOURCE_UPLOAD_MAX_FILES };

/** Graphics of the library branch as a thumbnail grid: preview (800 px), where used, upload, delete. */
export function GraphicsTab({ scope }: { scope: LibraryScope }) {
  const { t } = useTranslation('graphic');
  const { t: tc } = useTranslation();
  const [preview, setPreview] = useState<GraphicRow | null>(null);
  return (
    <>
      <ResourceTab scope={scope} kind="graphic" data={graphicData} rules={GRAPHIC_RULES} defaultFolder={DEFAULT_GRAPHIC_FOLDER} uploadPerm={GraphicPerm.upload}>
        {({ rows, fetching, showUsage, remove }) => (
          <Spin spinning={fetching}>
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
                      isBrowserImage(row.contentType) ? (
                        <button
                          type="button"
                          className="ccms-graphic-thumb"
                          onClick={() => setPreview(row)}
                          aria-label={`${t('preview')} ${row.name}`}
                          style={{ border: 0, padding: 0 }}
                        >
                          <img src={resourceUrl(row.thumbnailUrl)} alt={row.name} loading="lazy" />
                        </button>
                      ) : (
                        <div
                          className="ccms-graphic-thumb"
                          data-testid="graphic-not-viewable"
                          style={{ flexDirection: 'column', gap: 8, padding: 12, textAlign: 'center', cursor: 'default' }}
                        >
                          <FileImageOutlined style={{ fontSize: 32, color: '#bfbfbf' }} />
                          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                            {t('notViewable')}
                          </Typography.Text>
                        </div>
                      )
                    }
                    actions={[
                      isBrowserImage(row.contentType) ? (
                        <Tooltip key="preview" title={t('preview')}>
                          <EyeOutlined aria-label={t('preview')} onClick={() => setPreview(row)} />
                        </Tooltip>
                      ) : (
                        <Tooltip key="download" title={t('download')}>
                          <a href={resourceUrl(row.url)} download={row.name} aria-label={`${t('download')} ${row.name}`}>
                            <DownloadOutlined />
                          </a>
                        </Tooltip>
                      ),
                      <Tooltip key="usage" title={t('whereUsed')}>
                        <LinkOutlined aria-label={t('whereUsed')} onClick={() => showUsage(row)} />
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
        )}
      </ResourceTab>
      <ImagePreviewDialog src={preview?.url ?? ''} title={preview?.path} open={preview !== null} onClose={() => setPreview(null)} />
    </>
  );
}
