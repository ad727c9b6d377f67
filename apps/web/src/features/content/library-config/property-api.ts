import {
  ProductApi,
  type Property,
  type PropertyBody,
  type PropertyQuery,
  type PropertyUpdate,
  type PropertyValue,
  type PropertyValueBody,
  type PropertyValueUpdate,
} from '@ccms/contracts/content/product';
import type { z } from 'zod';
import { api } from '../../../api/client';
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
  list: (query: PropertyListParams) => api.list(ProductApi.propertyList, { query }),
  save: (body: PropertySave) => ('propertyId' in body ? api.call(ProductApi.editProperty, { body }) : api.call(ProductApi.addProperty, { body })),
  remove: (ids: readonly number[]) => api.call(ProductApi.removeProperties, { path: { ids } }),
  saveValue: (body: ValueSave) => ('valueId' in body ? api.call(ProductApi.editValue, { body }) : api.call(ProductApi.addValue, { body })),
  removeValue: (valueId: number) => api.call(ProductApi.removeValues, { path: { ids: valueId } }),
};
