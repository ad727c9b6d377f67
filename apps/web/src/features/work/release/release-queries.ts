import type { ReleaseBody, ReleaseUpdate } from '@ccms/contracts/work/release';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { entityKeys } from '../../../api/query-keys';
import type { PageParams } from '../../../shared/list/query';
import { type ReleaseFilters, releaseApi } from './release-api';

export type ReleaseListParams = ReleaseFilters & PageParams;

const keys = entityKeys<ReleaseListParams>('work', 'release');
/** The release data layer (see shared/form/README.md). */
export const releaseKeys = { ...keys, options: (projectId: number) => [...keys.all, 'options', projectId] as const };

export const releaseQueries = {
  list: (params: ReleaseListParams) => ({ queryKey: releaseKeys.list(params), queryFn: () => releaseApi.list(params) }),
  detail: (id: number) => ({ queryKey: releaseKeys.detail(id), queryFn: () => releaseApi.get(id) }),
};

/** The releases of a project, for pickers. */
export const useReleaseOptions = (projectId: number | null | undefined, enabled = true) =>
  useQuery({ queryKey: releaseKeys.options(projectId ?? 0), queryFn: () => releaseApi.options(projectId ?? 0), enabled: enabled && !!projectId });

/** Adds when the body has no `id`, else updates. */
export function useSaveRelease() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ReleaseBody | ReleaseUpdate) => ('id' in body ? releaseApi.update(body) : releaseApi.add(body)),
    onSuccess: () => client.invalidateQueries({ queryKey: releaseKeys.all }),
  });
}

export function useDeleteReleases() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly number[]) => releaseApi.remove(ids),
    onSuccess: () => client.invalidateQueries({ queryKey: releaseKeys.all }),
  });
}
