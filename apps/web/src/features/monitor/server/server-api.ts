import type { ServerInfo } from '@ccms/contracts/monitor/server';
import { byUrl } from '../../../api/client';

/** The server monitor (server: modules/monitor/server): one snapshot. Screens use `server-queries.ts`. */
export const serverApi = { get: () => byUrl.one<ServerInfo>('/monitor/server') };
