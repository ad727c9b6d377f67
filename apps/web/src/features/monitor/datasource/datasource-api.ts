import type { DatasourceInfo } from '@ccms/contracts/monitor/datasource';
import { byUrl } from '../../../api/client';

/** The datasource monitor (server: modules/monitor/datasource): one snapshot. Screens use `datasource-queries.ts`. */
export const datasourceApi = { get: () => byUrl.one<DatasourceInfo>('/monitor/druid') };
