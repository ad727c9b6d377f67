import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { entityKeys } from '../../api/query-keys';
import { releaseLogKeys } from '../work/release-log/release-log-queries';
import { type OutputListParams, type PublicationListParams, type PublicationSave, type PublishLogParams, publishApi, type ViewerParams } from './publish-api';

/**
 * The publish data layer: publications, their outputs, the publish log and the viewer. A publish
 * or a change invalidates through the keys (`outputKeys.all` covers every output list).
 */
const keys = entityKeys<PublicationListParams>('publish', 'publication');
const outputs = entityKeys<OutputListParams>('publish', 'output');
export const outputKeys = outputs;
export const publishLogKeys = entityKeys<PublishLogParams>('publish', 'publishLog');
export const viewerKeys = entityKeys<ViewerParams>('publish', 'viewer');

export const publishQueries = {
  publications: (params: PublicationListParams) => ({ queryKey: keys.list(params), queryFn: () => publishApi.publications(params) }),
  publication: (id: number) => ({ queryKey: keys.detail(id), queryFn: () => publishApi.publication(id) }),
  choices: (libraryId: number, branch: string) => ({
    queryKey: [...keys.all, 'choices', libraryId, branch],
    queryFn: () => publishApi.publicationChoices({ libraryId, branch }),
  }),
  publishLogs: (params: PublishLogParams) => ({ queryKey: publishLogKeys.list(params), queryFn: () => publishApi.publishLogs(params) }),
  viewer: (params: ViewerParams) => ({ queryKey: viewerKeys.list(params), queryFn: () => publishApi.viewer(params) }),
};

export const useOutputs = (params: OutputListParams, enabled = true) =>
  useQuery({ queryKey: outputs.list(params), queryFn: () => publishApi.outputs(params), placeholderData: keepPreviousData, enabled });

export const useOutput = (id: number | undefined) => useQuery({ queryKey: outputs.detail(id ?? 0), queryFn: () => publishApi.output(id ?? 0), enabled: !!id });

function useInvalidate(...roots: (readonly unknown[])[]) {
  const client = useQueryClient();
  return () => Promise.all(roots.map((queryKey) => client.invalidateQueries({ queryKey })));
}

export function useSavePublication() {
  const invalidate = useInvalidate(keys.all);
  return useMutation({ mutationFn: (body: PublicationSave) => publishApi.savePublication(body), onSuccess: invalidate });
}

export function useDeletePublications() {
  const invalidate = useInvalidate(keys.all);
  return useMutation({ mutationFn: (ids: readonly number[]) => publishApi.removePublications(ids), onSuccess: invalidate });
}

export function usePublish() {
  const invalidate = useInvalidate(outputs.all, publishLogKeys.all);
  return useMutation({ mutationFn: publishApi.publish, onSuccess: invalidate });
}

export function useCancelOutput() {
  const invalidate = useInvalidate(outputs.all, publishLogKeys.all);
  return useMutation({ mutationFn: (id: number) => publishApi.cancel(id), onSuccess: invalidate });
}

export function useDeleteOutputs() {
  const invalidate = useInvalidate(outputs.all, viewerKeys.all);
  return useMutation({ mutationFn: (ids: readonly number[]) => publishApi.removeOutputs(ids), onSuccess: invalidate });
}

/** Archives an output to a project release: a release log row, so the release logs (and a release's archives) refresh. */
export function useArchiveOutput() {
  const invalidate = useInvalidate(releaseLogKeys.all);
  return useMutation({ mutationFn: publishApi.archive, onSuccess: invalidate });
}

/** Refetches the output lists (a publish ended: its row changed status). */
export function useRefreshOutputs() {
  return useInvalidate(outputs.all, publishLogKeys.all, viewerKeys.all);
}
