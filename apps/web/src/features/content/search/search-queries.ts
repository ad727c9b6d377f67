import type { SearchQuery } from '@ccms/contracts/content/search';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { entityKeys } from '../../../api/query-keys';
import { searchApi } from './search-api';

/** The search data layer: every search answer under `searchKeys.all` (a reindex or a change to the catalogue invalidates it). */
export const searchKeys = entityKeys<SearchQuery>('content', 'search');

export const searchQueries = {
  list: (query: SearchQuery) => ({ queryKey: searchKeys.list(query), queryFn: ({ signal }: { signal: AbortSignal }) => searchApi.search(query, signal) }),
};

/** Searches once there is text to search for; the last answer stays while the next one loads. */
export const useSearch = (query: SearchQuery) => useQuery({ ...searchQueries.list(query), enabled: query.q.length > 0, placeholderData: keepPreviousData });
