import type { PortalHit, PortalListQuery, PortalOpen, PortalOpenQuery, PortalPublication } from '@ccms/contracts/publish/portal';
import type { z } from 'zod';
import { api } from '../../api/client';

export type PortalListParams = z.input<typeof PortalListQuery>;

/** The reader's portal calls (server: modules/publish/portal). */
export const portalApi = {
  list: (params: PortalListParams) => api.list<PortalPublication>('/ccms/portal/list', params),
  search: (q: string) => api.list<PortalHit>('/ccms/portal/search', { q }),
  open: (outputId: number, params: z.input<typeof PortalOpenQuery>) => api.one<PortalOpen>(`/ccms/portal/output/${outputId}`, params),
};
