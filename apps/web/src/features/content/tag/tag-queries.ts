import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { entityKeys } from '../../../api/query-keys';
import { type PathTagsAt, type TaggedParams, type TagListParams, type TagSave, tagApi } from './tag-api';

/**
 * The tag data layer: every key a tag screen uses comes from `tagKeys`, every call from a hook or
 * a `tagQueries` entry; a change invalidates through the keys (`tagKeys.all` covers lists,
 * details, options and path tags).
 */
const keys = entityKeys<TagListParams>('content', 'tag');
export const tagKeys = {
  ...keys,
  options: (libraryId: number) => [...keys.all, 'options', libraryId] as const,
  tagged: (tagId: number, params: TaggedParams) => [...keys.all, 'tagged', tagId, params] as const,
  ofPath: (at: PathTagsAt) => [...keys.all, 'path', at] as const,
};

/** Query definitions, for `useQuery`, `<ListPage listQuery>` and `useEntityForm({ load })`. */
export const tagQueries = {
  list: (params: TagListParams) => ({ queryKey: tagKeys.list(params), queryFn: () => tagApi.list(params) }),
  detail: (tagId: number) => ({ queryKey: tagKeys.detail(tagId), queryFn: () => tagApi.get(tagId) }),
};

export const useTagList = (params: TagListParams) => useQuery({ ...tagQueries.list(params), placeholderData: keepPreviousData });

export const useTag = (tagId: number | undefined) => useQuery({ ...tagQueries.detail(tagId ?? 0), enabled: tagId !== undefined });

export const useTagOptions = (libraryId: number, enabled = true) =>
  useQuery({ queryKey: tagKeys.options(libraryId), queryFn: () => tagApi.options(libraryId), enabled });

export const useTagged = (tagId: number | undefined, params: TaggedParams) =>
  useQuery({ queryKey: tagKeys.tagged(tagId ?? 0, params), queryFn: () => tagApi.tagged(tagId ?? 0, params), enabled: tagId !== undefined });

export const usePathTags = (at: PathTagsAt) => useQuery({ queryKey: tagKeys.ofPath(at), queryFn: () => tagApi.ofPath(at) });

/** Everything about tags is stale after a change (names, uses counts, path tags). */
function useInvalidateTags() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: tagKeys.all });
}

export function useSaveTag() {
  const invalidate = useInvalidateTags();
  return useMutation({ mutationFn: (body: TagSave) => tagApi.save(body), onSuccess: invalidate });
}

export function useDeleteTag() {
  const invalidate = useInvalidateTags();
  return useMutation({ mutationFn: (ids: readonly number[]) => tagApi.remove(ids), onSuccess: invalidate });
}

/** Puts tags on a path (`add`) or takes them off. */
export function useAssignTags() {
  const invalidate = useInvalidateTags();
  return useMutation({
    mutationFn: ({ add, ...body }: Parameters<typeof tagApi.assign>[0] & { add: boolean }) => (add ? tagApi.assign(body) : tagApi.unassign(body)),
    onSuccess: invalidate,
  });
}
