import type { Dashboard } from '@ccms/contracts/work/dashboard';
import { api } from '../../../api/client';

/** The home dashboard (server: modules/work/dashboard). Screens use `dashboard-queries.ts`. */
export const dashboardApi = {
  get: () => api.one<Dashboard>('/ccms/dashboard'),
};
