import { useQuery } from '@tanstack/react-query';
import { cacheApi } from './cache-api';

/** The cache monitor's data layer: one snapshot under one key, read afresh on each visit and refresh. */
export const cacheKeys = { all: ['monitor', 'cache'] as const };

export const cacheQueries = { info: () => ({ queryKey: cacheKeys.all, queryFn: cacheApi.get }) };

export const useCacheInfo = () => useQuery({ ...cacheQueries.info(), staleTime: 0 });
