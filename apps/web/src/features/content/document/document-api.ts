import type { CatalogScope, CatalogState, ReindexResult, TextDiff } from '@ccms/contracts/content/catalog';
import type {
  DocumentCompare,
  DocumentConnections,
  DocumentDetail,
  DocumentOutput,
  DocumentProps,
  DocumentQuery,
  DocumentRow,
  DocumentToc,
  FastCreateBody,
  FastCreateResult,
  ImportFields,
  ImportInspect,
  ImportResult,
  RevisionBody,
  RevisionRow,
} from '@ccms/contracts/content/document';
import type { DocumentStatusBody, StatusChange, TocNodeStatusBody } from '@ccms/contracts/content/status';
import type { z } from 'zod';
import { type ApiEnvelope, api } from '../../../api/client';
import type { PageParams, PageResult } from '../../../shared/list/query';

type Data<T> = ApiEnvelope & { data: T };
/** A catalogue list: rows and total plus the index they were read from. */
export type CatalogPage<T> = PageResult<T> & { commit: string; branch: string; libraryId: number; indexedAt: string | Date | null };

export type DocumentFilters = Pick<DocumentQuery, 'docNbr' | 'name' | 'status' | 'owner' | 'lang'>;
export type Scope = { libraryId: number; branch?: string };

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

/** The index of a library branch (server: modules/content/catalog). */
export const catalogApi = {
  state: (scope: CatalogScope) => api.get<Data<CatalogState>>('/ccms/catalog/state', scope, { silent: true }).then((r) => r.data),
  reindex: (scope: CatalogScope, full = false) =>
    api
      .post<Data<ReindexResult>>('/ccms/catalog/reindex', undefined, { params: { ...scope, ...(full ? { full: 'true' } : {}) }, repeatSubmit: false })
      .then((r) => r.data),
};

/** Documents: the maps of a branch (server: modules/content/document). */
export const documentApi = {
  list: (query: DocumentFilters & Scope & PageParams) => api.get<ApiEnvelope & CatalogPage<DocumentRow>>('/ccms/document/list', query),
  get: (id: number) => api.get<Data<DocumentDetail>>(`/ccms/document/${id}`, undefined, { silent: true }).then((r) => r.data),
  toc: (id: number) => api.get<Data<DocumentToc>>(`/ccms/document/${id}/toc`).then((r) => r.data),
  update: (body: DocumentProps) => api.put('/ccms/document', body),
  connections: (id: number) => api.get<Data<DocumentConnections>>(`/ccms/document/${id}/connections`).then((r) => r.data),
  outputs: (id: number, page: PageParams) => api.get<ApiEnvelope & PageResult<DocumentOutput>>(`/ccms/document/${id}/outputs`, page),
  revisions: (id: number, page: PageParams) => api.get<ApiEnvelope & PageResult<RevisionRow>>(`/ccms/document/${id}/revisions`, page),
  /** Silent: the dialog shows the server's words ("Revision {revision} already exist!") itself. */
  addRevision: (id: number, body: z.input<typeof RevisionBody>) =>
    api.post<Data<RevisionRow>>(`/ccms/document/${id}/revision`, body, { silent: true }).then((r) => r.data),
  compare: (id: number, from: string, to: string) => api.get<Data<DocumentCompare>>(`/ccms/document/${id}/compare`, { from, to }).then((r) => r.data),
  compareTopic: (id: number, from: string, to: string, path: string) =>
    api.get<Data<TextDiff>>(`/ccms/document/${id}/compare/topic`, { from, to, path }).then((r) => r.data),
  setStatus: (id: number, body: z.input<typeof DocumentStatusBody>) => api.put<Data<StatusChange>>(`/ccms/document/${id}/status`, body).then((r) => r.data),
  setNodeStatus: (id: number, body: z.input<typeof TocNodeStatusBody>) =>
    api.put<Data<StatusChange>>(`/ccms/document/${id}/node/status`, body).then((r) => r.data),
  inspectImport: (libraryId: number, file: File) =>
    api.post<Data<ImportInspect>>('/ccms/document/import/inspect', importForm({ libraryId }, file), { ...multipart, silent: true }).then((r) => r.data),
  importZip: (fields: z.input<typeof ImportFields>, file: File) =>
    api.post<Data<ImportResult>>('/ccms/document/import', importForm(fields, file), { ...multipart, silent: true }).then((r) => r.data),
  fastCreate: (body: z.input<typeof FastCreateBody>) =>
    api.post<Data<FastCreateResult>>('/ccms/document/fastCreate', body, { silent: true }).then((r) => r.data),
};
