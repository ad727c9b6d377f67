import { useMutation, useQueryClient } from '@tanstack/react-query';
import { entityKeys } from '../../../api/query-keys';
import { type PublicationListParams, type PublicationSave, publicationApi } from './publication-api';

/** The publication data layer (see shared/form/README.md). */
const keys = entityKeys<PublicationListParams>('publish', 'publication');
export const publicationKeys = { ...keys, choices: (libraryId: number, branch: string) => [...keys.all, 'choices', libraryId, branch] as const };

export const publicationQueries = {
  list: (params: PublicationListParams) => ({ queryKey: publicationKeys.list(params), queryFn: () => publicationApi.list(params) }),
  detail: (id: number) => ({ queryKey: publicationKeys.detail(id), queryFn: () => publicationApi.get(id) }),
  choices: (libraryId: number, branch: string) => ({
    queryKey: publicationKeys.choices(libraryId, branch),
    queryFn: () => publicationApi.choices({ libraryId, branch }),
  }),
};

export function useSavePublication() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PublicationSave) => publicationApi.save(body),
    onSuccess: () => client.invalidateQueries({ queryKey: publicationKeys.all }),
  });
}

export function useDeletePublications() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly number[]) => publicationApi.remove(ids),
    onSuccess: () => client.invalidateQueries({ queryKey: publicationKeys.all }),
  });
}
