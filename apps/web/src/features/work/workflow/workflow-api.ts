import { type TaskContentBody, WorkflowApi } from '@ccms/contracts/work/workflow';
import { api } from '../../../api/client';

/** A plan's review workflow (server: modules/work/workflow). Screens use `workflow-queries.ts`. */
export const workflowApi = {
  get: (planId: number) => api.one(WorkflowApi.get, { path: { planId } }),
  mine: () => api.one(WorkflowApi.mine),
  act: async (action: 'activate' | 'initiate' | 'approve', planId: number) => (await api.call(WorkflowApi[action], { body: { planId } })).data,
  reject: async (planId: number, reason: string) => (await api.call(WorkflowApi.reject, { body: { planId, reason } })).data,
  /** What changed in a covered item since its last approval (or the plan's base). */
  diff: (planId: number, path: string) => api.one(WorkflowApi.diff, { path: { planId }, query: { path } }),
  taskContent: (taskId: number) => api.one(WorkflowApi.taskContent, { path: { id: taskId } }),
  setTaskContent: (body: TaskContentBody) => api.call(WorkflowApi.setTaskContent, { body }),
};
