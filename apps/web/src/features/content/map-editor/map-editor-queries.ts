import type { MapSaveBody } from '@ccms/contracts/content/map-editor';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { entityKeys } from '../../../api/query-keys';
import { documentKeys } from '../document/document-queries';
import { topicKeys } from '../topic/topic-queries';
import type { CodeQuery, Target } from '../topic-editor/topic-editor-api';
import { mapEditorApi } from './map-editor-api';

/** The map editor's data layer: keys under `content/map-editor`; a save refreshes the catalogue too. */
const keys = entityKeys<never, Target>('content', 'map-editor');
export const mapEditorKeys = {
  ...keys,
  open: (target: Target) => keys.detail(target),
  pmRefs: (query: CodeQuery) => [...keys.all, 'pm-refs', query] as const,
};

export const mapEditorQueries = {
  /** The library's publication modules by code or title ("add publication module"). */
  pmRefs: (query: CodeQuery) => ({ queryKey: mapEditorKeys.pmRefs(query), queryFn: () => mapEditorApi.pmRefs(query) }),
};

/** The map as committed (and the caller's draft); read once per opening, never refetched under the writer. */
export const useMapDocument = (target: Target | null) =>
  useQuery({
    queryKey: mapEditorKeys.open(target ?? { libraryId: 0, path: '' }),
    queryFn: () => mapEditorApi.open(target ?? { libraryId: 0, path: '' }),
    enabled: target !== null,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    retry: false,
    gcTime: 0,
  });

export function useSaveMap() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof MapSaveBody>) => mapEditorApi.save(body),
    onSuccess: (outcome) => {
      if (outcome.kind !== 'saved') return;
      void Promise.all([client.invalidateQueries({ queryKey: topicKeys.all }), client.invalidateQueries({ queryKey: documentKeys.all })]);
    },
  });
}
