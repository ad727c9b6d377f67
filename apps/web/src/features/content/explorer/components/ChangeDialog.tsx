import { FileZipOutlined, UploadOutlined } from '@ant-design/icons';
import { RenameBody } from '@ccms/contracts/content/explorer';
import { App, Form, Input, TreeSelect, Upload } from 'antd';
import type { UploadFile } from 'antd/es/upload';
import { useTranslation } from 'react-i18next';
import { zodMaxLength, zodRules } from '../../../../shared/form/zod-rules';
import type { Change, FileRow } from '../explorer-api';
import { useCommitChange } from '../explorer-queries';
import { CommitDialog, type CommitValues } from './CommitDialog';

const join = (folder: string, name: string) => (folder ? `${folder}/${name}` : name);
const VALID_NAME = /^(?!\.{1,2}$)[^/\\]+$/;

/** The names of rows, as a commit message or a confirmation lists them. */
export const rowNames = (rows: readonly FileRow[]) => rows.map((r) => r.name).join(', ');

/** A change the explorer asks for in a dialog, each made as one commit. */
export type Action =
  | { kind: 'newFolder' }
  | { kind: 'upload' }
  | { kind: 'package' }
  | { kind: 'rename'; row: FileRow }
  | { kind: 'move'; rows: FileRow[] }
  | { kind: 'delete'; rows: FileRow[] };

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

/** A folder tree node of the move dialog's target picker. */
export interface FolderOption {
  key: string;
  title: string;
  value: string;
  children: FolderOption[];
}

export interface ChangeDialogProps {
  /** The change asked for; null: closed. */
  action: Action | null;
  libraryId: number;
  branch: string | undefined;
  /** The folder on screen: where new folders and uploads go. */
  path: string;
  /** The commit the listing was read at: the server refuses (409) a change to paths changed since. */
  baseCommit: string | undefined;
  folders: FolderOption[];
  onSaved: () => void;
  onClose: () => void;
}

/** The dialog of one change (new folder, upload, package, rename, move, delete): its fields, its default commit message, the commit. */
export function ChangeDialog({ action, libraryId, branch, path, baseCommit: listedAt, folders, onSaved, onClose }: ChangeDialogProps) {
  const { t } = useTranslation('explorer');
  const { message } = App.useApp();
  const commit = useCommitChange();

  /** The change an action's dialog asks for, as the server takes it. */
  const changeOf = (act: Action, values: CommitValues): Change => {
    const base = { libraryId, ...(branch ? { branch } : {}), message: values.message };
    // The commit the listing was read at: the server refuses (409) a change to paths changed since.
    const baseCommit = listedAt ?? '';
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
        return t('messages.move', { names: rowNames(action.rows), target: '…' });
      case 'delete':
        return t('messages.delete', { names: rowNames(action.rows) });
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

  return (
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
      onSaved={onSaved}
      onClose={onClose}
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
          <TreeSelect treeData={folders} treeDefaultExpandAll showSearch />
        </Form.Item>
      )}
      {(action?.kind === 'upload' || action?.kind === 'package') && <FilesField kind={action.kind} message={uploadMessage} />}
    </CommitDialog>
  );
}
