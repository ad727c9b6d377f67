import type { ComplianceReport, Matrix, MatrixQuery, ReportBody, ReportComparison, ReportQuery } from '@ccms/contracts/compliance/compliance-report';
import type { z } from 'zod';
import { api } from '../../../api/client';
import { download } from '../../../shared/download';

export type ReportListParams = z.input<typeof ReportQuery>;
export type ReportFilters = Pick<ReportListParams, 'name'>;
export type MatrixParams = z.input<typeof MatrixQuery>;

/** Compliance reports (server: modules/compliance/report). Screens use `report-queries.ts`. */
export const reportApi = {
  list: (params: ReportListParams) => api.list<ComplianceReport>('/ccms/complianceReport/list', params),
  one: (id: number) => api.one<ComplianceReport>(`/ccms/complianceReport/${id}`),
  matrix: (id: number, params: MatrixParams) => api.one<Matrix>(`/ccms/complianceReport/${id}/matrix`, params),
  create: (body: z.input<typeof ReportBody>) => api.post<{ data: { reportId: number } }>('/ccms/complianceReport', body).then((r) => r.data),
  freeze: (id: number) => api.put(`/ccms/complianceReport/${id}/freeze`),
  compare: (left: number, right: number) => api.one<ReportComparison>('/ccms/complianceReport/compare', { left, right }),
  remove: (ids: readonly number[]) => api.delete(`/ccms/complianceReport/${ids.join(',')}`),
  exportExcel: (r: ComplianceReport) => download(`/ccms/complianceReport/${r.reportId}/export`, {}, `${r.name}.xlsx`),
  exportPdf: (r: ComplianceReport) => download(`/ccms/complianceReport/${r.reportId}/pdf`, {}, `${r.name}.pdf`),
};
