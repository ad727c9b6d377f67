import type { CacheInfo } from '@ccms/contracts/monitor/cache';
import { byUrl } from '../../../api/client';

/** The cache monitor (server: modules/monitor/cache): one snapshot. Screens use `cache-queries.ts`. */
export const cacheApi = { get: () => byUrl.one<CacheInfo>('/monitor/cache') };
