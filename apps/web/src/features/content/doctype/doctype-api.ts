import type { Doctype, DoctypeBody, DoctypeOption, DoctypeQuery, DoctypeUpdate } from '@ccms/contracts/content/doctype';
import { api } from '../../../api/client';
import type { PageParams } from '../../../shared/list/query';

export type DoctypeFilters = Pick<DoctypeQuery, 'doctypeName' | 'status'>;
export type DoctypeListParams = DoctypeFilters & PageParams;

/** Document types (server: modules/content/doctype). */
export const doctypeApi = {
  list: (query: DoctypeListParams) => api.list<Doctype>('/ccms/doctype/list', query),
  options: () => api.one<DoctypeOption[]>('/ccms/doctype/optionselect'),
  get: (doctypeId: number) => api.one<Doctype>(`/ccms/doctype/${doctypeId}`),
  /** Adds when the body has no `doctypeId`, else updates. */
  save: (body: DoctypeBody | DoctypeUpdate) => ('doctypeId' in body ? api.put('/ccms/doctype', body) : api.post('/ccms/doctype', body)),
  remove: (ids: readonly number[]) => api.delete(`/ccms/doctype/${ids.join(',')}`),
};
