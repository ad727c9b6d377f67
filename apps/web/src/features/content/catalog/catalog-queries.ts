import type { CatalogScope, ProblemQuery } from '@ccms/contracts/content/catalog';
import type { FastCreateBody, ImportFields } from '@ccms/contracts/content/document';
import type { DocumentStatusBody, TocNodeStatusBody, TopicStatusBody } from '@ccms/contracts/content/status';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { entityKeys } from '../../../api/query-keys';
import { documentApi } from '../document/document-api';
import { documentKeys } from '../document/document-queries';
import { s1000dKeys } from '../s1000d/s1000d-queries';
import { searchKeys } from '../search/search-queries';
import { topicApi } from '../topic/topic-api';
import { topicKeys } from '../topic/topic-queries';
import { catalogApi } from './catalog-api';

/**
 * The catalogue: the index state of a library branch, and every change that reaches more than one
 * of its screens (a reindex, a status, an import, a fast create). Those invalidate the catalogue
 * state, documents, topics and search together.
 */
const keys = entityKeys<CatalogScope>('content', 'catalog');
export const catalogKeys = {
  ...keys,
  state: (scope: CatalogScope) => [...keys.all, 'state', scope] as const,
  problems: (query: ProblemQuery) => [...keys.all, 'problems', query] as const,
};

/** Everything an index answers: catalogue state and problems, documents, topics, search, S1000D applicability. */
const CATALOG_ROOTS = [catalogKeys.all, documentKeys.all, topicKeys.all, searchKeys.all, s1000dKeys.all] as const;

export const useCatalogState = (scope: CatalogScope, enabled: boolean) =>
  useQuery({ queryKey: catalogKeys.state(scope), queryFn: () => catalogApi.state(scope), enabled });

/** A page of the problems of a branch (or of one file, with `path`); the previous page stays while the next loads. */
export const useCatalogProblems = (query: ProblemQuery, enabled = true) =>
  useQuery({ queryKey: catalogKeys.problems(query), queryFn: () => catalogApi.problems(query), enabled, placeholderData: keepPreviousData });

/** Reads every catalogue screen again. */
export function useRefreshCatalog() {
  const client = useQueryClient();
  return () => Promise.all(CATALOG_ROOTS.map((queryKey) => client.invalidateQueries({ queryKey })));
}

/** A mutation whose success refreshes every catalogue screen. */
function useCatalogChange<Vars, Result>(mutationFn: (vars: Vars) => Promise<Result>) {
  const refresh = useRefreshCatalog();
  return useMutation({ mutationFn, onSuccess: () => refresh() });
}

/** Reads the branch again from git (only the changed files). */
export const useReindex = () => useCatalogChange((scope: CatalogScope) => catalogApi.reindex(scope));

export const useSetDocumentStatus = () =>
  useCatalogChange(({ documentId, ...body }: z.input<typeof DocumentStatusBody> & { documentId: number }) => documentApi.setStatus(documentId, body));

export const useSetTopicStatus = () =>
  useCatalogChange(({ topicId, ...body }: z.input<typeof TopicStatusBody> & { topicId: number }) => topicApi.setStatus(topicId, body));

/** The status of the topic behind a toc node of a document. */
export const useSetNodeStatus = () =>
  useCatalogChange(({ documentId, ...body }: z.input<typeof TocNodeStatusBody> & { documentId: number }) => documentApi.setNodeStatus(documentId, body));

/** Imports a zip of a map and its topics. */
export const useImportDocument = () =>
  useCatalogChange(({ fields, file }: { fields: z.input<typeof ImportFields>; file: File }) => documentApi.importZip(fields, file));

/** Creates a map and its topics from an outline. */
export const useFastCreate = () => useCatalogChange((body: z.input<typeof FastCreateBody>) => documentApi.fastCreate(body));
