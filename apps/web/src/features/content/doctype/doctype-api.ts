import { DoctypeApi, type DoctypeBody, type DoctypeQuery, type DoctypeUpdate } from '@ccms/contracts/content/doctype';
import { api } from '../../../api/client';
import type { PageParams } from '../../../shared/list/query';

export type DoctypeFilters = Pick<DoctypeQuery, 'doctypeName' | 'status'>;
export type DoctypeListParams = DoctypeFilters & PageParams;

/** Document types (server: modules/content/doctype). */
export const doctypeApi = {
  list: (query: DoctypeListParams) => api.list(DoctypeApi.list, { query }),
  options: () => api.one(DoctypeApi.options),
  get: (doctypeId: number) => api.one(DoctypeApi.get, { path: { id: doctypeId } }),
  /** Adds when the body has no `doctypeId`, else updates. */
  save: (body: DoctypeBody | DoctypeUpdate) => ('doctypeId' in body ? api.call(DoctypeApi.edit, { body }) : api.call(DoctypeApi.add, { body })),
  remove: (ids: readonly number[]) => api.call(DoctypeApi.remove, { path: { ids } }),
};
