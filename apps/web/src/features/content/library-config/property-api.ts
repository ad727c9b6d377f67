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
import { byUrl } from '../../../api/client';
import type { PageParams } from '../../../shared/list/query';

export type PropertyRow = z.infer<typeof Property>;
export type ValueRow = z.infer<typeof PropertyValue>;
export type PropertyFilters = Pick<PropertyQuery, 'propertyName'>;
export type PropertyListParams = PropertyFilters & PageParams;
/** A new property, or an edited one (with its id). */
export type PropertySave = PropertyBody | PropertyUpdate;
export type ValueSave = PropertyValueBody | PropertyValueUpdate;

/** Properties and their key/value pairs (server: modules/content/product). */
export const propertyApi = {
  list: (query: PropertyListParams) => byUrl.list<PropertyRow>('/ccms/property/list', query),
  save: (body: PropertySave) => ('propertyId' in body ? byUrl.put('/ccms/property', body) : byUrl.post('/ccms/property', body)),
  remove: (ids: readonly number[]) => byUrl.delete(`/ccms/property/${ids.join(',')}`),
  saveValue: (body: ValueSave) => ('valueId' in body ? byUrl.put('/ccms/property/value', body) : byUrl.post('/ccms/property/value', body)),
  removeValue: (valueId: number) => byUrl.delete(`/ccms/property/value/${valueId}`),
};
