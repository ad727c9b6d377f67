import { useQuery } from '@tanstack/react-query';
import { serverApi } from './server-api';

/** The server monitor's data layer: one snapshot under one key, read afresh on each visit and refresh. */
export const serverKeys = { all: ['monitor', 'server'] as const };

export const serverQueries = { info: () => ({ queryKey: serverKeys.all, queryFn: serverApi.get }) };

export const useServerInfo = () => useQuery({ ...serverQueries.info(), staleTime: 0 });
