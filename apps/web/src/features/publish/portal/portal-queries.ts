import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { entityKeys } from '../../../api/query-keys';
import { type PortalListParams, portalApi } from './portal-api';

/** The portal's data layer: the publications list, a search, an output opened (keys from one factory). */
const keys = entityKeys<PortalListParams>('portal', 'publication');
export const portalKeys = { ...keys, search: (q: string) => [...keys.all, 'search', q] as const };

export const usePortalList = (params: PortalListParams) => useQuery({ queryKey: keys.list(params), queryFn: () => portalApi.list(params) });

export const usePortalSearch = (q: string) =>
  useQuery({ queryKey: portalKeys.search(q), queryFn: () => portalApi.search(q), enabled: q.trim() !== '', placeholderData: keepPreviousData });

export const usePortalOutput = (outputId: number | undefined, page: string | undefined) =>
  useQuery({
    queryKey: [...keys.detail(outputId ?? 0), page ?? ''],
    queryFn: () => portalApi.open(outputId ?? 0, page ? { page } : {}),
    enabled: !!outputId,
  });
