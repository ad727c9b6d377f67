import type { TaskContentItem } from '@ccms/contracts/work/workflow';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { entityKeys } from '../../../api/query-keys';
import { documentApi } from '../../content/document/document-api';
import { topicApi } from '../../content/topic/topic-api';
import { workflowApi } from './workflow-api';

/** The workflow data layer (see shared/form/README.md). */
export const workflowKeys = entityKeys<Record<string, never>>('work', 'workflow');
const mineKey = [...workflowKeys.all, 'mine'] as const;

export const useWorkflow = (planId: number | undefined) =>
  useQuery({ queryKey: workflowKeys.detail(planId ?? 0), queryFn: () => workflowApi.get(planId ?? 0), enabled: planId !== undefined });

export const useMyApprovals = () => useQuery({ queryKey: mineKey, queryFn: workflowApi.mine });

/** What changed in a covered item (fetched while its view is open; an approval or a save makes it stale through workflowKeys.all). */
export const useWorkflowDiff = (planId: number, path: string | undefined) =>
  useQuery({ queryKey: [...workflowKeys.all, 'diff', planId, path ?? ''] as const, queryFn: () => workflowApi.diff(planId, path ?? ''), enabled: !!path });

const taskContentKey = (taskId: number) => [...workflowKeys.all, 'task-content', taskId] as const;

/** The documents and topics a task covers. */
export const useTaskContent = (taskId: number, enabled = true) =>
  useQuery({ queryKey: taskContentKey(taskId), queryFn: () => workflowApi.taskContent(taskId), enabled });

/** Documents or topics of the plan's library branch whose title (or, for documents, name or path) matches the search. */
export function useTaskContentChoices(kind: TaskContentItem['kind'], libraryId: number, branch: string, search: string) {
  return useQuery({
    queryKey: [...workflowKeys.all, 'task-content-choices', kind, libraryId, branch, search] as const,
    enabled: libraryId > 0,
    queryFn: async () => {
      const scope = { libraryId, ...(branch ? { branch } : {}), pageNum: 1, pageSize: 20 };
      if (kind === 'document') {
        const page = await documentApi.list({ ...scope, ...(search ? { name: search } : {}) });
        return page.rows.map((r) => ({ path: r.path, label: r.name ? `${r.name} — ${r.path}` : r.path }));
      }
      const page = await topicApi.list({ ...scope, ...(search ? { title: search } : {}) });
      return page.rows.map((r) => ({ path: r.path, label: r.title ? `${r.title} — ${r.path}` : r.path }));
    },
  });
}

/** Replaces what a task covers; the task's coverage and every workflow (its content list) refresh. */
export function useSetTaskContent(taskId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (items: TaskContentItem[]) => workflowApi.setTaskContent({ taskId, items }),
    onSuccess: () => void client.invalidateQueries({ queryKey: workflowKeys.all }),
  });
}

/** Activate, initiate, approve or reject (with a reason); the workflow, My tasks and content lists refresh. */
export function useWorkflowAction(planId: number | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (a: { action: 'activate' | 'initiate' | 'approve' } | { action: 'reject'; reason: string }) =>
      a.action === 'reject' ? workflowApi.reject(planId ?? 0, a.reason) : workflowApi.act(a.action, planId ?? 0),
    onSuccess: (wf) => {
      client.setQueryData(workflowKeys.detail(wf.planId), wf);
      void client.invalidateQueries({ queryKey: workflowKeys.all });
      void client.invalidateQueries({ queryKey: ['content'] });
      void client.invalidateQueries({ queryKey: ['work', 'task'] });
    },
  });
}
