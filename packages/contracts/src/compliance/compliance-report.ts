import { z } from 'zod';
import { endpoint } from '../endpoint';
import { DateTime, IdList, IdParam, OkEmpty, okOf, PageQuery, qInt, rowsOf } from '../http';
import { optionalText } from '../monitor/filters';
import { LinkTarget, MeansOfCompliance } from './regulation';

/** Compliance reports: the matrix of a regulation revision over a scope, live or frozen. */
export const ComplianceReportPerm = {
  list: 'ccms:complianceReport:list',
  query: 'ccms:complianceReport:query',
  add: 'ccms:complianceReport:add',
  remove: 'ccms:complianceReport:remove',
  export: 'ccms:complianceReport:export',
} as const;

/**
 * The content a report covers: a library branch, one document, a publication's map, or a project
 * release (the documents whose outputs were archived to it, else its project's library branch).
 */
export const REPORT_SCOPES = ['branch', 'document', 'publication', 'release'] as const;
export const ReportScope = z.enum(REPORT_SCOPES);
export type ReportScope = z.infer<typeof ReportScope>;

/** Verdict per clause: all links approved, some draft or flagged, none, or not applicable (justified). */
export const VERDICTS = ['covered', 'partial', 'notCovered', 'notApplicable'] as const;
export const Verdict = z.enum(VERDICTS);
export type Verdict = z.infer<typeof Verdict>;

export const ScopeBody = z
  .object({
    regulationId: z.number().int().positive().describe('the regulation revision (GET /ccms/regulation/list)'),
    scopeType: ReportScope,
    libraryId: z.number().int().positive().optional().describe('library of a branch scope (GET /ccms/library/list)'),
    branch: z.string().trim().max(200).optional().describe("branch of a branch scope; default: the library's default branch"),
    documentId: z.number().int().positive().optional().describe('a document (GET /ccms/document/list)'),
    publicationId: z.number().int().positive().optional().describe('a publication (GET /ccms/publication/list)'),
    releaseId: z.number().int().positive().optional().describe('a project release (GET /ccms/release/list)'),
  })
  .superRefine((b, ctx) => {
    const need = { branch: 'libraryId', document: 'documentId', publication: 'publicationId', release: 'releaseId' } as const;
    const field = need[b.scopeType];
    if (b[field] === undefined) ctx.addIssue({ code: 'custom', message: 'field.required', path: [field] });
  });
export type ScopeBody = z.infer<typeof ScopeBody>;

export const ReportBody = z.object({
  name: z.string().trim().min(1).max(200),
  scope: ScopeBody,
});
export type ReportBody = z.infer<typeof ReportBody>;

/** One link of a clause as the matrix shows it, with the answering content's state. */
export const MatrixLink = z.object({
  linkId: z.number(),
  targetType: LinkTarget,
  targetTitle: z.string(),
  path: z.string(),
  elementId: z.string(),
  means: MeansOfCompliance,
  status: z.string().describe('status of the answering content (draft, approved, ...)'),
  approvedCommit: z.string().describe('commit of the approved revision; empty: none (the latest commit stands in)'),
  approvedBy: z.string(),
  approveTime: DateTime,
  flagged: z.boolean(),
  approved: z.boolean().describe('counts as approved evidence'),
});
export type MatrixLink = z.infer<typeof MatrixLink>;

export const MatrixRow = z.object({
  clauseId: z.number(),
  number: z.string(),
  title: z.string(),
  level: z.number(),
  verdict: Verdict,
  justification: z.string(),
  links: z.array(MatrixLink),
  outOfScope: z
    .array(z.object({ targetTitle: z.string(), path: z.string(), branch: z.string() }))
    .default([])
    .describe("the clause's links to content outside the report's scope (another library, branch or document): shown, not counted"),
});
export type MatrixRow = z.infer<typeof MatrixRow>;

export const Totals = z.object({
  clauses: z.number(),
  covered: z.number(),
  partial: z.number(),
  notCovered: z.number(),
  notApplicable: z.number(),
  links: z.number(),
  coverage: z.number().describe('covered / applicable clauses, 0..100'),
});
export type Totals = z.infer<typeof Totals>;

export const MatrixQuery = PageQuery.extend({
  verdict: Verdict.optional(),
  keyword: optionalText(200),
});
export type MatrixQuery = z.infer<typeof MatrixQuery>;

export const Matrix = z.object({
  totals: Totals,
  rows: z.array(MatrixRow),
  total: z.number().describe('rows matching the filter'),
  frozen: z.boolean(),
  commitNote: z.boolean().describe('some content has no approved revision: its latest commit stands in'),
});
export type Matrix = z.infer<typeof Matrix>;

export const ComplianceReport = z.object({
  reportId: z.number(),
  name: z.string(),
  regulationId: z.number(),
  regulationName: z.string(),
  regulationRevision: z.string(),
  scopeType: ReportScope,
  libraryId: z.number().nullable(),
  branch: z.string(),
  documentId: z.number().nullable(),
  publicationId: z.number().nullable(),
  releaseId: z.number().nullable(),
  scopeLabel: z.string(),
  frozen: z.boolean(),
  totals: Totals.nullable().describe('stored figures of a frozen report'),
  frozenBy: z.string(),
  frozenTime: DateTime,
  createBy: z.string(),
  createTime: DateTime,
});
export type ComplianceReport = z.infer<typeof ComplianceReport>;

export const ReportQuery = PageQuery.extend({
  regulationId: qInt.positive().optional().describe('id of a regulation revision (GET /ccms/regulation/list)'),
  name: optionalText(200),
});
export type ReportQuery = z.infer<typeof ReportQuery>;

/** Two reports of the same scope side by side: per clause, the verdict in each. */
export const ReportCompareQuery = z.object({ left: qInt.positive(), right: qInt.positive() });
export const ReportComparison = z.object({
  left: ComplianceReport,
  right: ComplianceReport,
  rows: z.array(z.object({ number: z.string(), title: z.string(), left: Verdict.nullable(), right: Verdict.nullable(), changed: z.boolean() })),
});
export type ReportComparison = z.infer<typeof ReportComparison>;

const Xlsx = z.unknown().describe('an .xlsx workbook');
const Pdf = z.unknown().describe('a PDF document');
const tag = 'compliance/report';

/** The report API: each endpoint's URL, method, access and schemas, for the server's routes and the web's calls. */
export const ComplianceReportApi = {
  list: endpoint({
    method: 'GET',
    url: '/ccms/complianceReport/list',
    access: { permission: ComplianceReportPerm.list },
    summary: 'List compliance reports (of regulations granted to the caller)',
    tag,
    query: ReportQuery,
    response: rowsOf(ComplianceReport),
  }),
  compare: endpoint({
    method: 'GET',
    url: '/ccms/complianceReport/compare',
    access: { permission: ComplianceReportPerm.query },
    summary: 'Compare the verdicts of two reports of the same scope',
    tag,
    query: ReportCompareQuery,
    response: okOf(ReportComparison),
  }),
  matrix: endpoint({
    method: 'GET',
    url: '/ccms/complianceReport/:id/matrix',
    access: { permission: ComplianceReportPerm.query },
    summary: 'A page of the compliance matrix with the totals',
    tag,
    params: IdParam,
    query: MatrixQuery,
    response: okOf(Matrix),
  }),
  get: endpoint({
    method: 'GET',
    url: '/ccms/complianceReport/:id',
    access: { permission: ComplianceReportPerm.query },
    summary: 'Get a compliance report',
    tag,
    params: IdParam,
    response: okOf(ComplianceReport),
  }),
  add: endpoint({
    method: 'POST',
    url: '/ccms/complianceReport',
    access: { permission: ComplianceReportPerm.add },
    summary: 'Create a compliance report for a regulation revision and a scope',
    tag,
    body: ReportBody,
    response: okOf(z.object({ reportId: z.number() })),
  }),
  freeze: endpoint({
    method: 'PUT',
    url: '/ccms/complianceReport/:id/freeze',
    access: { permission: ComplianceReportPerm.add },
    summary: 'Freeze a report: its figures and evidence are stored and never change',
    tag,
    params: IdParam,
    response: OkEmpty,
  }),
  exportExcel: endpoint({
    method: 'POST',
    url: '/ccms/complianceReport/:id/export',
    access: { permission: ComplianceReportPerm.export },
    summary: 'Export the matrix as an Excel workbook (one row per clause and link, with filters)',
    tag,
    params: IdParam,
    response: Xlsx,
  }),
  exportPdf: endpoint({
    method: 'POST',
    url: '/ccms/complianceReport/:id/pdf',
    access: { permission: ComplianceReportPerm.export },
    summary: 'Export the report as a PDF: cover, scope, totals, matrix and evidence list',
    tag,
    params: IdParam,
    response: Pdf,
  }),
  remove: endpoint({
    method: 'DELETE',
    url: '/ccms/complianceReport/:ids',
    access: { permission: ComplianceReportPerm.remove },
    summary: 'Delete compliance reports',
    tag,
    params: z.object({ ids: IdList }),
    response: OkEmpty,
  }),
};
