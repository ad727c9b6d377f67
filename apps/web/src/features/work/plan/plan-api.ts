import { urlOf } from '@ccms/contracts/endpoint';
import { PlanApi, type PlanBody, type PlanQuery, type PlanUpdate } from '@ccms/contracts/work/plan';
import { api } from '../../../api/client';
import { download } from '../../../shared/download';
import type { PageParams } from '../../../shared/list/query';
import { exportQuery } from '../project/project-api';

export type PlanFilters = Pick<PlanQuery, 'projectId' | 'title' | 'status' | 'enable'>;

/** Plans (server: modules/work/plan). */
export const planApi = {
  list: (query: PlanFilters & PageParams) => api.list(PlanApi.list, { query }),
  options: (projectId: number) => api.list(PlanApi.list, { query: { projectId, pageNum: 1, pageSize: 1000 } }).then((r) => r.rows),
  get: (id: number) => api.one(PlanApi.get, { path: { id } }),
  add: (body: PlanBody) => api.call(PlanApi.add, { body }),
  update: (body: PlanUpdate) => api.call(PlanApi.edit, { body }),
  setEnabled: (id: number, enable: boolean) => api.call(PlanApi.enable, { body: { id, enable } }),
  remove: (ids: readonly number[]) => api.call(PlanApi.remove, { path: { ids } }),
  export: (query: object) => download(urlOf(PlanApi.export), exportQuery(query), `plan_${Date.now()}.xlsx`),
};
