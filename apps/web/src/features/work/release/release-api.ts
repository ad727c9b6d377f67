import type { Release, ReleaseBody, ReleaseQuery, ReleaseUpdate } from '@ccms/contracts/work/release';
import { byUrl } from '../../../api/client';
import { download } from '../../../shared/download';
import type { PageParams } from '../../../shared/list/query';
import { exportQuery } from '../project/project-api';

export type ReleaseFilters = Pick<ReleaseQuery, 'projectId' | 'title' | 'status'>;

/** Releases of projects (server: modules/work/release). */
export const releaseApi = {
  list: (query: ReleaseFilters & PageParams) => byUrl.list<Release>('/ccms/release/list', query),
  options: (projectId: number) => byUrl.list<Release>('/ccms/release/list', { projectId, pageNum: 1, pageSize: 1000 }).then((r) => r.rows),
  get: (id: number) => byUrl.one<Release>(`/ccms/release/${id}`),
  add: (body: ReleaseBody) => byUrl.post('/ccms/release', body),
  update: (body: ReleaseUpdate) => byUrl.put('/ccms/release', body),
  remove: (ids: readonly number[]) => byUrl.delete(`/ccms/release/${ids.join(',')}`),
  export: (query: object) => download('/ccms/release/export', exportQuery(query), `release_${Date.now()}.xlsx`),
};
