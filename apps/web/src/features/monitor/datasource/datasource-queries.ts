import { useQuery } from '@tanstack/react-query';
import { datasourceApi } from './datasource-api';

/** The datasource monitor's data layer: one snapshot under one key, read afresh on each visit and refresh. */
export const datasourceKeys = { all: ['monitor', 'datasource'] as const };

export const datasourceQueries = { info: () => ({ queryKey: datasourceKeys.all, queryFn: datasourceApi.get }) };

export const useDatasourceInfo = () => useQuery({ ...datasourceQueries.info(), staleTime: 0 });
