import type {
  Property,
  PropertyBody,
  PropertyQuery,
  PropertyUpdate,
  PropertyValue,
  PropertyValueBody,
  PropertyValueUpdate,
} from '@ccms/contracts/content/product';
import type { z } from 'zod';
import { api } from '../../../api/client';
import type { PageParams } from '../../../shared/list/query';

export type PropertyRow = z.infer<typeof Property>;
export type ValueRow = z.infer<typeof PropertyValue>;
export type PropertyFilters = Pick<PropertyQuery, 'propertyName'>;
export type PropertyListParams = PropertyFilters & PageParams;

/** Properties and their key/value pairs (server: modules/content/product). */
export const propertyApi = {
  list: (query: PropertyListParams) => api.list<PropertyRow>('/ccms/property/list', query),
  add: (body: PropertyBody) => api.post('/ccms/property', body),
  update: (body: PropertyUpdate) => api.put('/ccms/property', body),
  remove: (ids: readonly number[]) => api.delete(`/ccms/property/${ids.join(',')}`),
  addValue: (body: PropertyValueBody) => api.post('/ccms/property/value', body),
  updateValue: (body: PropertyValueUpdate) => api.put('/ccms/property/value', body),
  removeValue: (valueId: number) => api.delete(`/ccms/property/value/${valueId}`),
};
