import { useQueryClient } from '@tanstack/react-query';
import { entityKeys } from '../../../api/query-keys';
import { type PropertyListParams, propertyApi } from './property-api';

/** The property data layer: keys from `propertyKeys`; a change invalidates `propertyKeys.all` (the lists with their values). */
export const propertyKeys = entityKeys<PropertyListParams>('content', 'property');

export const propertyQueries = {
  list: (params: PropertyListParams) => ({ queryKey: propertyKeys.list(params), queryFn: () => propertyApi.list(params) }),
};

/** After a property or a value changed: every list is read again. */
export function useInvalidateProperties() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: propertyKeys.all });
}
