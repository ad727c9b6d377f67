import type { SearchQuery } from '@ccms/contracts/content/search';
import type { EditorNewBody, EditorSaveBody } from '@ccms/contracts/content/topic-editor';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { entityKeys } from '../../../api/query-keys';
import { useDebounced } from '../../../shared/use-debounced';
import { documentApi } from '../document/document-api';
import { documentKeys } from '../document/document-queries';
import { searchApi } from '../search/search-api';
import { topicKeys } from '../topic/topic-queries';
import { takeEarlyOpen, takeSettledEarlyOpen } from './early-open';
import { type CodeQuery, type KeysQuery, type Target, type TargetsQuery, topicEditorApi } from './topic-editor-api';

/**
 * The topic editor's data layer: keys under `content/topic-editor`. A save or a new topic also
 * refreshes the catalogue (`content/topic`, `content/document`), whose status and history move.
 */
const keys = entityKeys<never, Target>('content', 'topic-editor');
export const topicEditorKeys = {
  ...keys,
  open: (target: Target) => keys.detail(target),
  targets: (query: TargetsQuery) => [...keys.all, 'targets', query] as const,
  keys: (query: KeysQuery) => [...keys.all, 'keys', query] as const,
  grammar: (target: Target) => [...keys.all, 'grammar', target] as const,
  /** One rendering per settled edit count (the content itself is read when the query runs). */
  preview: (target: Target, version: number, filterGroup: string | undefined, applic?: Record<string, string> | null) =>
    [...keys.all, 'preview', target, version, filterGroup ?? '', applic ?? null] as const,
  problems: (target: Target, version: number) => [...keys.all, 'problems', target, version] as const,
  toc: (documentId: number) => [...keys.all, 'toc', documentId] as const,
  search: (query: SearchQuery) => [...keys.all, 'search', query] as const,
  dmRefs: (query: CodeQuery) => [...keys.all, 'dm-refs', query] as const,
  cirItems: (query: CodeQuery) => [...keys.all, 'cir-items', query] as const,
};

export const topicEditorQueries = {
  open: (target: Target) => ({
    queryKey: topicEditorKeys.open(target),
    // The answer asked for at boot when the app was loaded on this topic; asked again if that one failed.
    queryFn: () => takeEarlyOpen(target)?.catch(() => topicEditorApi.open(target)) ?? topicEditorApi.open(target),
  }),
  targets: (query: TargetsQuery) => ({ queryKey: topicEditorKeys.targets(query), queryFn: () => topicEditorApi.targets(query) }),
  keys: (query: KeysQuery) => ({ queryKey: topicEditorKeys.keys(query), queryFn: () => topicEditorApi.keys(query) }),
  /** The library's data modules by code or title (the dmRef pickers). */
  dmRefs: (query: CodeQuery) => ({ queryKey: topicEditorKeys.dmRefs(query), queryFn: () => topicEditorApi.dmRefs(query) }),
  /** CIR items by key. */
  cirItems: (query: CodeQuery) => ({ queryKey: topicEditorKeys.cirItems(query), queryFn: () => topicEditorApi.cirItems(query) }),
};

/** The topic as committed (and the caller's draft); read once per opening, never refetched under the writer. */
export const useEditorDocument = (target: Target | null) =>
  useQuery({
    ...topicEditorQueries.open(target ?? { libraryId: 0, path: '' }),
    // The boot's answer when it is already in (read once, when the query is made).
    initialData: () => (target ? takeSettledEarlyOpen(target) : undefined),
    enabled: target !== null,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    retry: false,
  });

/** An S1000D object's completion grammar (from the installed XSD); asked only for S1000D objects, kept for the session. */
export const useS1000dGrammar = (target: Target, enabled: boolean) =>
  useQuery({
    queryKey: topicEditorKeys.grammar(target),
    queryFn: () => topicEditorApi.grammar(target),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    retry: false,
  });

/** How long typing pauses before a target search goes out. */
const TARGET_SEARCH_DEBOUNCE_MS = 250;

/**
 * Catalogue targets (topics and elements) for the text typed now, asked once typing pauses. `rows`
 * stays empty until the answer to exactly that text is in: an earlier answer left on screen moves
 * under the pointer when the new one comes, and a click picks another row or none.
 */
export function useTargetSearch(text: string, query: Omit<TargetsQuery, 'q'>, enabled = true) {
  const typed = text.trim();
  const q = useDebounced(typed, TARGET_SEARCH_DEBOUNCE_MS);
  const targets = useQuery({ ...topicEditorQueries.targets({ ...query, q }), enabled, placeholderData: keepPreviousData });
  const settled = q === typed && !targets.isPlaceholderData && !targets.isLoading;
  return { rows: settled ? (targets.data ?? []) : [], settled };
}

/** The preview of the unsaved content: DITA with a filter group; an S1000D module for the product chosen in the applicability preview (`applic`). */
export const usePreview = (
  target: Target,
  version: number,
  filterGroup: string | undefined,
  readContent: () => string,
  applic?: Record<string, string> | null,
) =>
  useQuery({
    queryKey: topicEditorKeys.preview(target, version, filterGroup, applic),
    queryFn: () =>
      topicEditorApi.preview({ ...target, content: readContent(), ...(filterGroup ? { filterGroup } : {}), ...(applic ? { applicAssignment: applic } : {}) }),
    placeholderData: keepPreviousData,
    gcTime: 0,
    retry: false,
  });

/** Structure diagnostics of the unsaved content (broken references among them), once edits settle. */
export const useProblems = (target: Target, version: number, readContent: () => string, enabled: boolean) =>
  useQuery({
    queryKey: topicEditorKeys.problems(target, version),
    queryFn: () => topicEditorApi.validate({ ...target, content: readContent() }),
    placeholderData: keepPreviousData,
    gcTime: 0,
    retry: false,
    enabled,
  });

/** The contents of the document the topic was opened from (the left toc tab). */
export const useDocumentToc = (documentId: number | undefined) =>
  useQuery({ queryKey: topicEditorKeys.toc(documentId ?? 0), queryFn: () => documentApi.toc(documentId ?? 0), enabled: documentId !== undefined });

/** Library search from the left tab (a hit inserts an xref). */
export const useLibrarySearch = (query: SearchQuery) =>
  useQuery({
    queryKey: topicEditorKeys.search(query),
    queryFn: ({ signal }) => searchApi.search(query, signal),
    enabled: query.q.length > 0,
    placeholderData: keepPreviousData,
  });

export const useEditorKeys = (query: KeysQuery, enabled = true) => useQuery({ ...topicEditorQueries.keys(query), enabled });

/** The catalogue shows status, history and where-used of the saved topic, and document screens show its title and status: read them again. */
function useInvalidateCatalogue() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: topicKeys.all }), client.invalidateQueries({ queryKey: documentKeys.all })]);
}

export function useSaveTopic() {
  const invalidate = useInvalidateCatalogue();
  return useMutation({
    mutationFn: (body: EditorSaveBody) => topicEditorApi.save(body),
    onSuccess: (outcome) => {
      if (outcome.kind === 'saved') void invalidate();
    },
  });
}

export function useCreateTopic() {
  const invalidate = useInvalidateCatalogue();
  return useMutation({ mutationFn: (body: z.input<typeof EditorNewBody>) => topicEditorApi.create(body), onSuccess: () => void invalidate() });
}
