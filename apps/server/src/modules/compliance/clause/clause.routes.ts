import {
  Clause,
  ClauseApplicability,
  ClauseBody,
  ClauseImportResult,
  ClauseNode,
  ClauseOutlineBody,
  ClauseQuery,
  ClauseUpdate,
  RegulationPerm,
} from '@ccms/contracts/compliance/regulation';
import { IdList, IdParam, OkEmpty, okOf, rowsOf } from '@ccms/contracts/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../../platform/auth/guard';
import { done, ok, rows } from '../../../platform/http/envelope';
import { badRequest } from '../../../platform/http/errors';
import { sendXlsx } from '../../../platform/http/excel';
import { readWorkbook } from '../../../platform/http/multipart-form';
import { acceptFormBodies } from '../../../platform/http/request-body';
import { BusinessType } from '../../../platform/types';

const log = (businessType: BusinessType) => ({ title: 'regulation clause', businessType });
const tags = ['compliance/clause'];
const Xlsx = z.unknown().describe('an .xlsx workbook');
const RegulationIdQuery = z.object({ regulationId: z.coerce.number().int().positive().describe('id of a regulation') });

export const clauseRoutes: FastifyPluginAsyncZod = async (app) => {
  // The web's download helper posts form fields.
  acceptFormBodies(app);
  const clauses = app.compliance.clauses;

  app.get(
    '/ccms/regulation/clause/list',
    {
      config: { permission: RegulationPerm.query },
      schema: { summary: 'List or search the clauses of a regulation', tags, querystring: ClauseQuery, response: { 200: rowsOf(Clause) } },
    },
    async (req) => rows(await clauses.list(caller(req), req.query)),
  );
  app.get(
    '/ccms/regulation/clause/tree',
    {
      config: { permission: RegulationPerm.query },
      schema: { summary: 'The clauses of a regulation as a tree', tags, querystring: RegulationIdQuery, response: { 200: okOf(z.array(ClauseNode)) } },
    },
    async (req) => ok(await clauses.tree(caller(req), req.query.regulationId)),
  );
  app.post(
    '/ccms/regulation/clause/importTemplate',
    {
      config: { permission: RegulationPerm.import, log: { skip: 'downloads an empty workbook; writes nothing' } },
      schema: { summary: 'Download the Excel template for importing clauses', tags, response: { 200: Xlsx } },
    },
    async (req, reply) => sendXlsx(reply, 'clause_template.xlsx', await clauses.template(req.lang)),
  );
  app.post(
    '/ccms/regulation/clause/importData',
    {
      config: { permission: RegulationPerm.import, log: log(BusinessType.IMPORT) },
      schema: {
        summary: 'Import clauses from an Excel workbook (multipart); one bad row refuses the whole file',
        tags,
        querystring: RegulationIdQuery,
        response: { 200: okOf(ClauseImportResult) },
      },
    },
    async (req) => {
      if (!req.isMultipart()) throw badRequest('product.needsExcel');
      const file = await readWorkbook(req);
      return ok(await clauses.importExcel(caller(req), req.query.regulationId, file, req.lang));
    },
  );
  app.post(
    '/ccms/regulation/clause/importOutline',
    {
      config: { permission: RegulationPerm.import, log: log(BusinessType.IMPORT) },
      schema: {
        summary: 'Import clauses from a structured text outline (numbering gives the hierarchy)',
        tags,
        body: ClauseOutlineBody,
        response: { 200: okOf(ClauseImportResult) },
      },
    },
    async (req) => ok(await clauses.importOutline(caller(req), req.body.regulationId, req.body.outline, req.lang)),
  );
  app.put(
    '/ccms/regulation/clause/applicability',
    {
      config: { permission: RegulationPerm.edit, log: log(BusinessType.UPDATE) },
      schema: { summary: 'Mark a clause not applicable (with a justification) or applicable', tags, body: ClauseApplicability, response: { 200: OkEmpty } },
    },
    async (req) => {
      await clauses.applicability(caller(req), req.body);
      return done();
    },
  );
  app.get(
    '/ccms/regulation/clause/:id',
    { config: { permission: RegulationPerm.query }, schema: { summary: 'Get a clause', tags, params: IdParam, response: { 200: okOf(Clause) } } },
    async (req) => ok(await clauses.get(caller(req), req.params.id)),
  );
  app.post(
    '/ccms/regulation/clause',
    {
      config: { permission: RegulationPerm.edit, log: log(BusinessType.INSERT) },
      schema: { summary: 'Add a clause', tags, body: ClauseBody, response: { 200: okOf(z.object({ clauseId: z.number() })) } },
    },
    async (req) => ok(await clauses.create(caller(req), req.body)),
  );
  app.put(
    '/ccms/regulation/clause',
    {
      config: { permission: RegulationPerm.edit, log: log(BusinessType.UPDATE) },
      schema: {
        summary: "Update a clause (a changed text flags the clause's links)",
        tags,
        body: ClauseUpdate,
        response: { 200: okOf(z.object({ flagged: z.number() })) },
      },
    },
    async (req) => ok(await clauses.update(caller(req), req.body)),
  );
  app.delete(
    '/ccms/regulation/clause/:ids',
    {
      config: { permission: RegulationPerm.edit, log: log(BusinessType.DELETE) },
      schema: { summary: 'Delete clauses without links', tags, params: z.object({ ids: IdList }), response: { 200: OkEmpty } },
    },
    async (req) => {
      await clauses.remove(caller(req), req.params.ids);
      return done();
    },
  );
};
