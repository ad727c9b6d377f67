import { urlOf } from '@ccms/contracts/endpoint';
import { TaskApi, type TaskBody, type TaskProgressBody, type TaskQuery, type TaskUpdate } from '@ccms/contracts/work/task';
import { api } from '../../../api/client';
import { download } from '../../../shared/download';
import type { PageParams } from '../../../shared/list/query';
import { exportQuery } from '../project/project-api';

export type TaskFilters = Pick<TaskQuery, 'projectId' | 'planId' | 'title' | 'status' | 'category'>;

/** Tasks and my tasks (server: modules/work/task). */
export const taskApi = {
  list: (query: TaskFilters & PageParams) => api.list(TaskApi.list, { query }),
  mine: (query: TaskFilters & PageParams) => api.list(TaskApi.mine, { query }),
  get: (id: number) => api.one(TaskApi.get, { path: { id } }),
  add: (body: TaskBody) => api.call(TaskApi.add, { body }),
  update: (body: TaskUpdate) => api.call(TaskApi.edit, { body }),
  progress: (body: TaskProgressBody) => api.call(TaskApi.progress, { body }),
  remove: (ids: readonly number[]) => api.call(TaskApi.remove, { path: { ids } }),
  export: (query: object) => download(urlOf(TaskApi.export), exportQuery(query), `task_${Date.now()}.xlsx`),
};
