import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { entityKeys } from '../../../api/query-keys';
import { releaseLogKeys } from '../../work/release-log/release-log-queries';
import { publishLogKeys } from '../publish-log/publish-log-queries';
import { type OutputListParams, outputApi } from './output-api';

/**
 * The output data layer: publishing and the outputs it makes. A publish or a change invalidates
 * through the keys (`outputKeys.all` covers every output list), and the publish log that lists
 * the publishes too.
 */
export const outputKeys = entityKeys<OutputListParams>('publish', 'output');

export const useOutputs = (params: OutputListParams, enabled = true) =>
  useQuery({ queryKey: outputKeys.list(params), queryFn: () => outputApi.list(params), placeholderData: keepPreviousData, enabled });

export const useOutput = (id: number | undefined) => useQuery({ queryKey: outputKeys.detail(id ?? 0), queryFn: () => outputApi.get(id ?? 0), enabled: !!id });

function useInvalidate(...roots: (readonly unknown[])[]) {
  const client = useQueryClient();
  return () => Promise.all(roots.map((queryKey) => client.invalidateQueries({ queryKey })));
}

export function usePublish() {
  const invalidate = useInvalidate(outputKeys.all, publishLogKeys.all);
  return useMutation({ mutationFn: outputApi.publish, onSuccess: invalidate });
}

export function useCancelOutput() {
  const invalidate = useInvalidate(outputKeys.all, publishLogKeys.all);
  return useMutation({ mutationFn: (id: number) => outputApi.cancel(id), onSuccess: invalidate });
}

export function useDeleteOutputs() {
  const invalidate = useInvalidate(outputKeys.all);
  return useMutation({ mutationFn: (ids: readonly number[]) => outputApi.remove(ids), onSuccess: invalidate });
}

/** Archives an output to a project release: a release log row, so the release logs (and a release's archives) refresh. */
export function useArchiveOutput() {
  const invalidate = useInvalidate(releaseLogKeys.all);
  return useMutation({ mutationFn: outputApi.archive, onSuccess: invalidate });
}

/** Refetches the output lists (a publish ended: its row changed status). */
export function useRefreshOutputs() {
  return useInvalidate(outputKeys.all, publishLogKeys.all);
}
