import { z } from 'zod';
import { endpoint } from '../endpoint';
import { okOf, qInt } from '../http';
import { EditorProblem } from './problem';

/** Permission strings of the explorer (seeded menu buttons). */
export const ExplorerPerm = {
  list: 'ccms:explorer:list',
  query: 'ccms:explorer:query',
  add: 'ccms:explorer:add',
  edit: 'ccms:explorer:edit',
  remove: 'ccms:explorer:remove',
  upload: 'ccms:explorer:upload',
} as const;

/**
 * A path inside a library, relative, "/"-separated. The server normalises it and refuses "..",
 * absolute paths, NUL and backslashes with a 400.
 */
export const RepoPath = z.string().max(1000).describe('path inside the library, e.g. topics/intro.dita');

/** Which library and which branch or commit to read. */
export const AtRef = z.object({
  libraryId: qInt.positive().describe('id of a library (GET /ccms/library/list)'),
  ref: z.string().trim().max(200).optional().describe('branch name or commit id; the default branch when absent'),
});

export const TreeQuery = AtRef;
export const FolderNode: z.ZodType<FolderNode> = z.lazy(() => z.object({ name: z.string(), path: z.string(), children: z.array(FolderNode) }));
export interface FolderNode {
  name: string;
  path: string;
  children: FolderNode[];
}
export const FolderTree = z.object({ commit: z.string(), stale: z.boolean(), tree: FolderNode });

export const FilesQuery = AtRef.extend({
  path: RepoPath.default('').describe('path inside the library, e.g. topics/intro.dita'),
  pageNum: qInt.min(1).default(1),
  pageSize: qInt.min(1).max(1000).default(100),
});

export const FileRow = z.object({
  name: z.string(),
  path: z.string(),
  type: z.enum(['file', 'folder']),
  size: z.number().nullable(),
  commit: z.string().nullable(),
  author: z.string().nullable(),
  date: z.string().nullable(),
  message: z.string().nullable(),
});
export type FileRow = z.infer<typeof FileRow>;

/** Folder listing: folders first, then files, paged; the commit read is echoed. */
export const FileList = z.object({ code: z.number(), msg: z.string(), rows: z.array(FileRow), total: z.number(), commit: z.string(), stale: z.boolean() });

export const FileQuery = AtRef.extend({ path: RepoPath.describe('path inside the library, e.g. topics/intro.dita') });
export const DownloadQuery = FileQuery.extend({ inline: z.enum(['true', 'false']).optional().describe('show in the browser instead of saving') });

export const FileContent = z.object({
  path: z.string(),
  commit: z.string(),
  size: z.number(),
  contentType: z.string(),
  encoding: z.enum(['utf8', 'base64']),
  content: z.string(),
  /** True when the remote could not be reached and the file comes from the last fetch. */
  stale: z.boolean(),
});

export const HistoryQuery = FileQuery.extend({ limit: qInt.min(1).max(200).default(50) });
export const CommitRow = z.object({ commit: z.string(), author: z.string(), email: z.string(), date: z.string(), message: z.string() });

const Message = z.string().trim().min(1).max(2000).describe('commit message');
const WriteBase = z.object({
  libraryId: z.number().int().positive().describe('id of a library (GET /ccms/library/list)'),
  branch: z.string().trim().max(200).optional().describe('git branch of the library (its default branch when absent)'),
  message: Message,
});

/**
 * The commit the caller read the paths at: a change to any of them since then answers 409
 * instead of overwriting someone else's work.
 */
const BaseCommit = z
  .string()
  .regex(/^[0-9a-f]{40}$/, { message: 'field.invalidFormat' })
  .describe('commit the file or listing was read at (FileContent.commit, FileList.commit)');

export const NewFolderBody = WriteBase.extend({ path: RepoPath.min(1).describe('path inside the library, e.g. topics/intro.dita') });
export const RenameBody = WriteBase.extend({
  path: RepoPath.min(1).describe('path inside the library, e.g. topics/intro.dita'),
  newName: z.string().trim().min(1).max(255).describe('new file or folder name (no slashes)'),
  baseCommit: BaseCommit,
});
export const MoveBody = WriteBase.extend({
  paths: z.array(RepoPath.min(1)).min(1).max(500).describe('paths inside the library'),
  target: RepoPath.describe('destination folder path inside the library'),
  baseCommit: BaseCommit,
});
export const DeleteBody = WriteBase.extend({ paths: z.array(RepoPath.min(1)).min(1).max(500).describe('paths inside the library'), baseCommit: BaseCommit });
export const SaveFileBody = WriteBase.extend({
  path: RepoPath.min(1).describe('path inside the library, e.g. topics/intro.dita'),
  content: z.string().max(20 * 1024 * 1024),
  baseCommit: BaseCommit,
});

export const CommitResult = z.object({ commit: z.string(), branch: z.string(), paths: z.array(z.string()) });
/** PUT /ccms/explorer/file: the commit, with the problems that did not refuse the save (errors the file already had, as warnings). */
export const SaveFileResult = CommitResult.extend({ warnings: z.array(EditorProblem) });

/**
 * Text fields of an upload form (files travel as multipart parts named "file"). The fields come
 * before the files: the server checks them and the caller's write level before reading any file.
 */
export const UploadFields = z.object({
  libraryId: qInt.positive().describe('id of a library (GET /ccms/library/list)'),
  branch: z.string().trim().max(200).optional().describe('git branch of the library (its default branch when absent)'),
  path: RepoPath.default('').describe('target folder'),
  message: z.string().trim().min(1).max(2000).describe('commit message'),
});

const Binary = z.unknown().describe('file content, or a zip of a folder');

const tag = 'content/explorer';

/** The file explorer API: each endpoint's URL, method, access and schemas, for the server's routes and the web's calls. */
export const ExplorerApi = {
  tree: endpoint({
    method: 'GET',
    url: '/ccms/explorer/tree',
    access: { permission: ExplorerPerm.list },
    summary: 'List the folder tree of a library branch',
    tag,
    query: TreeQuery,
    response: okOf(FolderTree),
  }),
  list: endpoint({
    method: 'GET',
    url: '/ccms/explorer/list',
    access: { permission: ExplorerPerm.list },
    summary: 'List the files of a folder in a library branch',
    tag,
    query: FilesQuery,
    response: FileList,
  }),
  read: endpoint({
    method: 'GET',
    url: '/ccms/explorer/file',
    access: { permission: ExplorerPerm.query },
    summary: "Read a file's content from a library branch",
    tag,
    query: FileQuery,
    response: okOf(FileContent),
  }),
  history: endpoint({
    method: 'GET',
    url: '/ccms/explorer/history',
    access: { permission: ExplorerPerm.query },
    summary: 'List the commit history of a file or folder',
    tag,
    query: HistoryQuery,
    response: okOf(z.array(CommitRow)),
  }),
  download: endpoint({
    method: 'GET',
    url: '/ccms/explorer/download',
    access: { permission: ExplorerPerm.query },
    summary: 'Download a file or a folder (as zip) from a library branch',
    tag,
    query: DownloadQuery,
    response: Binary,
  }),
  newFolder: endpoint({
    method: 'POST',
    url: '/ccms/explorer/folder',
    access: { permission: ExplorerPerm.add },
    summary: 'Create a folder in a library branch',
    tag,
    body: NewFolderBody,
    response: okOf(CommitResult),
  }),
  save: endpoint({
    method: 'PUT',
    url: '/ccms/explorer/file',
    access: { permission: ExplorerPerm.edit },
    summary:
      "Save a file's content (commits to the library branch; DITA and XML files are validated first: only errors the edit brings refuse it, those already in the file come back as warnings)",
    tag,
    body: SaveFileBody,
    response: okOf(SaveFileResult),
  }),
  rename: endpoint({
    method: 'PUT',
    url: '/ccms/explorer/rename',
    access: { permission: ExplorerPerm.edit },
    summary: 'Rename a file or folder',
    tag,
    body: RenameBody,
    response: okOf(CommitResult),
  }),
  move: endpoint({
    method: 'PUT',
    url: '/ccms/explorer/move',
    access: { permission: ExplorerPerm.edit },
    summary: 'Move files or folders to another folder',
    tag,
    body: MoveBody,
    response: okOf(CommitResult),
  }),
  remove: endpoint({
    method: 'DELETE',
    url: '/ccms/explorer',
    access: { permission: ExplorerPerm.remove },
    summary: 'Delete files or folders',
    tag,
    body: DeleteBody,
    response: okOf(CommitResult),
  }),
  upload: endpoint({
    method: 'POST',
    url: '/ccms/explorer/upload',
    access: { permission: ExplorerPerm.upload },
    summary: 'Upload files (multipart) into a folder',
    tag,
    response: okOf(CommitResult),
  }),
  uploadPackage: endpoint({
    method: 'POST',
    url: '/ccms/explorer/uploadPackage',
    access: { permission: ExplorerPerm.upload },
    summary: 'Upload a zip package (multipart) and unpack it into a folder',
    tag,
    response: okOf(CommitResult),
  }),
};
