import type { Plan, PlanBody, PlanQuery, PlanUpdate } from '@ccms/contracts/work/plan';
import { type ApiEnvelope, byUrl } from '../../../api/client';
import { download } from '../../../shared/download';
import type { PageParams } from '../../../shared/list/query';
import { exportQuery } from '../project/project-api';

export type PlanFilters = Pick<PlanQuery, 'projectId' | 'title' | 'status' | 'enable'>;

/** Plans (server: modules/work/plan). */
export const planApi = {
  list: (query: PlanFilters & PageParams) => byUrl.list<Plan>('/ccms/plan/list', query),
  options: (projectId: number) => byUrl.list<Plan>('/ccms/plan/list', { projectId, pageNum: 1, pageSize: 1000 }).then((r) => r.rows),
  get: (id: number) => byUrl.one<Plan>(`/ccms/plan/${id}`),
  add: (body: PlanBody) => byUrl.post<ApiEnvelope & { data: { id: number } }>('/ccms/plan', body),
  update: (body: PlanUpdate) => byUrl.put('/ccms/plan', body),
  setEnabled: (id: number, enable: boolean) => byUrl.put('/ccms/plan/enable', { id, enable }),
  remove: (ids: readonly number[]) => byUrl.delete(`/ccms/plan/${ids.join(',')}`),
  export: (query: object) => download('/ccms/plan/export', exportQuery(query), `plan_${Date.now()}.xlsx`),
};
