import type { AssignBody, PathTags, PathTagsQuery, Tag, TagBody, TaggedQuery, TaggedRow, TagOption, TagQuery, TagUpdate } from '@ccms/contracts/content/tag';
import type { z } from 'zod';
import { api, type DataBody } from '../../../api/client';

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
  list: (params: TagListParams) => api.list<TagRow>('/ccms/tag/list', params),
  options: (libraryId: number) => api.one<z.infer<typeof TagOption>[]>('/ccms/tag/optionselect', { libraryId }),
  get: (tagId: number) => api.one<TagRow>(`/ccms/tag/${tagId}`),
  /** Adds when the body has no `tagId`, else updates. */
  save: (body: TagSave) => ('tagId' in body ? api.put('/ccms/tag', body) : api.post('/ccms/tag', body)),
  remove: (ids: readonly number[]) => api.delete(`/ccms/tag/${ids.join(',')}`),
  tagged: (tagId: number, params: TaggedParams) => api.list<z.infer<typeof TaggedRow>>(`/ccms/tag/${tagId}/paths`, params),
  ofPath: (at: PathTagsAt) => api.one<PathTagsAnswer>('/ccms/tag/path', at),
  assign: (body: z.input<typeof AssignBody>) => api.post<DataBody<PathTagsAnswer>>('/ccms/tag/assign', body).then((r) => r.data),
  unassign: (body: z.input<typeof AssignBody>) => api.post<DataBody<PathTagsAnswer>>('/ccms/tag/unassign', body).then((r) => r.data),
};
