import {
  ComplianceReport,
  ComplianceReportPerm,
  Matrix,
  MatrixQuery,
  ReportBody,
  ReportCompareQuery,
  ReportComparison,
  ReportQuery,
} from '@ccms/contracts/compliance/compliance-report';
import { IdList, IdParam, OkEmpty, okOf, rowsOf } from '@ccms/contracts/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../../platform/auth/guard';
import { done, ok, rows } from '../../../platform/http/envelope';
import { sendXlsx } from '../../../platform/http/excel';
import { acceptFormBodies } from '../../../platform/http/request-body';
import { BusinessType } from '../../../platform/types';
import { reportPdf } from './report.pdf';

const log = (businessType: BusinessType) => ({ title: 'compliance report', businessType });
const tags = ['compliance/report'];
const Xlsx = z.unknown().describe('an .xlsx workbook');
const Pdf = z.unknown().describe('a PDF document');

export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  // The web's download helper posts form fields.
  acceptFormBodies(app);
  const reports = app.compliance.reports;

  app.get(
    '/ccms/complianceReport/list',
    {
      config: { permission: ComplianceReportPerm.list },
      schema: {
        summary: 'List compliance reports (of regulations granted to the caller)',
        tags,
        querystring: ReportQuery,
        response: { 200: rowsOf(ComplianceReport) },
      },
    },
    async (req) => rows(await reports.list(caller(req), req.query)),
  );
  app.get(
    '/ccms/complianceReport/compare',
    {
      config: { permission: ComplianceReportPerm.query },
      schema: {
        summary: 'Compare the verdicts of two reports of the same scope',
        tags,
        querystring: ReportCompareQuery,
        response: { 200: okOf(ReportComparison) },
      },
    },
    async (req) => ok(await reports.compare(caller(req), req.query.left, req.query.right)),
  );
  app.get(
    '/ccms/complianceReport/:id/matrix',
    {
      config: { permission: ComplianceReportPerm.query },
      schema: { summary: 'A page of the compliance matrix with the totals', tags, params: IdParam, querystring: MatrixQuery, response: { 200: okOf(Matrix) } },
    },
    async (req) => ok(await reports.matrix(caller(req), req.params.id, req.query)),
  );
  app.get(
    '/ccms/complianceReport/:id',
    {
      config: { permission: ComplianceReportPerm.query },
      schema: { summary: 'Get a compliance report', tags, params: IdParam, response: { 200: okOf(ComplianceReport) } },
    },
    async (req) => ok(await reports.get(caller(req), req.params.id)),
  );
  app.post(
    '/ccms/complianceReport',
    {
      config: { permission: ComplianceReportPerm.add, log: log(BusinessType.INSERT) },
      schema: {
        summary: 'Create a compliance report for a regulation revision and a scope',
        tags,
        body: ReportBody,
        response: { 200: okOf(z.object({ reportId: z.number() })) },
      },
    },
    async (req) => ok(await reports.create(caller(req), req.body)),
  );
  app.put(
    '/ccms/complianceReport/:id/freeze',
    {
      config: { permission: ComplianceReportPerm.add, log: log(BusinessType.UPDATE) },
      schema: { summary: 'Freeze a report: its figures and evidence are stored and never change', tags, params: IdParam, response: { 200: OkEmpty } },
    },
    async (req) => {
      await reports.freeze(caller(req), req.params.id);
      return done();
    },
  );
  app.post(
    '/ccms/complianceReport/:id/export',
    {
      config: { permission: ComplianceReportPerm.export, log: log(BusinessType.EXPORT) },
      schema: { summary: 'Export the matrix as an Excel workbook (one row per clause and link, with filters)', tags, params: IdParam, response: { 200: Xlsx } },
    },
    async (req, reply) => {
      const { name, buffer } = await reports.exportExcel(caller(req), req.params.id, req.lang);
      return sendXlsx(reply, `${name}.xlsx`, buffer);
    },
  );
  app.post(
    '/ccms/complianceReport/:id/pdf',
    {
      config: { permission: ComplianceReportPerm.export, log: log(BusinessType.EXPORT) },
      schema: { summary: 'Export the report as a PDF: cover, scope, totals, matrix and evidence list', tags, params: IdParam, response: { 200: Pdf } },
    },
    async (req, reply) => {
      const full = await reports.full(caller(req), req.params.id);
      const pdf = await reportPdf(full, req.lang);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(`${full.report.name}.pdf`)}`)
        .send(pdf);
    },
  );
  app.delete(
    '/ccms/complianceReport/:ids',
    {
      config: { permission: ComplianceReportPerm.remove, log: log(BusinessType.DELETE) },
      schema: { summary: 'Delete compliance reports', tags, params: z.object({ ids: IdList }), response: { 200: OkEmpty } },
    },
    async (req) => {
      await reports.remove(caller(req), req.params.ids);
      return done();
    },
  );
};
