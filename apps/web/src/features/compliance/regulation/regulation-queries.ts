import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { entityKeys } from '../../../api/query-keys';
import { type ClauseListParams, type LinkListParams, type RegulationListParams, type RegulationSave, regulationApi } from './regulation-api';

/** The compliance data layer for regulations, their clauses and links; a change invalidates through the keys. */
const keys = entityKeys<RegulationListParams>('compliance', 'regulation');
const clauses = entityKeys<ClauseListParams>('compliance', 'clause');
const links = entityKeys<LinkListParams>('compliance', 'link');
export const regulationKeys = {
  ...keys,
  grants: (id: number) => [...keys.all, 'grants', id] as const,
  granteeUsers: (id: number, search: string) => [...keys.all, 'granteeUsers', id, search] as const,
  granteeRoles: (id: number) => [...keys.all, 'granteeRoles', id] as const,
};
export const clauseKeys = { ...clauses, tree: (regulationId: number) => [...clauses.all, 'tree', regulationId] as const };

export const regulationQueries = {
  list: (params: RegulationListParams) => ({ queryKey: keys.list(params), queryFn: () => regulationApi.list(params) }),
  one: (id: number) => ({ queryKey: keys.detail(id), queryFn: () => regulationApi.one(id) }),
  clauses: (params: ClauseListParams) => ({ queryKey: clauses.list(params), queryFn: () => regulationApi.clauses(params) }),
  links: (params: LinkListParams) => ({ queryKey: links.list(params), queryFn: () => regulationApi.links(params) }),
};

export const useRegulation = (id: number | undefined) => useQuery({ ...regulationQueries.one(id ?? 0), enabled: !!id });
/** The regulations to pick from; `enabled` false until the picker is shown (a closed dialog asks nothing it may be refused). */
export const useRegulationOptions = (enabled = true) =>
  useQuery({ ...regulationQueries.list({ pageNum: 1, pageSize: 200 }), placeholderData: keepPreviousData, enabled });
export const useClauseTree = (regulationId: number | undefined) =>
  useQuery({ queryKey: clauseKeys.tree(regulationId ?? 0), queryFn: () => regulationApi.tree(regulationId ?? 0), enabled: !!regulationId });
export const useClauses = (params: ClauseListParams, enabled = true) =>
  useQuery({ ...regulationQueries.clauses(params), placeholderData: keepPreviousData, enabled });
export const useLinks = (params: LinkListParams, enabled = true) =>
  useQuery({ ...regulationQueries.links(params), placeholderData: keepPreviousData, enabled });

function useInvalidate(...roots: (readonly unknown[])[]) {
  const client = useQueryClient();
  return () => Promise.all(roots.map((queryKey) => client.invalidateQueries({ queryKey })));
}

export function useSaveRegulation() {
  const invalidate = useInvalidate(keys.all);
  return useMutation({ mutationFn: (body: RegulationSave) => regulationApi.save(body), onSuccess: invalidate });
}
export function useReviseRegulation() {
  const invalidate = useInvalidate(keys.all);
  return useMutation({ mutationFn: regulationApi.revise, onSuccess: invalidate });
}
export function useDeleteRegulations() {
  const invalidate = useInvalidate(keys.all);
  return useMutation({ mutationFn: (ids: readonly number[]) => regulationApi.remove(ids), onSuccess: invalidate });
}
/** Any clause change: lists, trees and the regulation's clause count. */
export function useClauseChange<A, R = unknown>(fn: (arg: A) => Promise<R>) {
  const invalidate = useInvalidate(clauses.all, keys.all, links.all);
  return useMutation({ mutationFn: fn, onSuccess: invalidate });
}
export function useLinkChange<A>(fn: (arg: A) => Promise<unknown>) {
  const invalidate = useInvalidate(links.all, clauses.all);
  return useMutation({ mutationFn: fn, onSuccess: invalidate });
}
