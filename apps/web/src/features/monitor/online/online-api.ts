import { OnlineApi, type OnlineQuery } from '@ccms/contracts/monitor/online';
import { api } from '../../../api/client';
import { getToken } from '../../../api/token';
import type { PageParams } from '../../../shared/list/query';

export type OnlineFilters = Pick<OnlineQuery, 'ipaddr' | 'userName'>;
export type OnlineListParams = OnlineFilters & PageParams;

/** Online sessions (server: modules/monitor/online). Screens use `online-queries.ts`. */
export const onlineApi = {
  list: (params: OnlineListParams) => api.list(OnlineApi.list, { query: params }),
  forceLogout: (tokenId: string) => api.call(OnlineApi.forceLogout, { path: { tokenId } }),
};

/**
 * The session id ("sid") inside a bearer token's payload, so the list can mark the caller's own
 * session; null when the token is absent or not a JWT carrying one.
 */
export function sessionIdOf(token: string | undefined = getToken()): string | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const json: unknown = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    return typeof json === 'object' && json !== null && 'sid' in json && typeof json.sid === 'string' ? json.sid : null;
  } catch {
    return null;
  }
}
