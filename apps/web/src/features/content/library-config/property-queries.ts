import { useMutation, useQueryClient } from '@tanstack/react-query';
import { entityKeys } from '../../../api/query-keys';
import { type PropertyListParams, type PropertySave, propertyApi, type ValueSave } from './property-api';

/** The property data layer: keys from `propertyKeys`; a change invalidates `propertyKeys.all` (the lists with their values). */
export const propertyKeys = entityKeys<PropertyListParams>('content', 'property');

export const propertyQueries = {
  list: (params: PropertyListParams) => ({ queryKey: propertyKeys.list(params), queryFn: () => propertyApi.list(params) }),
};

/** After a property or a value changed: every list is read again. */
function useInvalidateProperties() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: propertyKeys.all });
}

export function useSaveProperty() {
  const invalidate = useInvalidateProperties();
  return useMutation({ mutationFn: (body: PropertySave) => propertyApi.save(body), onSuccess: invalidate });
}

export function useDeleteProperties() {
  const invalidate = useInvalidateProperties();
  return useMutation({ mutationFn: (ids: readonly number[]) => propertyApi.remove(ids), onSuccess: invalidate });
}

export function useSaveValue() {
  const invalidate = useInvalidateProperties();
  return useMutation({ mutationFn: (body: ValueSave) => propertyApi.saveValue(body), onSuccess: invalidate });
}

export function useDeleteValue() {
  const invalidate = useInvalidateProperties();
  return useMutation({ mutationFn: (valueId: number) => propertyApi.removeValue(valueId), onSuccess: invalidate });
}
