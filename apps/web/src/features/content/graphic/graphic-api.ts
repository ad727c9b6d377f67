import { GraphicApi, type GraphicList, type GraphicQuery, type ResourceCommit, type ResourceDeleteBody, type Usage } from '@ccms/contracts/content/graphic';
import type { z } from 'zod';
import { api } from '../../../api/client';

export type GraphicPage = z.infer<typeof GraphicList>;
export type GraphicRow = GraphicPage['rows'][number];
export type UsageAnswer = z.infer<typeof Usage>;
export type Commit = z.infer<typeof ResourceCommit>;

export interface UploadFields {
  libraryId: number;
  branch?: string | undefined;
  folder?: string | undefined;
  message?: string | undefined;
  overwrite?: boolean | undefined;
}

/** A resource upload: the text fields first (the server checks them before reading files), then the files as "file". */
export function resourceForm(fields: UploadFields, files: readonly File[]): FormData {
  const form = new FormData();
  form.append('libraryId', String(fields.libraryId));
  if (fields.branch) form.append('branch', fields.branch);
  if (fields.folder) form.append('folder', fields.folder);
  if (fields.message) form.append('message', fields.message);
  if (fields.overwrite) form.append('overwrite', 'true');
  for (const file of files) form.append('file', file, file.name);
  return form;
}

export const multipart = { headers: { 'Content-Type': 'multipart/form-data' }, repeatSubmit: false };

/** Graphics of a library (server: modules/content/graphic). */
export const graphicApi = {
  list: (query: Partial<z.input<typeof GraphicQuery>> & { libraryId: number }) => api.call(GraphicApi.list, { query }),
  usage: (query: { libraryId: number; branch?: string | undefined; path: string }) => api.one(GraphicApi.usage, { query }),
  upload: (fields: UploadFields, files: readonly File[]) => api.one(GraphicApi.upload, { body: resourceForm(fields, files) }, multipart),
  remove: (body: z.input<typeof ResourceDeleteBody>) => api.one(GraphicApi.remove, { body }),
};
