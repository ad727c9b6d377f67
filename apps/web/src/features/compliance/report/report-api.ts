import type { ComplianceReport, Matrix, MatrixQuery, ReportBody, ReportComparison, ReportQuery } from '@ccms/contracts/compliance/compliance-report';
import type { z } from 'zod';
import { byUrl } from '../../../api/client';
import { download } from '../../../shared/download';

export type ReportListParams = z.input<typeof ReportQuery>;
export type ReportFilters = Pick<ReportListParams, 'name'>;
export type MatrixParams = z.input<typeof MatrixQuery>;

/** Compliance reports (server: modules/compliance/report). Screens use `report-queries.ts`. */
export const reportApi = {
  list: (params: ReportListParams) => byUrl.list<ComplianceReport>('/ccms/complianceReport/list', params),
  one: (id: number) => byUrl.one<ComplianceReport>(`/ccms/complianceReport/${id}`),
  matrix: (id: number, params: MatrixParams) => byUrl.one<Matrix>(`/ccms/complianceReport/${id}/matrix`, params),
  create: (body: z.input<typeof ReportBody>) => byUrl.post<{ data: { reportId: number } }>('/ccms/complianceReport', body).then((r) => r.data),
  freeze: (id: number) => byUrl.put(`/ccms/complianceReport/${id}/freeze`),
  compare: (left: number, right: number) => byUrl.one<ReportComparison>('/ccms/complianceReport/compare', { left, right }),
  remove: (ids: readonly number[]) => byUrl.delete(`/ccms/complianceReport/${ids.join(',')}`),
  exportExcel: (r: ComplianceReport) => download(`/ccms/complianceReport/${r.reportId}/export`, {}, `${r.name}.xlsx`),
  exportPdf: (r: ComplianceReport) => download(`/ccms/complianceReport/${r.reportId}/pdf`, {}, `${r.name}.pdf`),
};
