import { IdList, IdParam, OkEmpty, okOf, rowsOf } from '@ccms/contracts/http';
import { Plan, PlanBody, PlanEnableBody, PlanFilter, PlanPerm, PlanQuery, PlanUpdate } from '@ccms/contracts/work/plan';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../../platform/auth/guard';
import { done, ok, rows } from '../../../platform/http/envelope';
import { sendXlsx } from '../../../platform/http/excel';
import { queryAsBody } from '../../../platform/http/request-body';
import { BusinessType } from '../../../platform/types';
import { planService } from './plan.service';

const log = (businessType: BusinessType) => ({ title: 'plan', businessType });

export const planRoutes: FastifyPluginAsyncZod = async (app) => {
  const plans = planService(app.db);

  // The project detail's project-list tab reads them with the project's query permission.
  app.get(
    '/ccms/plan/list',
    {
      config: { permission: [PlanPerm.list, 'ccms:project:query'] },
      schema: { summary: 'List plans by page', tags: ['work/plan'], querystring: PlanQuery, response: { 200: rowsOf(Plan) } },
    },
    async (req) => rows(await plans.list(caller(req), req.query)),
  );
  app.post(
    '/ccms/plan/export',
    {
      config: { permission: PlanPerm.export, log: log(BusinessType.EXPORT) },
      preValidation: queryAsBody,
      schema: {
        summary: 'Export plans as an Excel workbook',
        tags: ['work/plan'],
        body: PlanFilter,
        response: { 200: z.unknown().describe('an .xlsx workbook') },
      },
    },
    async (req, reply) => sendXlsx(reply, 'plan.xlsx', await plans.export(caller(req), req.body, req.lang)),
  );
  app.put(
    '/ccms/plan/enable',
    {
      config: { permission: PlanPerm.edit, log: log(BusinessType.UPDATE) },
      schema: { summary: 'Enable or disable a plan', tags: ['work/plan'], body: PlanEnableBody, response: { 200: OkEmpty } },
    },
    async (req) => {
      await plans.setEnabled(caller(req), req.body.id, req.body.enable);
      return done();
    },
  );
  app.get(
    '/ccms/plan/:id',
    { config: { permission: PlanPerm.query }, schema: { summary: 'Get a plan', tags: ['work/plan'], params: IdParam, response: { 200: okOf(Plan) } } },
    async (req) => ok(await plans.get(caller(req), req.params.id)),
  );
  app.post(
    '/ccms/plan',
    {
      config: { permission: PlanPerm.add, log: log(BusinessType.INSERT) },
      schema: { summary: 'Create a plan', tags: ['work/plan'], body: PlanBody, response: { 200: okOf(z.object({ id: z.number() })) } },
    },
    async (req) => ok({ id: await plans.create(caller(req), req.body) }),
  );
  app.put(
    '/ccms/plan',
    {
      config: { permission: PlanPerm.edit, log: log(BusinessType.UPDATE) },
      schema: { summary: 'Update a plan', tags: ['work/plan'], body: PlanUpdate, response: { 200: OkEmpty } },
    },
    async (req) => {
      await plans.update(caller(req), req.body);
      return done();
    },
  );
  app.delete(
    '/ccms/plan/:ids',
    {
      config: { permission: PlanPerm.remove, log: log(BusinessType.DELETE) },
      schema: { summary: 'Delete plans', tags: ['work/plan'], params: z.object({ ids: IdList }), response: { 200: OkEmpty } },
    },
    async (req) => {
      await plans.remove(caller(req), req.params.ids);
      return done();
    },
  );
};
