import { SearchApi, type SearchQuery } from '@ccms/contracts/content/search';
import { api } from '../../../api/client';

/** Full-text search over the indexed libraries (server: modules/content/search). Screens use `search-queries.ts`. */
export const searchApi = {
  search: (query: SearchQuery, signal?: AbortSignal) => api.call(SearchApi.search, { query }, { signal }),
};
