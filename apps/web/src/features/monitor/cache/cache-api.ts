import { CacheApi } from '@ccms/contracts/monitor/cache';
import { api } from '../../../api/client';

/** The cache monitor (server: modules/monitor/cache): one snapshot. Screens use `cache-queries.ts`. */
export const cacheApi = { get: () => api.one(CacheApi.info) };
