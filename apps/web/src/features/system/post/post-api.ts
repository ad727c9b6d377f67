import type { Post, PostBody, PostQuery, PostUpdate } from '@ccms/contracts/system/post';
import { type ApiEnvelope, api } from '../../../api/client';
import type { QueryParams } from '../../../api/params';
import { download } from '../../../shared/download';
import type { PageParams, PageResult } from '../../../shared/list/query';

/** What the list's search form holds. */
export type PostFilters = Pick<PostQuery, 'postCode' | 'postName' | 'status'>;

/** An export takes the list's filters without its paging. */
const exportQuery = (query: object): QueryParams => {
  const { pageNum: _page, pageSize: _size, ...filters } = query as QueryParams;
  return filters;
};

/** Posts administration (server: modules/system/post). */
export const postApi = {
  list: (query: PostFilters & PageParams) => api.get<ApiEnvelope & PageResult<Post>>('/system/post/list', query),
  get: (postId: number) => api.get<ApiEnvelope & { data: Post }>(`/system/post/${postId}`).then((r) => r.data),
  add: (body: PostBody) => api.post('/system/post', body),
  update: (body: PostUpdate) => api.put('/system/post', body),
  remove: (ids: readonly number[]) => api.delete(`/system/post/${ids.join(',')}`),
  export: (query: object) => download('/system/post/export', exportQuery(query), `post_${Date.now()}.xlsx`),
};
