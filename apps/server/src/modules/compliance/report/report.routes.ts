import { ComplianceReportApi } from '@ccms/contracts/compliance/compliance-report';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../../platform/auth/guard';
import { routeOf } from '../../../platform/http/endpoint-route';
import { done, ok, rows } from '../../../platform/http/envelope';
import { sendXlsx } from '../../../platform/http/excel';
import { acceptFormBodies } from '../../../platform/http/request-body';
import { BusinessType } from '../../../platform/types';
import { reportPdf } from './report.pdf';

const log = (businessType: BusinessType) => ({ log: { title: 'compliance report', businessType } });

export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  // The web's download helper posts form fields.
  acceptFormBodies(app);
  const reports = app.compliance.reports;

  app.route({
    ...routeOf(ComplianceReportApi.list),
    handler: async (req) => rows(await reports.list(caller(req), req.query)),
  });
  app.route({
    ...routeOf(ComplianceReportApi.compare),
    handler: async (req) => ok(await reports.compare(caller(req), req.query.left, req.query.right)),
  });
  app.route({
    ...routeOf(ComplianceReportApi.matrix),
    handler: async (req) => ok(await reports.matrix(caller(req), req.params.id, req.query)),
  });
  app.route({
    ...routeOf(ComplianceReportApi.get),
    handler: async (req) => ok(await reports.get(caller(req), req.params.id)),
  });
  app.route({
    ...routeOf(ComplianceReportApi.add, log(BusinessType.INSERT)),
    handler: async (req) => ok(await reports.create(caller(req), req.body)),
  });
  app.route({
    ...routeOf(ComplianceReportApi.freeze, log(BusinessType.UPDATE)),
    handler: async (req) => {
      await reports.freeze(caller(req), req.params.id);
      return done();
    },
  });
  app.route({
    ...routeOf(ComplianceReportApi.exportExcel, log(BusinessType.EXPORT)),
    handler: async (req, reply) => {
      const { name, buffer } = await reports.exportExcel(caller(req), req.params.id, req.lang);
      return sendXlsx(reply, `${name}.xlsx`, buffer);
    },
  });
  app.route({
    ...routeOf(ComplianceReportApi.exportPdf, log(BusinessType.EXPORT)),
    handler: async (req, reply) => {
      const full = await reports.full(caller(req), req.params.id);
      const pdf = await reportPdf(full, req.lang);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(`${full.report.name}.pdf`)}`)
        .send(pdf);
    },
  });
  app.route({
    ...routeOf(ComplianceReportApi.remove, log(BusinessType.DELETE)),
    handler: async (req) => {
      await reports.remove(caller(req), req.params.ids);
      return done();
    },
  });
};
