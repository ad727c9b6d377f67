import type { DeptQuery } from '@ccms/contracts/system/dept';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { entityKeys } from '../../../api/query-keys';
import { type DeptSave, deptApi, deptIds, deptTree } from './dept-api';

const keys = entityKeys<DeptQuery>('system', 'dept');
/** The department data layer (see shared/form/README.md). */
export const deptKeys = {
  ...keys,
  /** The parents a department may move under (all when adding). */
  parents: (deptId: number | undefined) => [...keys.all, 'parents', deptId ?? 'all'] as const,
};

export const deptQueries = {
  /** The tree table's rows (unpaged: the total counts every node). */
  list: (params: DeptQuery) => ({
    queryKey: deptKeys.list(params),
    queryFn: async () => {
      const rows = deptTree(await deptApi.list({ deptName: params.deptName || undefined, status: params.status }));
      return { rows, total: deptIds(rows).length };
    },
  }),
  detail: (deptId: number) => ({ queryKey: deptKeys.detail(deptId), queryFn: () => deptApi.get(deptId) }),
  parents: (deptId: number | undefined) => ({
    queryKey: deptKeys.parents(deptId),
    queryFn: () => (deptId === undefined ? deptApi.list() : deptApi.listExcluding(deptId)),
  }),
};

export const useDept = (deptId: number | undefined) => useQuery({ ...deptQueries.detail(deptId ?? 0), enabled: deptId !== undefined });

export const useDeptParents = (deptId: number | undefined, enabled: boolean) => useQuery({ ...deptQueries.parents(deptId), enabled });

export function useSaveDept() {
  const client = useQueryClient();
  return useMutation({ mutationFn: (body: DeptSave) => deptApi.save(body), onSuccess: () => client.invalidateQueries({ queryKey: deptKeys.all }) });
}

export function useDeleteDept() {
  const client = useQueryClient();
  return useMutation({ mutationFn: (deptId: number) => deptApi.remove(deptId), onSuccess: () => client.invalidateQueries({ queryKey: deptKeys.all }) });
}
