import type { DoctypeBody, DoctypeUpdate } from '@ccms/contracts/content/doctype';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { entityKeys } from '../../../api/query-keys';
import { type DoctypeListParams, doctypeApi } from './doctype-api';

/** The document type data layer: keys from `doctypeKeys`; a change invalidates `doctypeKeys.all`. */
const keys = entityKeys<DoctypeListParams>('content', 'doctype');
export const doctypeKeys = { ...keys, options: () => [...keys.all, 'options'] as const };

export const doctypeQueries = {
  list: (params: DoctypeListParams) => ({ queryKey: doctypeKeys.list(params), queryFn: () => doctypeApi.list(params) }),
  detail: (doctypeId: number) => ({ queryKey: doctypeKeys.detail(doctypeId), queryFn: () => doctypeApi.get(doctypeId) }),
};

/** Enabled document types, for pickers. */
export const useDoctypeOptions = () => useQuery({ queryKey: doctypeKeys.options(), queryFn: doctypeApi.options });

function useInvalidateDoctypes() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: doctypeKeys.all });
}

export function useSaveDoctype() {
  const invalidate = useInvalidateDoctypes();
  return useMutation({ mutationFn: (body: DoctypeBody | DoctypeUpdate) => doctypeApi.save(body), onSuccess: invalidate });
}

export function useDeleteDoctypes() {
  const invalidate = useInvalidateDoctypes();
  return useMutation({ mutationFn: (ids: readonly number[]) => doctypeApi.remove(ids), onSuccess: invalidate });
}
