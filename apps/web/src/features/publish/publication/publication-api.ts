import {
  PublicationApi,
  type PublicationBody,
  type PublicationChoicesQuery,
  type PublicationQuery,
  type PublicationUpdate,
} from '@ccms/contracts/publish/publication';
import type { z } from 'zod';
import { api } from '../../../api/client';

export type PublicationListParams = z.input<typeof PublicationQuery>;
export type PublicationFilters = Pick<PublicationListParams, 'name'>;
export type PublicationSave = z.input<typeof PublicationBody> | z.input<typeof PublicationUpdate>;

/** Publications (server: modules/publish/publication). Screens use `publication-queries.ts`. */
export const publicationApi = {
  list: (params: PublicationListParams) => api.list(PublicationApi.list, { query: params }),
  get: (id: number) => api.one(PublicationApi.get, { path: { id } }),
  /** The branch's maps and filter files and the library's filter groups, for the publication form. */
  choices: (params: z.input<typeof PublicationChoicesQuery>) => api.one(PublicationApi.choices, { query: params }),
  /** Adds when the body has no `publicationId`, else updates. */
  save: (body: PublicationSave) => ('publicationId' in body ? api.call(PublicationApi.edit, { body }) : api.call(PublicationApi.add, { body })),
  remove: (ids: readonly number[]) => api.call(PublicationApi.remove, { path: { ids } }),
};
