import type {
  CommitResult,
  DeleteBody,
  FileContent,
  FileList,
  FileRow,
  FolderTree,
  MoveBody,
  NewFolderBody,
  RenameBody,
} from '@ccms/contracts/content/explorer';
import type { z } from 'zod';
import { type ApiEnvelope, api } from '../../../api/client';
import { downloadGet } from '../../../shared/download';

export type { FileRow };
export type Tree = z.infer<typeof FolderTree>;
export type Listing = z.infer<typeof FileList>;
export type Content = z.infer<typeof FileContent>;
export type Commit = z.infer<typeof CommitResult>;

type Data<T> = ApiEnvelope & { data: T };
export interface At {
  libraryId: number;
  ref?: string;
}

/** Upload parts: the files as "file", then the text fields (server: UploadFields). */
function uploadForm(fields: { libraryId: number; branch?: string; path: string; message: string }, files: readonly File[]) {
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

/** The explorer (server: modules/content/explorer). */
export const explorerApi = {
  tree: (at: At) => api.get<Data<Tree>>('/ccms/explorer/tree', at).then((r) => r.data),
  list: (at: At & { path: string; pageNum: number; pageSize: number }) => api.get<Listing>('/ccms/explorer/list', at),
  file: (at: At & { path: string }) => api.get<Data<Content>>('/ccms/explorer/file', at).then((r) => r.data),
  download: (at: At & { path: string }, fileName: string) => downloadGet('/ccms/explorer/download', at, fileName),
  newFolder: (body: z.input<typeof NewFolderBody>) => api.post<Data<Commit>>('/ccms/explorer/folder', body).then((r) => r.data),
  rename: (body: z.input<typeof RenameBody>) => api.put<Data<Commit>>('/ccms/explorer/rename', body).then((r) => r.data),
  move: (body: z.input<typeof MoveBody>) => api.put<Data<Commit>>('/ccms/explorer/move', body).then((r) => r.data),
  remove: (body: z.input<typeof DeleteBody>) => api.delete<Data<Commit>>('/ccms/explorer', { data: body }).then((r) => r.data),
  upload: (fields: { libraryId: number; branch?: string; path: string; message: string }, files: readonly File[]) =>
    api.post<Data<Commit>>('/ccms/explorer/upload', uploadForm(fields, files), multipart).then((r) => r.data),
  uploadPackage: (fields: { libraryId: number; branch?: string; path: string; message: string }, file: File) =>
    api.post<Data<Commit>>('/ccms/explorer/uploadPackage', uploadForm(fields, [file]), multipart).then((r) => r.data),
};
