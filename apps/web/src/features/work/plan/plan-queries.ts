import type { PlanBody, PlanUpdate } from '@ccms/contracts/work/plan';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { entityKeys } from '../../../api/query-keys';
import type { PageParams } from '../../../shared/list/query';
import { type PlanFilters, planApi } from './plan-api';

export type PlanListParams = PlanFilters & PageParams;

const keys = entityKeys<PlanListParams>('work', 'plan');
/** The plan data layer (see shared/form/README.md). */
export const planKeys = { ...keys, options: (projectId: number) => [...keys.all, 'options', projectId] as const };

export const planQueries = {
  list: (params: PlanListParams) => ({ queryKey: planKeys.list(params), queryFn: () => planApi.list(params) }),
  detail: (id: number) => ({ queryKey: planKeys.detail(id), queryFn: () => planApi.get(id) }),
};

export const usePlan = (id: number, enabled = true) => useQuery({ ...planQueries.detail(id), enabled });

/** The plans of a project, for pickers. */
export const usePlanOptions = (projectId: number | null | undefined, enabled = true) =>
  useQuery({ queryKey: planKeys.options(projectId ?? 0), queryFn: () => planApi.options(projectId ?? 0), enabled: enabled && !!projectId });

/** Adds when the body has no `id`, else updates. */
export function useSavePlan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PlanBody | PlanUpdate) => ('id' in body ? planApi.update(body) : planApi.add(body)),
    onSuccess: () => client.invalidateQueries({ queryKey: planKeys.all }),
  });
}

export function useDeletePlans() {
  const client = useQueryClient();
  return useMutation({ mutationFn: (ids: readonly number[]) => planApi.remove(ids), onSuccess: () => client.invalidateQueries({ queryKey: planKeys.all }) });
}

export function useSetPlanEnabled() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, enable }: { id: number; enable: boolean }) => planApi.setEnabled(id, enable),
    onSuccess: () => client.invalidateQueries({ queryKey: planKeys.all }),
  });
}
