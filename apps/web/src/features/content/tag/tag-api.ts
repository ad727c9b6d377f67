import type { AssignBody, PathTags, Tag, TagBody, TaggedRow, TagOption, TagQuery, TagUpdate } from '@ccms/contracts/content/tag';
import type { z } from 'zod';
import { type ApiEnvelope, api } from '../../../api/client';
import type { PageParams, PageResult } from '../../../shared/list/query';

export type TagRow = z.infer<typeof Tag>;
export type TagFilters = Pick<TagQuery, 'tagName'>;
export type PathTagsAnswer = z.infer<typeof PathTags>;

type Data<T> = ApiEnvelope & { data: T };

/** Tags of a library and their assignments (server: modules/content/tag). */
export const tagApi = {
  list: (query: TagFilters & PageParams & { libraryId: number }) => api.get<ApiEnvelope & PageResult<TagRow>>('/ccms/tag/list', query),
  options: (libraryId: number) => api.get<Data<z.infer<typeof TagOption>[]>>('/ccms/tag/optionselect', { libraryId }).then((r) => r.data),
  get: (tagId: number) => api.get<Data<TagRow>>(`/ccms/tag/${tagId}`).then((r) => r.data),
  add: (body: z.input<typeof TagBody>) => api.post('/ccms/tag', body),
  update: (body: z.input<typeof TagUpdate>) => api.put('/ccms/tag', body),
  remove: (ids: readonly number[]) => api.delete(`/ccms/tag/${ids.join(',')}`),
  tagged: (tagId: number, query: PageParams & { branch?: string | undefined }) =>
    api.get<ApiEnvelope & PageResult<z.infer<typeof TaggedRow>>>(`/ccms/tag/${tagId}/paths`, query),
  ofPath: (query: { libraryId: number; branch?: string | undefined; path: string }) =>
    api.get<Data<PathTagsAnswer>>('/ccms/tag/path', query).then((r) => r.data),
  assign: (body: z.input<typeof AssignBody>) => api.post<Data<PathTagsAnswer>>('/ccms/tag/assign', body).then((r) => r.data),
  unassign: (body: z.input<typeof AssignBody>) => api.post<Data<PathTagsAnswer>>('/ccms/tag/unassign', body).then((r) => r.data),
};
