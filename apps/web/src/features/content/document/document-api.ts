import type { DocumentProps } from '@ccms/contracts/content/document';
import { DocumentApi, type DocumentQuery, type FastCreateBody, type ImportFields } from '@ccms/contracts/content/document';
import { DocumentRevisionApi, type RevisionBody } from '@ccms/contracts/content/document-revision';
import type { DocumentStatusBody, TocNodeStatusBody } from '@ccms/contracts/content/status';
import type { z } from 'zod';
import { api } from '../../../api/client';
import type { PageParams } from '../../../shared/list/query';
import { catalogPage } from '../catalog/catalog-api';

export type { CatalogPage } from '../catalog/catalog-api';
export type DocumentFilters = Pick<DocumentQuery, 'docNbr' | 'name' | 'status' | 'owner' | 'lang'>;
export type Scope = { libraryId: number; branch?: string };
export type DocumentListParams = DocumentFilters & Scope & PageParams;
/** Two versions of a document to compare (revision names or commits). */
export interface ComparePair {
  from: string;
  to: string;
}

const multipart = { headers: { 'Content-Type': 'multipart/form-data' }, repeatSubmit: false };

/** Text fields first, then the zip (the server checks the fields before reading the file). */
function importForm(fields: Partial<z.input<typeof ImportFields>>, file: File) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined && value !== null) form.append(key, String(value));
  }
  form.append('file', file, file.name);
  return form;
}

/** Documents: the maps of a branch (server: modules/content/document). Screens use `document-queries.ts`. */
export const documentApi = {
  list: (query: DocumentListParams) => catalogPage(DocumentApi.list, query),
  get: (id: number) => api.one(DocumentApi.get, { path: { id } }, { silent: true }),
  toc: (id: number) => api.one(DocumentApi.toc, { path: { id } }),
  update: (body: DocumentProps) => api.call(DocumentApi.edit, { body }),
  connections: (id: number) => api.one(DocumentApi.connections, { path: { id } }),
  outputs: (id: number, page: PageParams) => api.list(DocumentApi.outputs, { path: { id }, query: page }),
  revisions: (id: number, page: PageParams) => api.list(DocumentRevisionApi.revisions, { path: { id }, query: page }),
  /** Silent: the dialog shows the server's words ("Revision {revision} already exist!") itself. */
  addRevision: (id: number, body: z.input<typeof RevisionBody>) => api.one(DocumentRevisionApi.addRevision, { path: { id }, body }, { silent: true }),
  compare: (id: number, { from, to }: ComparePair) => api.one(DocumentRevisionApi.compare, { path: { id }, query: { from, to } }),
  compareTopic: (id: number, { from, to }: ComparePair, path: string) => api.one(DocumentRevisionApi.compareTopic, { path: { id }, query: { from, to, path } }),
  setStatus: (id: number, body: z.input<typeof DocumentStatusBody>) => api.one(DocumentApi.setStatus, { path: { id }, body }),
  setNodeStatus: (id: number, body: z.input<typeof TocNodeStatusBody>) => api.one(DocumentApi.setNodeStatus, { path: { id }, body }),
  inspectImport: (libraryId: number, file: File) => api.one(DocumentApi.inspect, { body: importForm({ libraryId }, file) }, { ...multipart, silent: true }),
  importZip: (fields: z.input<typeof ImportFields>, file: File) =>
    api.one(DocumentApi.import, { body: importForm(fields, file) }, { ...multipart, silent: true }),
  fastCreate: (body: z.input<typeof FastCreateBody>) => api.one(DocumentApi.fastCreate, { body }, { silent: true }),
};
