import type { MyApproval, TaskContentBody, TaskContentItem, Workflow, WorkflowDiff } from '@ccms/contracts/work/workflow';
import { byUrl, type DataBody } from '../../../api/client';

/** A plan's review workflow (server: modules/work/workflow). Screens use `workflow-queries.ts`. */
export const workflowApi = {
  get: (planId: number) => byUrl.one<Workflow>(`/ccms/workflow/${planId}`),
  mine: () => byUrl.one<MyApproval[]>('/ccms/workflow/mine'),
  act: async (action: 'activate' | 'initiate' | 'approve', planId: number) =>
    (await byUrl.post<DataBody<Workflow>>(`/ccms/workflow/${action}`, { planId })).data,
  reject: async (planId: number, reason: string) => (await byUrl.post<DataBody<Workflow>>('/ccms/workflow/reject', { planId, reason })).data,
  /** What changed in a covered item since its last approval (or the plan's base). */
  diff: (planId: number, path: string) => byUrl.one<WorkflowDiff>(`/ccms/workflow/${planId}/diff`, { path }),
  taskContent: (taskId: number) => byUrl.one<TaskContentItem[]>(`/ccms/workflow/task-content/${taskId}`),
  setTaskContent: (body: TaskContentBody) => byUrl.put('/ccms/workflow/task-content', body),
};
