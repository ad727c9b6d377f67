import { urlOf } from '@ccms/contracts/endpoint';
import { ReleaseLogApi, type ReleaseLogBody, type ReleaseLogFilter, type ReleaseLogUpdate } from '@ccms/contracts/work/release-log';
import { api } from '../../../api/client';
import { download } from '../../../shared/download';
import type { PageParams } from '../../../shared/list/query';
import { exportQuery } from '../project/project-api';

export type ReleaseLogFilters = Pick<ReleaseLogFilter, 'projectId' | 'planTitle' | 'version' | 'status'>;
/** A page of one project's release log. */
export type ReleaseLogListParams = ReleaseLogFilters & PageParams;
export type ReleaseLogSave = ReleaseLogBody | ReleaseLogUpdate;

/** The release log (server: modules/work/release-log). Screens use `release-log-queries.ts`. */
export const releaseLogApi = {
  list: (params: ReleaseLogListParams) => api.list(ReleaseLogApi.list, { query: params }),
  get: (logId: number) => api.one(ReleaseLogApi.get, { path: { id: logId } }),
  /** Adds when the body has no `logId`, else updates. */
  save: (body: ReleaseLogSave) => ('logId' in body ? api.call(ReleaseLogApi.edit, { body }) : api.call(ReleaseLogApi.add, { body })),
  remove: (ids: readonly number[]) => api.call(ReleaseLogApi.remove, { path: { ids } }),
  export: (query: object) => download(urlOf(ReleaseLogApi.export), exportQuery(query), `releaseLog_${Date.now()}.xlsx`),
};
