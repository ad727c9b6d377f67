import {
  CloudDownloadOutlined,
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  EyeOutlined,
  FileOutlined,
  FileZipOutlined,
  FolderAddOutlined,
  FolderFilled,
  ReloadOutlined,
  SwapOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { DEFAULT_PAGE_SIZE } from '@ccms/contracts/constants';
import { ExplorerPerm, type FolderNode, RenameBody } from '@ccms/contracts/content/explorer';
import { Alert, App, Breadcrumb, Button, Empty, Form, Input, Select, Space, Table, Tooltip, Tree, TreeSelect, Typography, Upload } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { UploadFile } from 'antd/es/upload';
import dayjs from 'dayjs';
import { type Key, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HasPermi } from '../../../../shared/auth/HasPermi';
import { confirmDialog } from '../../../../shared/confirm';
import { zodMaxLength, zodRules } from '../../../../shared/form/zod-rules';
import { Pagination } from '../../../../shared/list/Pagination';
import { useFetchLibrary, useLibraryAbilities, useLibraryBranches, useLibraryOptions, useLibraryProgress } from '../../library/library-queries';
import { type Change, explorerApi, type FileRow } from '../explorer-api';
import { useCommitChange, useExplorerListing, useExplorerTree, useRefreshExplorer } from '../explorer-queries';
import { CommitDialog, type CommitValues } from './CommitDialog';
import { FileViewer } from './FileViewer';
import '../explorer.css';

const time = (v: string | Date | null | undefined) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm:ss') : '');
const join = (folder: string, name: string) => (folder ? `${folder}/${name}` : name);
const VALID_NAME = /^(?!\.{1,2}$)[^/\\]+$/;

/** The explorer table's least width: selection, name, size, date and actions at their widths, the last commit in what is left. */
const EXPLORER_TABLE_WIDTH = 720;

export function formatSize(bytes: number | null): string {
  if (bytes === null) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

type Action =
  | { kind: 'newFolder' }
  | { kind: 'upload' }
  | { kind: 'package' }
  | { kind: 'rename'; row: FileRow }
  | { kind: 'move'; rows: FileRow[] }
  | { kind: 'delete'; rows: FileRow[] };

interface TreeNodeData {
  key: string;
  title: string;
  value: string;
  children: TreeNodeData[];
}
const toTreeData = (node: FolderNode, rootTitle: string): TreeNodeData => ({
  key: node.path,
  value: node.path,
  title: node.path === '' ? rootTitle : node.name,
  children: node.children.map((c) => toTreeData(c, rootTitle)),
});

/** The files of an upload (several) or a package (one zip); the commit message follows them until the user edits it. */
function FilesField({
  kind,
  message: messageOf,
}: {
  kind: 'upload' | 'package';
  message: (kind: 'upload' | 'package', files: readonly UploadFile[]) => string;
}) {
  const { t } = useTranslation('explorer');
  const { message } = App.useApp();
  const form = Form.useFormInstance<CommitValues>();
  const pick = (e: { fileList: UploadFile[] }) => {
    const files = kind === 'package' ? e.fileList.slice(-1) : e.fileList;
    if (!form.isFieldTouched('message')) form.setFieldValue('message', messageOf(kind, files));
    return files;
  };
  return (
    <Form.Item
      name="files"
      label={kind === 'package' ? t('pickZip') : t('files')}
      valuePropName="fileList"
      getValueFromEvent={pick}
      rules={[{ required: true, type: 'array', min: 1, message: t('filesRequired') }]}
    >
      <Upload.Dragger
        multiple={kind === 'upload'}
        accept={kind === 'package' ? '.zip,application/zip' : undefined}
        beforeUpload={(file) => {
          if (kind === 'package' && !/\.zip$/i.test(file.name)) {
            message.error(t('zipOnly'));
            return Upload.LIST_IGNORE;
          }
          return false;
        }}
      >
        <p className="ant-upload-drag-icon">{kind === 'package' ? <FileZipOutlined /> : <UploadOutlined />}</p>
        <p className="ant-upload-text">{kind === 'package' ? t('pickZip') : t('pickFiles')}</p>
      </Upload.Dragger>
    </Form.Item>
  );
}

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
  const commit = useCommitChange();

  /** The change an action's dialog asks for, as the server takes it. */
  const changeOf = (act: Action, values: CommitValues): Change => {
    const base = { libraryId: id, ...(branch ? { branch } : {}), message: values.message };
    // The commit the listing was read at: the server refuses (409) a change to paths changed since.
    const baseCommit = list.data?.commit ?? '';
    const files = (values.files ?? []).flatMap((f) => (f.originFileObj ? [f.originFileObj] : []));
    switch (act.kind) {
      case 'newFolder':
        return { kind: 'newFolder', body: { ...base, path: join(path, values.name ?? '') } };
      case 'rename':
        return { kind: 'rename', body: { ...base, baseCommit, path: act.row.path, newName: values.name ?? '' } };
      case 'move':
        return { kind: 'move', body: { ...base, baseCommit, paths: act.rows.map((r) => r.path), target: values.target ?? '' } };
      case 'delete':
        return { kind: 'delete', body: { ...base, baseCommit, paths: act.rows.map((r) => r.path) } };
      case 'upload':
        return { kind: 'upload', fields: { ...base, path }, files };
      case 'package': {
        const [zip] = files;
        if (!zip) throw new Error(t('filesRequired'));
        return { kind: 'package', fields: { ...base, path }, file: zip };
      }
    }
  };

  const names = (rows: readonly FileRow[]) => rows.map((r) => r.name).join(', ');
  const defaultMessage = (): string => {
    if (!action) return '';
    switch (action.kind) {
      case 'newFolder':
        return t('messages.newFolder', { path: path || '/' });
      case 'upload':
      case 'package':
        return uploadMessage(action.kind, []);
      case 'rename':
        return t('messages.rename', { from: action.row.name, to: '…' });
      case 'move':
        return t('messages.move', { names: names(action.rows), target: '…' });
      case 'delete':
        return t('messages.delete', { names: names(action.rows) });
    }
  };
  const uploadMessage = (kind: 'upload' | 'package', files: readonly UploadFile[]) =>
    kind === 'package'
      ? t('messages.uploadPackage', { name: files[0]?.name ?? '…' })
      : t('messages.upload', { names: files.map((f) => f.name).join(', ') || '…' });
  const titles: Record<Action['kind'], string> = {
    newFolder: t('newFolder'),
    upload: t('upload'),
    package: t('uploadPackage'),
    rename: t('rename'),
    move: t('move'),
    delete: t('deleteTitle'),
  };

  const askDelete = async (rows: FileRow[]) => {
    if (rows.length === 0) return;
    if (await confirmDialog(t('confirmDelete', { names: names(rows) }), { type: 'danger' })) setAction({ kind: 'delete', rows });
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

  const columns: ColumnsType<FileRow> = [
    {
      key: 'name',
      title: t('name'),
      dataIndex: 'name',
      width: 200,
      ellipsis: true,
      render: (_: unknown, row) => (
        <Space className="ccms-explorer-name" onClick={() => (row.type === 'folder' ? openFolder(row.path) : setViewing(row.path))}>
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
    { key: 'date', title: t('date'), dataIndex: 'date', width: 170, responsive: ['md'], render: time },
    {
      key: 'actions',
      title: tc('operation'),
      width: 140,
      fixed: 'right',
      render: (_: unknown, row) => (
        <Space size={0}>
          {row.type === 'file' && (
            <Tooltip title={t('view')}>
              <Button type="link" size="small" icon={<EyeOutlined />} aria-label={t('view')} onClick={() => setViewing(row.path)} />
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
                  <Button type="link" size="small" icon={<EditOutlined />} aria-label={t('rename')} onClick={() => setAction({ kind: 'rename', row })} />
                </Tooltip>
              </HasPermi>
              <HasPermi value={[ExplorerPerm.remove]}>
                <Tooltip title={tc('delete')}>
                  <Button type="link" size="small" danger icon={<DeleteOutlined />} aria-label={tc('delete')} onClick={() => askDelete([row])} />
                </Tooltip>
              </HasPermi>
            </>
          )}
        </Space>
      ),
    },
  ];

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
        {stale && <Alert type="warning" showIcon title={t('stale', { time: time(lastFetch) || t('neverFetched') })} />}
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
            {lastFetch ? t('lastFetch', { time: time(lastFetch) }) : t('neverFetched')}
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
      <CommitDialog
        open={action !== null}
        title={action ? titles[action.kind] : ''}
        defaults={{
          message: defaultMessage(),
          ...(action?.kind === 'rename' ? { name: action.row.name } : {}),
          ...(action?.kind === 'move' ? { target: path } : {}),
        }}
        save={async (values) => {
          if (!action) return;
          const r = await commit.mutateAsync(changeOf(action, values));
          message.success(t('committed', { commit: r.commit.slice(0, 8) }));
        }}
        onSaved={() => {
          setAction(null);
          setSelected([]);
        }}
        onClose={() => setAction(null)}
      >
        {(action?.kind === 'newFolder' || action?.kind === 'rename') && (
          <Form.Item
            name="name"
            label={action.kind === 'newFolder' ? t('folderName') : t('newName')}
            rules={[
              ...zodRules(RenameBody, 'newName', action.kind === 'newFolder' ? t('folderName') : t('newName')),
              { pattern: VALID_NAME, message: t('nameInvalid') },
            ]}
          >
            <Input maxLength={zodMaxLength(RenameBody, 'newName')} />
          </Form.Item>
        )}
        {action?.kind === 'move' && (
          <Form.Item name="target" label={t('target')}>
            <TreeSelect treeData={treeData} treeDefaultExpandAll showSearch />
          </Form.Item>
        )}
        {(action?.kind === 'upload' || action?.kind === 'package') && <FilesField kind={action.kind} message={uploadMessage} />}
      </CommitDialog>
    </div>
  );
}
