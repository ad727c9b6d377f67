import type { TextDiff } from '@ccms/contracts/content/catalog';
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
import { byUrl, type DataBody } from '../../../api/client';
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
  list: (query: DocumentListParams) => catalogPage<DocumentRow>('/ccms/document/list', query),
  get: (id: number) => byUrl.one<DocumentDetail>(`/ccms/document/${id}`, undefined, { silent: true }),
  toc: (id: number) => byUrl.one<DocumentToc>(`/ccms/document/${id}/toc`),
  update: (body: DocumentProps) => byUrl.put('/ccms/document', body),
  connections: (id: number) => byUrl.one<DocumentConnections>(`/ccms/document/${id}/connections`),
  outputs: (id: number, page: PageParams) => byUrl.list<DocumentOutput>(`/ccms/document/${id}/outputs`, page),
  revisions: (id: number, page: PageParams) => byUrl.list<RevisionRow>(`/ccms/document/${id}/revisions`, page),
  /** Silent: the dialog shows the server's words ("Revision {revision} already exist!") itself. */
  addRevision: (id: number, body: z.input<typeof RevisionBody>) =>
    byUrl.post<DataBody<RevisionRow>>(`/ccms/document/${id}/revision`, body, { silent: true }).then((r) => r.data),
  compare: (id: number, { from, to }: ComparePair) => byUrl.one<DocumentCompare>(`/ccms/document/${id}/compare`, { from, to }),
  compareTopic: (id: number, { from, to }: ComparePair, path: string) => byUrl.one<TextDiff>(`/ccms/document/${id}/compare/topic`, { from, to, path }),
  setStatus: (id: number, body: z.input<typeof DocumentStatusBody>) =>
    byUrl.put<DataBody<StatusChange>>(`/ccms/document/${id}/status`, body).then((r) => r.data),
  setNodeStatus: (id: number, body: z.input<typeof TocNodeStatusBody>) =>
    byUrl.put<DataBody<StatusChange>>(`/ccms/document/${id}/node/status`, body).then((r) => r.data),
  inspectImport: (libraryId: number, file: File) =>
    byUrl.post<DataBody<ImportInspect>>('/ccms/document/import/inspect', importForm({ libraryId }, file), { ...multipart, silent: true }).then((r) => r.data),
  importZip: (fields: z.input<typeof ImportFields>, file: File) =>
    byUrl.post<DataBody<ImportResult>>('/ccms/document/import', importForm(fields, file), { ...multipart, silent: true }).then((r) => r.data),
  fastCreate: (body: z.input<typeof FastCreateBody>) =>
    byUrl.post<DataBody<FastCreateResult>>('/ccms/document/fastCreate', body, { silent: true }).then((r) => r.data),
};
