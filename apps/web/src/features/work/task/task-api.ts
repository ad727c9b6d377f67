import type { Task, TaskBody, TaskProgressBody, TaskQuery, TaskUpdate } from '@ccms/contracts/work/task';
import { byUrl } from '../../../api/client';
import { download } from '../../../shared/download';
import type { PageParams } from '../../../shared/list/query';
import { exportQuery } from '../project/project-api';

export type TaskFilters = Pick<TaskQuery, 'projectId' | 'planId' | 'title' | 'status' | 'category'>;

/** Tasks and my tasks (server: modules/work/task). */
export const taskApi = {
  list: (query: TaskFilters & PageParams) => byUrl.list<Task>('/ccms/task/list', query),
  mine: (query: TaskFilters & PageParams) => byUrl.list<Task>('/ccms/task/mine', query),
  get: (id: number) => byUrl.one<Task>(`/ccms/task/${id}`),
  add: (body: TaskBody) => byUrl.post('/ccms/task', body),
  update: (body: TaskUpdate) => byUrl.put('/ccms/task', body),
  progress: (body: TaskProgressBody) => byUrl.put('/ccms/task/progress', body),
  remove: (ids: readonly number[]) => byUrl.delete(`/ccms/task/${ids.join(',')}`),
  export: (query: object) => download('/ccms/task/export', exportQuery(query), `task_${Date.now()}.xlsx`),
};
