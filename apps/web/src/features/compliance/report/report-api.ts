import { type ComplianceReport, ComplianceReportApi, type MatrixQuery, type ReportBody, type ReportQuery } from '@ccms/contracts/compliance/compliance-report';
import { urlOf } from '@ccms/contracts/endpoint';
import type { z } from 'zod';
import { api } from '../../../api/client';
import { download } from '../../../shared/download';

export type ReportListParams = z.input<typeof ReportQuery>;
export type ReportFilters = Pick<ReportListParams, 'name'>;
export type MatrixParams = z.input<typeof MatrixQuery>;

/** Compliance reports (server: modules/compliance/report). Screens use `report-queries.ts`. */
export const reportApi = {
  list: (params: ReportListParams) => api.list(ComplianceReportApi.list, { query: params }),
  one: (id: number) => api.one(ComplianceReportApi.get, { path: { id } }),
  matrix: (id: number, params: MatrixParams) => api.one(ComplianceReportApi.matrix, { path: { id }, query: params }),
  create: (body: z.input<typeof ReportBody>) => api.one(ComplianceReportApi.add, { body }),
  freeze: (id: number) => api.call(ComplianceReportApi.freeze, { path: { id } }),
  compare: (left: number, right: number) => api.one(ComplianceReportApi.compare, { query: { left, right } }),
  remove: (ids: readonly number[]) => api.call(ComplianceReportApi.remove, { path: { ids } }),
  exportExcel: (r: ComplianceReport) => download(urlOf(ComplianceReportApi.exportExcel, { id: r.reportId }), {}, `${r.name}.xlsx`),
  exportPdf: (r: ComplianceReport) => download(urlOf(ComplianceReportApi.exportPdf, { id: r.reportId }), {}, `${r.name}.pdf`),
};
