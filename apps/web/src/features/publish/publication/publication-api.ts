import type {
  Publication,
  PublicationBody,
  PublicationChoices,
  PublicationChoicesQuery,
  PublicationQuery,
  PublicationUpdate,
} from '@ccms/contracts/publish/publication';
import type { z } from 'zod';
import { byUrl } from '../../../api/client';

export type PublicationListParams = z.input<typeof PublicationQuery>;
export type PublicationFilters = Pick<PublicationListParams, 'name'>;
export type PublicationSave = z.input<typeof PublicationBody> | z.input<typeof PublicationUpdate>;

/** Publications (server: modules/publish/publication). Screens use `publication-queries.ts`. */
export const publicationApi = {
  list: (params: PublicationListParams) => byUrl.list<Publication>('/ccms/publication/list', params),
  get: (id: number) => byUrl.one<Publication>(`/ccms/publication/${id}`),
  /** The branch's maps and filter files and the library's filter groups, for the publication form. */
  choices: (params: z.input<typeof PublicationChoicesQuery>) => byUrl.one<PublicationChoices>('/ccms/publication/choices', params),
  /** Adds when the body has no `publicationId`, else updates. */
  save: (body: PublicationSave) => ('publicationId' in body ? byUrl.put('/ccms/publication', body) : byUrl.post('/ccms/publication', body)),
  remove: (ids: readonly number[]) => byUrl.delete(`/ccms/publication/${ids.join(',')}`),
};
