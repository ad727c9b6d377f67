import type { SearchQuery, SearchResult } from '@ccms/contracts/content/search';
import { byUrl } from '../../../api/client';

/** Full-text search over the indexed libraries (server: modules/content/search). Screens use `search-queries.ts`. */
export const searchApi = {
  search: (query: SearchQuery, signal?: AbortSignal) => byUrl.get<SearchResult>('/ccms/search', query, { signal }),
};
