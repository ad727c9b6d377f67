import { useMutation, useQueryClient } from '@tanstack/react-query';
import { entityKeys } from '../../../api/query-keys';
import { type PostListParams, type PostSave, postApi } from './post-api';

/** The post data layer (the shape every entity follows: see shared/form/README.md). */
export const postKeys = entityKeys<PostListParams>('system', 'post');

export const postQueries = {
  list: (params: PostListParams) => ({ queryKey: postKeys.list(params), queryFn: () => postApi.list(params) }),
  detail: (postId: number) => ({ queryKey: postKeys.detail(postId), queryFn: () => postApi.get(postId) }),
};

export function useSavePost() {
  const client = useQueryClient();
  return useMutation({ mutationFn: (body: PostSave) => postApi.save(body), onSuccess: () => client.invalidateQueries({ queryKey: postKeys.all }) });
}

export function useDeletePost() {
  const client = useQueryClient();
  return useMutation({ mutationFn: (ids: readonly number[]) => postApi.remove(ids), onSuccess: () => client.invalidateQueries({ queryKey: postKeys.all }) });
}
