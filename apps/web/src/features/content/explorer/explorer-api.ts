import {
  type CommitResult,
  type DeleteBody,
  ExplorerApi,
  type FileContent,
  type FileList,
  type FileRow,
  type FilesQuery,
  type FolderTree,
  type MoveBody,
  type NewFolderBody,
  type RenameBody,
} from '@ccms/contracts/content/explorer';
import { urlOf } from '@ccms/contracts/endpoint';
import type { z } from 'zod';
import { api } from '../../../api/client';
import { downloadGet } from '../../../shared/download';

export type { FileRow };
export type Tree = z.infer<typeof FolderTree>;
export type Listing = z.infer<typeof FileList>;
export type Content = z.infer<typeof FileContent>;
export type Commit = z.infer<typeof CommitResult>;
export interface At {
  libraryId: number;
  ref?: string;
}
export type ListingParams = At & Required<Pick<z.input<typeof FilesQuery>, 'path' | 'pageNum' | 'pageSize'>>;
/** The text fields of an upload (server: UploadFields). */
export interface Upload {
  libraryId: number;
  branch?: string;
  path: string;
  message: string;
}

/** Upload parts: the files as "file", then the text fields (server: UploadFields). */
function uploadForm(fields: Upload, files: readonly File[]) {
  const form = new FormData();
  form.append('libraryId', String(fields.libraryId));
  if (fields.branch) form.append('branch', fields.branch);
  form.append('path', fields.path);
  form.append('message', fields.message);
  // A file picked with its folder keeps its relative path (webkitRelativePath) as the name.
  for (const file of files) form.append('file', file, file.webkitRelativePath || file.name);
  return form;
}

const multipart = { headers: { 'Content-Type': 'multipart/form-data' }, repeatSubmit: false };

/** One change to a library, each a commit (the explorer's dialogs build them). */
export type Change =
  | { kind: 'newFolder'; body: z.input<typeof NewFolderBody> }
  | { kind: 'rename'; body: z.input<typeof RenameBody> }
  | { kind: 'move'; body: z.input<typeof MoveBody> }
  | { kind: 'delete'; body: z.input<typeof DeleteBody> }
  | { kind: 'upload'; fields: Upload; files: readonly File[] }
  | { kind: 'package'; fields: Upload; file: File };

/** The explorer (server: modules/content/explorer). Screens use `explorer-queries.ts`. */
export const explorerApi = {
  tree: (at: At) => api.one(ExplorerApi.tree, { query: at }),
  /** The page of a folder plus the commit it was read at (the base of the next change). */
  list: (params: ListingParams) => api.call(ExplorerApi.list, { query: params }),
  file: (at: At & { path: string }) => api.one(ExplorerApi.read, { query: at }),
  download: (at: At & { path: string }, fileName: string) => downloadGet(urlOf(ExplorerApi.download), at, fileName),
  commit: (change: Change): Promise<Commit> => {
    switch (change.kind) {
      case 'newFolder':
        return api.one(ExplorerApi.newFolder, { body: change.body });
      case 'rename':
        return api.one(ExplorerApi.rename, { body: change.body });
      case 'move':
        return api.one(ExplorerApi.move, { body: change.body });
      case 'delete':
        return api.one(ExplorerApi.remove, { body: change.body });
      case 'upload':
        return api.one(ExplorerApi.upload, { body: uploadForm(change.fields, change.files) }, multipart);
      case 'package':
        return api.one(ExplorerApi.uploadPackage, { body: uploadForm(change.fields, [change.file]) }, multipart);
    }
  },
};
