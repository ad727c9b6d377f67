import { DatasourceApi } from '@ccms/contracts/monitor/datasource';
import { api } from '../../../api/client';

/** The datasource monitor (server: modules/monitor/datasource): one snapshot. Screens use `datasource-queries.ts`. */
export const datasourceApi = { get: () => api.one(DatasourceApi.info) };
