import type { CatalogScope } from '@ccms/contracts/content/catalog';
import type { EffectiveQuery, FreezeBody } from '@ccms/contracts/content/flightops';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRefreshCatalog, useSetDocumentStatus } from '../catalog/catalog-queries';
import { flightopsApi } from './flightops-api';

/** The flight-operations data layer: the fleet, the effectivity filter and the frozen revisions. */
const all = ['content', 'flightops'] as const;
export const flightopsKeys = {
  all,
  fleet: (scope: CatalogScope) => [...all, 'fleet', scope] as const,
  effective: (q: EffectiveQuery) => [...all, 'effective', q] as const,
  frozen: (libraryId: number) => [...all, 'frozen', libraryId] as const,
};

export const useFleet = (scope: CatalogScope, enabled: boolean) =>
  useQuery({ queryKey: flightopsKeys.fleet(scope), queryFn: () => flightopsApi.fleet(scope), enabled });

/** The DUs effective for an aircraft (nothing chosen: nothing asked). */
export const useEffective = (q: EffectiveQuery | null) =>
  useQuery({
    queryKey: flightopsKeys.effective(q ?? { libraryId: 0, aircraft: '' }),
    queryFn: () => flightopsApi.effective(q as EffectiveQuery),
    enabled: q !== null,
  });

export const useFrozen = (libraryId: number, enabled: boolean) =>
  useQuery({ queryKey: flightopsKeys.frozen(libraryId), queryFn: () => flightopsApi.frozen(libraryId), enabled });

/** Freezing makes a branch and puts its PSLs and DUs under review: the frozen list and the catalogue refresh. */
export function useFreeze() {
  const client = useQueryClient();
  const refresh = useRefreshCatalog();
  return useMutation({
    mutationFn: (body: FreezeBody) => flightopsApi.freeze(body),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: all }), refresh()]),
  });
}

/** A reviewer's approval of a frozen PSL (its document status): the frozen list shows it. */
export function useApprovePsl() {
  const client = useQueryClient();
  const setStatus = useSetDocumentStatus();
  return useMutation({
    mutationFn: (documentId: number) => setStatus.mutateAsync({ documentId, status: 'approved' }),
    onSuccess: () => client.invalidateQueries({ queryKey: all }),
  });
}
