import { ClauseApi } from '@ccms/contracts/compliance/clause';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../../platform/auth/guard';
import { routeOf } from '../../../platform/http/endpoint-route';
import { done, ok, rows } from '../../../platform/http/envelope';
import { badRequest } from '../../../platform/http/errors';
import { sendXlsx } from '../../../platform/http/excel';
import { readWorkbook } from '../../../platform/http/multipart-form';
import { acceptFormBodies } from '../../../platform/http/request-body';
import { BusinessType } from '../../../platform/types';

const log = (businessType: BusinessType) => ({ log: { title: 'regulation clause', businessType } });

export const clauseRoutes: FastifyPluginAsyncZod = async (app) => {
  // The web's download helper posts form fields.
  acceptFormBodies(app);
  const clauses = app.compliance.clauses;

  app.route({
    ...routeOf(ClauseApi.list),
    handler: async (req) => rows(await clauses.list(caller(req), req.query)),
  });
  app.route({
    ...routeOf(ClauseApi.tree),
    handler: async (req) => ok(await clauses.tree(caller(req), req.query.regulationId)),
  });
  app.route({
    ...routeOf(ClauseApi.importTemplate, { log: { skip: 'downloads an empty workbook; writes nothing' } }),
    handler: async (req, reply) => sendXlsx(reply, 'clause_template.xlsx', await clauses.template(req.lang)),
  });
  app.route({
    ...routeOf(ClauseApi.importData, log(BusinessType.IMPORT)),
    handler: async (req) => {
      if (!req.isMultipart()) throw badRequest('product.needsExcel');
      const file = await readWorkbook(req);
      return ok(await clauses.importExcel(caller(req), req.query.regulationId, file, req.lang));
    },
  });
  app.route({
    ...routeOf(ClauseApi.importOutline, log(BusinessType.IMPORT)),
    handler: async (req) => ok(await clauses.importOutline(caller(req), req.body.regulationId, req.body.outline, req.lang)),
  });
  app.route({
    ...routeOf(ClauseApi.applicability, log(BusinessType.UPDATE)),
    handler: async (req) => {
      await clauses.applicability(caller(req), req.body);
      return done();
    },
  });
  app.route({
    ...routeOf(ClauseApi.get),
    handler: async (req) => ok(await clauses.get(caller(req), req.params.id)),
  });
  app.route({
    ...routeOf(ClauseApi.add, log(BusinessType.INSERT)),
    handler: async (req) => ok(await clauses.create(caller(req), req.body)),
  });
  app.route({
    ...routeOf(ClauseApi.edit, log(BusinessType.UPDATE)),
    handler: async (req) => ok(await clauses.update(caller(req), req.body)),
  });
  app.route({
    ...routeOf(ClauseApi.remove, log(BusinessType.DELETE)),
    handler: async (req) => {
      await clauses.remove(caller(req), req.params.ids);
      return done();
    },
  });
};
