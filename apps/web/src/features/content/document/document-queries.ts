import type { DocumentProps } from '@ccms/contracts/content/document';
import type { RevisionBody } from '@ccms/contracts/content/document-revision';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { entityKeys } from '../../../api/query-keys';
import type { PageParams } from '../../../shared/list/query';
import { type ComparePair, type DocumentListParams, documentApi } from './document-api';

/**
 * The document data layer: lists, details and every tab's data under `documentKeys.all`. Changes
 * that reach topics and search too (status, import, fast create, reindex) are in
 * `catalog/catalog-queries.ts`.
 */
const keys = entityKeys<DocumentListParams>('content', 'document');
export const documentKeys = {
  ...keys,
  toc: (id: number) => [...keys.all, 'toc', id] as const,
  connections: (id: number) => [...keys.all, 'connections', id] as const,
  outputs: (id: number, page: PageParams) => [...keys.all, 'outputs', id, page] as const,
  revisions: (id: number, page: PageParams) => [...keys.all, 'revisions', id, page] as const,
  compare: (id: number, pair: ComparePair | null) => [...keys.all, 'compare', id, pair] as const,
  compareTopic: (id: number, pair: ComparePair | null, path: string | null) => [...keys.all, 'compareTopic', id, pair, path] as const,
};

/** Query definitions, for `useQuery` and `<ListPage listQuery>`. */
export const documentQueries = {
  list: (params: DocumentListParams) => ({ queryKey: documentKeys.list(params), queryFn: () => documentApi.list(params) }),
  detail: (id: number) => ({ queryKey: documentKeys.detail(id), queryFn: () => documentApi.get(id) }),
};

export const useDocument = (id: number, enabled = true) => useQuery({ ...documentQueries.detail(id), enabled });

/** The document of the map at `path` of a library branch (the map editor's), or null when the catalogue has none. */
export const useDocumentAt = (libraryId: number, branch: string, path: string) => {
  const params: DocumentListParams = { libraryId, branch, name: path, pageNum: 1, pageSize: 50 };
  return useQuery({
    queryKey: [...documentKeys.list(params), 'at', path],
    queryFn: async () => (await documentApi.list(params)).rows.find((d) => d.path === path) ?? null,
  });
};

export const useDocumentToc = (id: number) => useQuery({ queryKey: documentKeys.toc(id), queryFn: () => documentApi.toc(id) });

export const useDocumentConnections = (id: number) => useQuery({ queryKey: documentKeys.connections(id), queryFn: () => documentApi.connections(id) });

export const useDocumentRevisions = (id: number, page: PageParams) =>
  useQuery({ queryKey: documentKeys.revisions(id, page), queryFn: () => documentApi.revisions(id, page), placeholderData: keepPreviousData });

/** The topics changed between two versions (asked once both are chosen). */
export const useDocumentCompare = (id: number, pair: ComparePair | null) =>
  useQuery({ queryKey: documentKeys.compare(id, pair), queryFn: () => documentApi.compare(id, pair ?? { from: '', to: '' }), enabled: pair !== null });

/** One changed topic of a comparison, side by side. */
export const useDocumentCompareTopic = (id: number, pair: ComparePair | null, path: string | null) =>
  useQuery({
    queryKey: documentKeys.compareTopic(id, pair, path),
    queryFn: () => documentApi.compareTopic(id, pair ?? { from: '', to: '' }, path ?? ''),
    enabled: pair !== null && path !== null,
  });

function useInvalidateDocuments() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: documentKeys.all });
}

/** Saves a document's database metadata (owner, progress, category, ...). */
export function useUpdateDocument() {
  const invalidate = useInvalidateDocuments();
  return useMutation({ mutationFn: (body: DocumentProps) => documentApi.update(body), onSuccess: invalidate });
}

/** Names the document's current version (a git tag); the revision list and the detail change. */
export function useAddRevision(id: number) {
  const invalidate = useInvalidateDocuments();
  return useMutation({ mutationFn: (body: z.input<typeof RevisionBody>) => documentApi.addRevision(id, body), onSuccess: invalidate });
}

/** Reads a zip's maps before an import (writes nothing). */
export const useInspectImport = (libraryId: number) => useMutation({ mutationFn: (zip: File) => documentApi.inspectImport(libraryId, zip) });
