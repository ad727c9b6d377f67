import { DeleteOutlined, DownloadOutlined, EditOutlined, EyeOutlined, FileOutlined, FolderFilled } from '@ant-design/icons';
import { ExplorerPerm } from '@ccms/contracts/content/explorer';
import { Button, Space, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { HasPermi } from '../../../../shared/auth/HasPermi';
import { explorerApi, type FileRow } from '../explorer-api';

export const formatTime = (v: string | Date | null | undefined) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm:ss') : '');

export function formatSize(bytes: number | null): string {
  if (bytes === null) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** What a row's links and buttons do. */
export interface FileRowActions {
  openFolder: (path: string) => void;
  view: (path: string) => void;
  rename: (row: FileRow) => void;
  remove: (rows: FileRow[]) => void;
}

/** The explorer table's columns: name (opens a folder or views a file), size, last commit, author, date, and the row's actions. */
export function useFileColumns(at: { libraryId: number; ref?: string }, readOnly: boolean, on: FileRowActions): ColumnsType<FileRow> {
  const { t } = useTranslation('explorer');
  const { t: tc } = useTranslation();
  return [
    {
      key: 'name',
      title: t('name'),
      dataIndex: 'name',
      width: 200,
      ellipsis: true,
      render: (_: unknown, row) => (
        <Space className="ccms-explorer-name" onClick={() => (row.type === 'folder' ? on.openFolder(row.path) : on.view(row.path))}>
          {row.type === 'folder' ? <FolderFilled style={{ color: '#e3a008' }} /> : <FileOutlined />}
          <Typography.Link>{row.name}</Typography.Link>
        </Space>
      ),
    },
    { key: 'size', title: t('size'), dataIndex: 'size', width: 90, align: 'right', render: (v: number | null) => formatSize(v) },
    {
      key: 'message',
      title: t('lastCommit'),
      dataIndex: 'message',
      ellipsis: true,
      responsive: ['md'],
      render: (v: string | null, row) => (v ? <Tooltip title={[row.author, row.commit].filter(Boolean).join(' · ')}>{v}</Tooltip> : ''),
    },
    // The author column only where there is room for it (the commit tooltip names the author too).
    { key: 'author', title: t('author'), dataIndex: 'author', width: 140, ellipsis: true, responsive: ['xxl'] },
    { key: 'date', title: t('date'), dataIndex: 'date', width: 170, responsive: ['md'], render: formatTime },
    {
      key: 'actions',
      title: tc('operation'),
      width: 140,
      fixed: 'right',
      render: (_: unknown, row) => (
        <Space size={0}>
          {row.type === 'file' && (
            <Tooltip title={t('view')}>
              <Button type="link" size="small" icon={<EyeOutlined />} aria-label={t('view')} onClick={() => on.view(row.path)} />
            </Tooltip>
          )}
          <Tooltip title={row.type === 'folder' ? t('downloadFolder') : t('download')}>
            <Button
              type="link"
              size="small"
              icon={<DownloadOutlined />}
              aria-label={t('download')}
              onClick={() => explorerApi.download({ ...at, path: row.path }, row.type === 'folder' ? `${row.name}.zip` : row.name)}
            />
          </Tooltip>
          {!readOnly && (
            <>
              <HasPermi value={[ExplorerPerm.edit]}>
                <Tooltip title={t('rename')}>
                  <Button type="link" size="small" icon={<EditOutlined />} aria-label={t('rename')} onClick={() => on.rename(row)} />
                </Tooltip>
              </HasPermi>
              <HasPermi value={[ExplorerPerm.remove]}>
                <Tooltip title={tc('delete')}>
                  <Button type="link" size="small" danger icon={<DeleteOutlined />} aria-label={tc('delete')} onClick={() => on.remove([row])} />
                </Tooltip>
              </HasPermi>
            </>
          )}
        </Space>
      ),
    },
  ];
}
