import type { Attention, Dashboard } from '@ccms/contracts/work/dashboard';
import { byUrl } from '../../../api/client';

/** The home dashboard (server: modules/work/dashboard). Screens use `dashboard-queries.ts`. */
export const dashboardApi = {
  get: () => byUrl.one<Dashboard>('/ccms/dashboard'),
  /** "Needs you": what waits for the caller in the projects they lead. */
  attention: () => byUrl.one<Attention>('/ccms/dashboard/attention'),
};
