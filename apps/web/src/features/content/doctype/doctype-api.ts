import type { Doctype, DoctypeBody, DoctypeOption, DoctypeQuery, DoctypeUpdate } from '@ccms/contracts/content/doctype';
import { byUrl } from '../../../api/client';
import type { PageParams } from '../../../shared/list/query';

export type DoctypeFilters = Pick<DoctypeQuery, 'doctypeName' | 'status'>;
export type DoctypeListParams = DoctypeFilters & PageParams;

/** Document types (server: modules/content/doctype). */
export const doctypeApi = {
  list: (query: DoctypeListParams) => byUrl.list<Doctype>('/ccms/doctype/list', query),
  options: () => byUrl.one<DoctypeOption[]>('/ccms/doctype/optionselect'),
  get: (doctypeId: number) => byUrl.one<Doctype>(`/ccms/doctype/${doctypeId}`),
  /** Adds when the body has no `doctypeId`, else updates. */
  save: (body: DoctypeBody | DoctypeUpdate) => ('doctypeId' in body ? byUrl.put('/ccms/doctype', body) : byUrl.post('/ccms/doctype', body)),
  remove: (ids: readonly number[]) => byUrl.delete(`/ccms/doctype/${ids.join(',')}`),
};
