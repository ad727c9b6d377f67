import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { entityKeys } from '../../../api/query-keys';
import { type MatrixParams, type ReportListParams, reportApi } from './report-api';

/** The compliance report data layer; a freeze or a delete invalidates every report list and matrix. */
const keys = entityKeys<ReportListParams>('compliance', 'report');
export const reportKeys = {
  ...keys,
  matrix: (id: number, params: MatrixParams) => [...keys.all, 'matrix', id, params] as const,
  compare: (left: number, right: number) => [...keys.all, 'compare', left, right] as const,
};

export const reportQueries = {
  list: (params: ReportListParams) => ({ queryKey: keys.list(params), queryFn: () => reportApi.list(params) }),
};

export const useMatrix = (id: number | undefined, params: MatrixParams) =>
  useQuery({
    queryKey: reportKeys.matrix(id ?? 0, params),
    queryFn: () => reportApi.matrix(id ?? 0, params),
    enabled: !!id,
    placeholderData: keepPreviousData,
  });
export const useReport = (id: number | undefined) => useQuery({ queryKey: keys.detail(id ?? 0), queryFn: () => reportApi.one(id ?? 0), enabled: !!id });
export const useCompare = (left: number | undefined, right: number | undefined) =>
  useQuery({ queryKey: reportKeys.compare(left ?? 0, right ?? 0), queryFn: () => reportApi.compare(left ?? 0, right ?? 0), enabled: !!left && !!right });

function useReportChange<A, R>(fn: (arg: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: keys.all }) });
}
export const useCreateReport = () => useReportChange(reportApi.create);
export const useFreezeReport = () => useReportChange(reportApi.freeze);
export const useDeleteReports = () => useReportChange((ids: readonly number[]) => reportApi.remove(ids));
