import { CloudDownloadOutlined, DeleteOutlined, FileZipOutlined, FolderAddOutlined, ReloadOutlined, SwapOutlined, UploadOutlined } from '@ant-design/icons';
import { DEFAULT_PAGE_SIZE } from '@ccms/contracts/constants';
import { ExplorerPerm, type FolderNode } from '@ccms/contracts/content/explorer';
import { Alert, App, Breadcrumb, Button, Empty, Select, Space, Table, Tooltip, Tree, Typography } from 'antd';
import { type Key, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HasPermi } from '../../../../shared/auth/HasPermi';
import { confirmDialog } from '../../../../shared/confirm';
import { Pagination } from '../../../../shared/list/Pagination';
import { useFetchLibrary, useLibraryAbilities, useLibraryBranches, useLibraryOptions, useLibraryProgress } from '../../library/library-queries';
import { explorerApi, type FileRow } from '../explorer-api';
import { useExplorerListing, useExplorerTree, useRefreshExplorer } from '../explorer-queries';
import { type Action, ChangeDialog, type FolderOption, rowNames } from './ChangeDialog';
import { FileViewer } from './FileViewer';
import { formatTime, useFileColumns } from './use-file-columns';
import '../explorer.css';

/** The explorer table's least width: selection, name, size, date and actions at their widths, the last commit in what is left. */
const EXPLORER_TABLE_WIDTH = 720;

const toTreeData = (node: FolderNode, rootTitle: string): FolderOption => ({
  key: node.path,
  value: node.path,
  title: node.path === '' ? rootTitle : node.name,
  children: node.children.map((c) => toTreeData(c, rootTitle)),
});

export interface ExplorerProps {
  /** A fixed library (the library's content browsing tab); otherwise a picker is shown. */
  libraryId?: number;
}

/** Browse and change a library: folder tree, paged file list, viewer, and commits for every change. */
export function Explorer({ libraryId: fixed }: ExplorerProps) {
  const { t } = useTranslation('explorer');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const [picked, setPicked] = useState<number | undefined>(fixed);
  const libraryId = fixed ?? picked;
  const [ref, setRef] = useState<string | undefined>(undefined);
  const [path, setPath] = useState('');
  const [page, setPage] = useState({ pageNum: 1, pageSize: DEFAULT_PAGE_SIZE });
  const [selected, setSelected] = useState<FileRow[]>([]);
  const [viewing, setViewing] = useState<string | null>(null);
  const [action, setAction] = useState<Action | null>(null);

  const options = useLibraryOptions(fixed === undefined);
  useEffect(() => {
    if (picked === undefined && options.data?.[0]) setPicked(options.data[0].libraryId);
  }, [options.data, picked]);

  const id = libraryId ?? 0;
  const enabled = libraryId !== undefined;
  const branches = useLibraryBranches(id, enabled);
  const abilities = useLibraryAbilities(id, enabled);
  const progress = useLibraryProgress(id, enabled);
  const cloning = progress.data?.phase === 'clone' || progress.data?.phase === 'index';
  const refreshContent = useRefreshExplorer();
  // The clone of a new library finished: read its content (the first read found nothing yet).
  const wasCloning = useRef(false);
  useEffect(() => {
    if (cloning) wasCloning.current = true;
    else if (wasCloning.current && progress.data?.phase === 'ready') {
      wasCloning.current = false;
      void refreshContent(id);
    }
  }, [cloning, progress.data?.phase, id, refreshContent]);
  // Read-only until the abilities are known to allow writing (loading, failed, or read: no write buttons).
  const readOnly = !abilities.data?.write;
  const branch = ref ?? branches.data?.defaultBranch;
  const at = { libraryId: id, ...(branch ? { ref: branch } : {}) };
  const tree = useExplorerTree(at, enabled && !!branch);
  const list = useExplorerListing({ ...at, path, ...page }, enabled && !!branch);

  const treeData = useMemo(() => (tree.data ? [toTreeData(tree.data.tree, t('root'))] : []), [tree.data, t]);
  const stale = branches.data?.stale || tree.data?.stale || list.data?.stale;

  const openFolder = (folder: string) => {
    setPath(folder);
    setPage((p) => ({ ...p, pageNum: 1 }));
    setSelected([]);
  };
  const switchLibrary = (next: number) => {
    setPicked(next);
    setRef(undefined);
    openFolder('');
  };

  const refresh = useRefreshExplorer();
  const fetchRemote = useFetchLibrary(id);

  const askDelete = async (rows: FileRow[]) => {
    if (rows.length === 0) return;
    if (await confirmDialog(t('confirmDelete', { names: rowNames(rows) }), { type: 'danger' })) setAction({ kind: 'delete', rows });
  };

  const writable = (node: React.ReactNode, perm: string) =>
    readOnly ? (
      <HasPermi value={[perm]}>
        <Tooltip title={abilities.isSuccess ? t('readOnly') : abilities.isError ? t('levelUnknown') : undefined}>
          <span>{node}</span>
        </Tooltip>
      </HasPermi>
    ) : (
      <HasPermi value={[perm]}>{node}</HasPermi>
    );

  const columns = useFileColumns(at, readOnly, {
    openFolder,
    view: setViewing,
    rename: (row) => setAction({ kind: 'rename', row }),
    remove: askDelete,
  });

  if (fixed === undefined && options.data && options.data.length === 0) return <Empty description={t('noLibrary')} />;

  const crumbs = path ? path.split('/') : [];
  const lastFetch = branches.data?.lastFetchTime;
  return (
    <div className="ccms-explorer">
      <div className="ccms-explorer-side">
        {fixed === undefined && (
          <Select
            aria-label={t('library')}
            placeholder={t('libraryPlaceholder')}
            value={libraryId}
            loading={options.isLoading}
            showSearch={{ optionFilterProp: 'label' }}
            options={(options.data ?? []).map((l) => ({ value: l.libraryId, label: l.displayText || l.name }))}
            onChange={switchLibrary}
          />
        )}
        <Select
          aria-label={t('branch')}
          placeholder={t('branch')}
          value={branch}
          loading={branches.isLoading}
          showSearch
          options={(branches.data?.branches ?? []).map((b) => ({ value: b.name, label: b.name }))}
          onChange={(v: string) => {
            setRef(v);
            openFolder('');
          }}
        />
        <div className="ccms-explorer-tree">
          {treeData.length > 0 && (
            <Tree.DirectoryTree
              key={`${id}:${branch}`}
              treeData={treeData}
              defaultExpandedKeys={['']}
              selectedKeys={[path]}
              expandAction="doubleClick"
              onSelect={(keys: Key[]) => openFolder(String(keys[0] ?? ''))}
            />
          )}
        </div>
      </div>
      <div className="ccms-explorer-main">
        {stale && <Alert type="warning" showIcon title={t('stale', { time: formatTime(lastFetch) || t('neverFetched') })} />}
        {!stale && branches.data?.lastFetchError && <Alert type="warning" showIcon title={t('lastFetchFailed', { reason: branches.data.lastFetchError })} />}
        <div className="ccms-explorer-bar">
          <Breadcrumb
            items={[
              { key: '', title: <Typography.Link onClick={() => openFolder('')}>{t('root')}</Typography.Link> },
              ...crumbs.map((part, i) => {
                const to = crumbs.slice(0, i + 1).join('/');
                return { key: to, title: i === crumbs.length - 1 ? part : <Typography.Link onClick={() => openFolder(to)}>{part}</Typography.Link> };
              }),
            ]}
          />
          <span className="ccms-explorer-fetch" data-testid="last-fetch">
            {lastFetch ? t('lastFetch', { time: formatTime(lastFetch) }) : t('neverFetched')}
          </span>
        </div>
        <Space wrap>
          {writable(
            <Button type="primary" ghost icon={<UploadOutlined />} disabled={readOnly || !enabled} onClick={() => setAction({ kind: 'upload' })}>
              {t('upload')}
            </Button>,
            ExplorerPerm.upload,
          )}
          {writable(
            <Button icon={<FileZipOutlined />} disabled={readOnly || !enabled} onClick={() => setAction({ kind: 'package' })}>
              {t('uploadPackage')}
            </Button>,
            ExplorerPerm.upload,
          )}
          {writable(
            <Button icon={<FolderAddOutlined />} disabled={readOnly || !enabled} onClick={() => setAction({ kind: 'newFolder' })}>
              {t('newFolder')}
            </Button>,
            ExplorerPerm.add,
          )}
          {writable(
            <Button icon={<SwapOutlined />} disabled={readOnly || selected.length === 0} onClick={() => setAction({ kind: 'move', rows: selected })}>
              {t('move')}
            </Button>,
            ExplorerPerm.edit,
          )}
          {writable(
            <Button danger icon={<DeleteOutlined />} disabled={readOnly || selected.length === 0} onClick={() => askDelete(selected)}>
              {tc('delete')}
            </Button>,
            ExplorerPerm.remove,
          )}
          <Button
            icon={<CloudDownloadOutlined />}
            disabled={!enabled}
            onClick={() => explorerApi.download({ ...at, path }, `${crumbs.at(-1) ?? 'library'}.zip`)}
          >
            {t('downloadFolder')}
          </Button>
          <Button
            icon={<ReloadOutlined />}
            disabled={!enabled}
            loading={fetchRemote.isPending}
            onClick={() =>
              fetchRemote.mutate(undefined, {
                onSuccess: (r) => {
                  if (r.state === 'success') message.success(r.message);
                  else message.warning(r.message);
                  return refresh(id);
                },
              })
            }
          >
            {t('fetch')}
          </Button>
        </Space>
        <Table<FileRow>
          size="middle"
          rowKey="path"
          columns={columns}
          dataSource={list.data?.rows ?? []}
          loading={list.isFetching}
          // Fixed widths add up to less than the main pane at 1366 px, so no column scrolls under the fixed actions.
          scroll={{ x: EXPLORER_TABLE_WIDTH }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={cloning ? t('cloning') : t('empty')} /> }}
          rowSelection={readOnly ? undefined : { selectedRowKeys: selected.map((r) => r.path), onChange: (_keys, rows) => setSelected(rows) }}
          pagination={false}
        />
        <Pagination
          total={list.data?.total ?? 0}
          page={page.pageNum}
          limit={page.pageSize}
          onChange={(pageNum, pageSize) => setPage({ pageNum, pageSize })}
          autoScroll={false}
        />
      </div>
      <FileViewer at={at} path={viewing} onClose={() => setViewing(null)} />
      <ChangeDialog
        action={action}
        libraryId={id}
        branch={branch}
        path={path}
        baseCommit={list.data?.commit}
        folders={treeData}
        onSaved={() => {
          setAction(null);
          setSelected([]);
        }}
        onClose={() => setAction(null)}
      />
    </div>
  );
}
