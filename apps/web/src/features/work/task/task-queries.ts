import type { TaskBody, TaskProgressBody, TaskUpdate } from '@ccms/contracts/work/task';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { entityKeys } from '../../../api/query-keys';
import type { PageParams } from '../../../shared/list/query';
import { planKeys } from '../plan/plan-queries';
import { type TaskFilters, taskApi } from './task-api';

export type TaskListParams = TaskFilters & PageParams;

const keys = entityKeys<TaskListParams>('work', 'task');
/** The task data layer (see shared/form/README.md); my tasks sit under `taskKeys.all` too. */
export const taskKeys = { ...keys, mine: (params: TaskListParams) => [...keys.all, 'mine', params] as const };

export const taskQueries = {
  list: (params: TaskListParams) => ({ queryKey: taskKeys.list(params), queryFn: () => taskApi.list(params) }),
  mine: (params: TaskListParams) => ({ queryKey: taskKeys.mine(params), queryFn: () => taskApi.mine(params) }),
  detail: (id: number) => ({ queryKey: taskKeys.detail(id), queryFn: () => taskApi.get(id) }),
};

export const useTask = (id: number, enabled = true) => useQuery({ ...taskQueries.detail(id), enabled });

/** A task change also moves its plan's progress: tasks and plans refresh together. */
function useInvalidateTasks() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: taskKeys.all }), client.invalidateQueries({ queryKey: planKeys.all })]);
}

/** Adds when the body has no `id`, else updates. */
export function useSaveTask() {
  const invalidate = useInvalidateTasks();
  return useMutation({ mutationFn: (body: TaskBody | TaskUpdate) => ('id' in body ? taskApi.update(body) : taskApi.add(body)), onSuccess: invalidate });
}

export function useTaskProgress() {
  const invalidate = useInvalidateTasks();
  return useMutation({ mutationFn: (body: TaskProgressBody) => taskApi.progress(body), onSuccess: invalidate });
}

export function useDeleteTasks() {
  const invalidate = useInvalidateTasks();
  return useMutation({ mutationFn: (ids: readonly number[]) => taskApi.remove(ids), onSuccess: invalidate });
}
