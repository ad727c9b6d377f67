import { DashboardApi } from '@ccms/contracts/work/dashboard';
import { api } from '../../../api/client';

/** The home dashboard (server: modules/work/dashboard). Screens use `dashboard-queries.ts`. */
export const dashboardApi = {
  get: () => api.one(DashboardApi.get),
  /** "Needs you": what waits for the caller in the projects they lead. */
  attention: () => api.one(DashboardApi.attention),
};
