import { PortalApi, type PortalListQuery, type PortalOpenQuery } from '@ccms/contracts/publish/portal';
import type { z } from 'zod';
import { api } from '../../../api/client';

export type PortalListParams = z.input<typeof PortalListQuery>;

/** The reader's portal calls (server: modules/publish/portal). */
export const portalApi = {
  list: (params: PortalListParams) => api.list(PortalApi.list, { query: params }),
  search: (q: string) => api.list(PortalApi.search, { query: { q } }),
  open: (outputId: number, params: z.input<typeof PortalOpenQuery>) => api.one(PortalApi.open, { path: { id: outputId }, query: params }),
};
