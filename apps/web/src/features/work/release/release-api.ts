import { urlOf } from '@ccms/contracts/endpoint';
import { ReleaseApi, type ReleaseBody, type ReleaseQuery, type ReleaseUpdate } from '@ccms/contracts/work/release';
import { api } from '../../../api/client';
import { download } from '../../../shared/download';
import type { PageParams } from '../../../shared/list/query';
import { exportQuery } from '../project/project-api';

export type ReleaseFilters = Pick<ReleaseQuery, 'projectId' | 'title' | 'status'>;

/** Releases of projects (server: modules/work/release). */
export const releaseApi = {
  list: (query: ReleaseFilters & PageParams) => api.list(ReleaseApi.list, { query }),
  options: (projectId: number) => api.list(ReleaseApi.list, { query: { projectId, pageNum: 1, pageSize: 1000 } }).then((r) => r.rows),
  get: (id: number) => api.one(ReleaseApi.get, { path: { id } }),
  add: (body: ReleaseBody) => api.call(ReleaseApi.add, { body }),
  update: (body: ReleaseUpdate) => api.call(ReleaseApi.edit, { body }),
  remove: (ids: readonly number[]) => api.call(ReleaseApi.remove, { path: { ids } }),
  export: (query: object) => download(urlOf(ReleaseApi.export), exportQuery(query), `release_${Date.now()}.xlsx`),
};
