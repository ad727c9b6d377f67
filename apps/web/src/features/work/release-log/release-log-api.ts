import type { ReleaseLog, ReleaseLogBody, ReleaseLogFilter, ReleaseLogUpdate } from '@ccms/contracts/work/release-log';
import { byUrl } from '../../../api/client';
import { download } from '../../../shared/download';
import type { PageParams } from '../../../shared/list/query';
import { exportQuery } from '../project/project-api';

export type ReleaseLogFilters = Pick<ReleaseLogFilter, 'projectId' | 'planTitle' | 'version' | 'status'>;
/** A page of one project's release log. */
export type ReleaseLogListParams = ReleaseLogFilters & PageParams;
export type ReleaseLogSave = ReleaseLogBody | ReleaseLogUpdate;

/** The release log (server: modules/work/release-log). Screens use `release-log-queries.ts`. */
export const releaseLogApi = {
  list: (params: ReleaseLogListParams) => byUrl.list<ReleaseLog>('/ccms/releaseLog/list', params),
  get: (logId: number) => byUrl.one<ReleaseLog>(`/ccms/releaseLog/${logId}`),
  /** Adds when the body has no `logId`, else updates. */
  save: (body: ReleaseLogSave) => ('logId' in body ? byUrl.put('/ccms/releaseLog', body) : byUrl.post('/ccms/releaseLog', body)),
  remove: (ids: readonly number[]) => byUrl.delete(`/ccms/releaseLog/${ids.join(',')}`),
  export: (query: object) => download('/ccms/releaseLog/export', exportQuery(query), `releaseLog_${Date.now()}.xlsx`),
};
