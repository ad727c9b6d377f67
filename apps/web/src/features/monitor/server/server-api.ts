import { ServerApi } from '@ccms/contracts/monitor/server';
import { api } from '../../../api/client';

/** The server monitor (server: modules/monitor/server): one snapshot. Screens use `server-queries.ts`. */
export const serverApi = { get: () => api.one(ServerApi.info) };
