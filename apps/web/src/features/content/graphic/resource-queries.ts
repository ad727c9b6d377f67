import type { ResourceDeleteBody } from '@ccms/contracts/content/graphic';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { entityKeys } from '../../../api/query-keys';
import type { Commit, UploadFields, UsageAnswer } from './graphic-api';

/** Reads everything under a key prefix again. */
function useInvalidate(queryKey: readonly unknown[]) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey });
}

type Scope = { libraryId: number; branch?: string | undefined };

/** What graphics and videos answer alike (graphicApi, videoApi). */
interface ResourceApi<ListParams, Page> {
  list: (params: ListParams) => Promise<Page>;
  usage: (query: Scope & { path: string }) => Promise<UsageAnswer>;
  upload: (fields: UploadFields, files: readonly File[]) => Promise<Commit>;
  remove: (body: z.input<typeof ResourceDeleteBody>) => Promise<Commit>;
}

/**
 * The data layer of a library resource (graphic or video): keys under `content/<entity>`, the
 * list and where-used queries; the hooks below take it and invalidate `keys.all` after a change.
 */
export function resourceData<ListParams, Page>(entity: 'graphic' | 'video', api: ResourceApi<ListParams, Page>) {
  const base = entityKeys<ListParams, string>('content', entity);
  const keys = { ...base, usage: (at: Scope & { path: string }) => [...base.all, 'usage', at] as const };
  const queries = {
    list: (params: ListParams) => ({ queryKey: keys.list(params), queryFn: () => api.list(params) }),
    usage: (at: Scope & { path: string }) => ({ queryKey: keys.usage(at), queryFn: () => api.usage(at) }),
  };
  return { keys, queries, api };
}
type ResourceData<ListParams, Page> = ReturnType<typeof resourceData<ListParams, Page>>;

export const useResourceList = <ListParams, Page>(data: ResourceData<ListParams, Page>, params: ListParams, enabled: boolean) =>
  useQuery({ ...data.queries.list(params), enabled, placeholderData: keepPreviousData });

/** Everything about this kind of resource is read again (the refresh button, after a change). */
export const useRefreshResources = <ListParams, Page>(data: ResourceData<ListParams, Page>) => useInvalidate(data.keys.all);

export function useUploadResources<ListParams, Page>(data: ResourceData<ListParams, Page>) {
  const refresh = useRefreshResources(data);
  return useMutation({
    mutationFn: ({ fields, files }: { fields: UploadFields; files: readonly File[] }) => data.api.upload(fields, files),
    onSuccess: refresh,
  });
}

export function useDeleteResources<ListParams, Page>(data: ResourceData<ListParams, Page>) {
  const refresh = useRefreshResources(data);
  return useMutation({ mutationFn: (body: z.input<typeof ResourceDeleteBody>) => data.api.remove(body), onSuccess: refresh });
}
