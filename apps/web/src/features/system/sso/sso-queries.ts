import type { SsoSettingsForm } from '@ccms/contracts/system/sso';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { entityKeys } from '../../../api/query-keys';
import { ssoApi } from './sso-api';

/** The single sign-on data layer: provider info, the caller's links, the administrator's settings. */
export const ssoKeys = entityKeys('system', 'sso');
const infoKey = [...ssoKeys.all, 'info'] as const;
const identitiesKey = [...ssoKeys.all, 'identities'] as const;
const settingsKey = [...ssoKeys.all, 'settings'] as const;

export const useSsoInfo = () => useQuery({ queryKey: infoKey, queryFn: async () => (await ssoApi.info()).data, staleTime: 60_000 });

export const useSsoIdentities = (enabled = true) => useQuery({ queryKey: identitiesKey, queryFn: async () => (await ssoApi.identities()).data, enabled });

export function useUnbindIdentity() {
  const client = useQueryClient();
  return useMutation({ mutationFn: (identityId: number) => ssoApi.unbind(identityId), onSuccess: () => client.invalidateQueries({ queryKey: identitiesKey }) });
}

export const useSsoSettings = (enabled: boolean) => useQuery({ queryKey: settingsKey, queryFn: async () => (await ssoApi.settings()).data, enabled });

export function useSaveSsoSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SsoSettingsForm) => ssoApi.saveSettings(body),
    onSuccess: () => client.invalidateQueries({ queryKey: ssoKeys.all }),
  });
}
