import {
  type AssignBody,
  type PathTags,
  type PathTagsQuery,
  type Tag,
  TagApi,
  type TagBody,
  type TaggedQuery,
  type TagQuery,
  type TagUpdate,
} from '@ccms/contracts/content/tag';
import type { z } from 'zod';
import { api } from '../../../api/client';

export type TagRow = z.infer<typeof Tag>;
export type TagFilters = Pick<TagQuery, 'tagName'>;
/** A page of one library's tags. */
export type TagListParams = z.input<typeof TagQuery>;
export type TaggedParams = z.input<typeof TaggedQuery>;
export type PathTagsAt = z.input<typeof PathTagsQuery>;
export type PathTagsAnswer = z.infer<typeof PathTags>;
export type TagSave = z.input<typeof TagBody> | z.input<typeof TagUpdate>;

/** Tags of a library and their assignments (server: modules/content/tag). Screens use `tag-queries.ts`. */
export const tagApi = {
  list: (params: TagListParams) => api.list(TagApi.list, { query: params }),
  options: (libraryId: number) => api.one(TagApi.options, { query: { libraryId } }),
  get: (tagId: number) => api.one(TagApi.get, { path: { id: tagId } }),
  /** Adds when the body has no `tagId`, else updates. */
  save: (body: TagSave) => ('tagId' in body ? api.call(TagApi.edit, { body }) : api.call(TagApi.add, { body })),
  remove: (ids: readonly number[]) => api.call(TagApi.remove, { path: { ids } }),
  tagged: (tagId: number, params: TaggedParams) => api.list(TagApi.paths, { path: { id: tagId }, query: params }),
  ofPath: (at: PathTagsAt) => api.one(TagApi.ofPath, { query: at }),
  assign: (body: z.input<typeof AssignBody>) => api.one(TagApi.assign, { body }),
  unassign: (body: z.input<typeof AssignBody>) => api.one(TagApi.unassign, { body }),
};
