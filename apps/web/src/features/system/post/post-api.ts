import { urlOf } from '@ccms/contracts/endpoint';
import { PostApi, type PostBody, type PostQuery, type PostUpdate } from '@ccms/contracts/system/post';
import type { z } from 'zod';
import { api } from '../../../api/client';
import type { QueryParams } from '../../../api/params';
import { download } from '../../../shared/download';

/** What the list's search form holds. */
export type PostFilters = Pick<PostQuery, 'postCode' | 'postName' | 'status'>;
/** A page of posts. */
export type PostListParams = z.input<typeof PostQuery>;
export type PostSave = PostBody | PostUpdate;

/** An export takes the list's filters without its paging. */
const exportQuery = (query: object): QueryParams => {
  const { pageNum: _page, pageSize: _size, ...filters } = query as QueryParams;
  return filters;
};

/** Posts administration (server: modules/system/post). Screens use `post-queries.ts`. */
export const postApi = {
  list: (params: PostListParams) => api.list(PostApi.list, { query: params }),
  get: (postId: number) => api.one(PostApi.get, { path: { id: postId } }),
  /** Adds when the body has no `postId`, else updates. */
  save: (body: PostSave) => ('postId' in body ? api.call(PostApi.edit, { body }) : api.call(PostApi.add, { body })),
  remove: (ids: readonly number[]) => api.call(PostApi.remove, { path: { ids } }),
  export: (query: object) => download(urlOf(PostApi.export), exportQuery(query), `post_${Date.now()}.xlsx`),
};
