import type { PortalHit, PortalListQuery, PortalOpen, PortalOpenQuery, PortalPublication } from '@ccms/contracts/publish/portal';
import type { z } from 'zod';
import { byUrl } from '../../../api/client';

export type PortalListParams = z.input<typeof PortalListQuery>;

/** The reader's portal calls (server: modules/publish/portal). */
export const portalApi = {
  list: (params: PortalListParams) => byUrl.list<PortalPublication>('/ccms/portal/list', params),
  search: (q: string) => byUrl.list<PortalHit>('/ccms/portal/search', { q }),
  open: (outputId: number, params: z.input<typeof PortalOpenQuery>) => byUrl.one<PortalOpen>(`/ccms/portal/output/${outputId}`, params),
};
