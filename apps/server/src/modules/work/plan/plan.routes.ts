import { PlanApi } from '@ccms/contracts/work/plan';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../../platform/auth/guard';
import { routeOf } from '../../../platform/http/endpoint-route';
import { done, ok, rows } from '../../../platform/http/envelope';
import { sendXlsx } from '../../../platform/http/excel';
import { queryAsBody } from '../../../platform/http/request-body';
import { BusinessType } from '../../../platform/types';
import { planService } from './plan.service';

const log = (businessType: BusinessType) => ({ log: { title: 'plan', businessType } });

export const planRoutes: FastifyPluginAsyncZod = async (app) => {
  const plans = planService(app.db);

  app.route({
    ...routeOf(PlanApi.list),
    handler: async (req) => rows(await plans.list(caller(req), req.query)),
  });
  app.route({
    ...routeOf(PlanApi.export, log(BusinessType.EXPORT)),
    preValidation: queryAsBody,
    handler: async (req, reply) => sendXlsx(reply, 'plan.xlsx', await plans.export(caller(req), req.body, req.lang)),
  });
  app.route({
    ...routeOf(PlanApi.enable, log(BusinessType.UPDATE)),
    handler: async (req) => {
      await plans.setEnabled(caller(req), req.body.id, req.body.enable);
      return done();
    },
  });
  app.route({
    ...routeOf(PlanApi.get),
    handler: async (req) => ok(await plans.get(caller(req), req.params.id)),
  });
  app.route({
    ...routeOf(PlanApi.add, log(BusinessType.INSERT)),
    handler: async (req) => ok({ id: await plans.create(caller(req), req.body) }),
  });
  app.route({
    ...routeOf(PlanApi.edit, log(BusinessType.UPDATE)),
    handler: async (req) => {
      await plans.update(caller(req), req.body);
      return done();
    },
  });
  app.route({
    ...routeOf(PlanApi.remove, log(BusinessType.DELETE)),
    handler: async (req) => {
      await plans.remove(caller(req), req.params.ids);
      return done();
    },
  });
};
