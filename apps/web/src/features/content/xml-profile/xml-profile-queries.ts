import type { XmlProfileBody, XmlProfileUpdate } from '@ccms/contracts/content/xml-profile';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { entityKeys } from '../../../api/query-keys';
import { xmlProfileApi } from './xml-profile-api';

/** The XML profile data layer: keys from `xmlProfileKeys`; a change invalidates `xmlProfileKeys.all`. */
const keys = entityKeys<Record<string, never>>('content', 'xmlProfile');
export const xmlProfileKeys = { ...keys, types: () => [...keys.all, 'types'] as const };

export const xmlProfileQueries = {
  detail: (profileId: number) => ({ queryKey: xmlProfileKeys.detail(profileId), queryFn: () => xmlProfileApi.get(profileId) }),
};

export const useXmlProfileList = () => useQuery({ queryKey: xmlProfileKeys.list({}), queryFn: xmlProfileApi.list });

/** Library types XML profiles define, for the library form. */
export const useXmlProfileTypes = () => useQuery({ queryKey: xmlProfileKeys.types(), queryFn: xmlProfileApi.types });

function useInvalidateProfiles() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: xmlProfileKeys.all });
}

export function useSaveXmlProfile() {
  const invalidate = useInvalidateProfiles();
  return useMutation({ mutationFn: (body: XmlProfileBody | XmlProfileUpdate) => xmlProfileApi.save(body), onSuccess: invalidate });
}

export function useDeleteXmlProfiles() {
  const invalidate = useInvalidateProfiles();
  return useMutation({ mutationFn: (ids: readonly number[]) => xmlProfileApi.remove(ids), onSuccess: invalidate });
}
