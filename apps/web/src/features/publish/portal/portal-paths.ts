import { PORTAL_PATH } from '@ccms/contracts/publish/portal-path';

/** Where an output opens in the portal, at its entry page or at `page` (a search hit). */
export const portalViewPath = (outputId: number, page?: string) => `${PORTAL_PATH}/view/${outputId}${page ? `?${new URLSearchParams({ page })}` : ''}`;
