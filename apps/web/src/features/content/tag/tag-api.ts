import type { AssignBody, PathTags, PathTagsQuery, Tag, TagBody, TaggedQuery, TaggedRow, TagOption, TagQuery, TagUpdate } from '@ccms/contracts/content/tag';
import type { z } from 'zod';
import { byUrl, type DataBody } from '../../../api/client';

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
  list: (params: TagListParams) => byUrl.list<TagRow>('/ccms/tag/list', params),
  options: (libraryId: number) => byUrl.one<z.infer<typeof TagOption>[]>('/ccms/tag/optionselect', { libraryId }),
  get: (tagId: number) => byUrl.one<TagRow>(`/ccms/tag/${tagId}`),
  /** Adds when the body has no `tagId`, else updates. */
  save: (body: TagSave) => ('tagId' in body ? byUrl.put('/ccms/tag', body) : byUrl.post('/ccms/tag', body)),
  remove: (ids: readonly number[]) => byUrl.delete(`/ccms/tag/${ids.join(',')}`),
  tagged: (tagId: number, params: TaggedParams) => byUrl.list<z.infer<typeof TaggedRow>>(`/ccms/tag/${tagId}/paths`, params),
  ofPath: (at: PathTagsAt) => byUrl.one<PathTagsAnswer>('/ccms/tag/path', at),
  assign: (body: z.input<typeof AssignBody>) => byUrl.post<DataBody<PathTagsAnswer>>('/ccms/tag/assign', body).then((r) => r.data),
  unassign: (body: z.input<typeof AssignBody>) => byUrl.post<DataBody<PathTagsAnswer>>('/ccms/tag/unassign', body).then((r) => r.data),
};
