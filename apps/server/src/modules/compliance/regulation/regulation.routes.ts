import { RegulationApi } from '@ccms/contracts/compliance/regulation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../../platform/auth/guard';
import { routeOf } from '../../../platform/http/endpoint-route';
import { done, ok, rows } from '../../../platform/http/envelope';
import { BusinessType } from '../../../platform/types';

const log = (businessType: BusinessType) => ({ log: { title: 'regulation', businessType } });

export const regulationRoutes: FastifyPluginAsyncZod = async (app) => {
  const regulations = app.compliance.regulations;

  app.route({
    ...routeOf(RegulationApi.list),
    handler: async (req) => rows(await regulations.list(caller(req), req.query)),
  });
  app.route({
    ...routeOf(RegulationApi.grants),
    handler: async (req) => ok(await regulations.grants(caller(req), req.query.regulationId)),
  });
  app.route({
    ...routeOf(RegulationApi.granteeUsers),
    handler: async (req) => ok(await regulations.granteeUsers(caller(req), req.params.id, req.query.keyword)),
  });
  app.route({
    ...routeOf(RegulationApi.granteeRoles),
    handler: async (req) => ok(await regulations.granteeRoles(caller(req), req.params.id)),
  });
  app.route({
    ...routeOf(RegulationApi.grant, log(BusinessType.GRANT)),
    handler: async (req) => {
      await regulations.grant(caller(req), req.body);
      return done();
    },
  });
  app.route({
    ...routeOf(RegulationApi.revoke, log(BusinessType.GRANT)),
    handler: async (req) => {
      await regulations.revoke(caller(req), req.params.ids);
      return done();
    },
  });
  app.route({
    ...routeOf(RegulationApi.get),
    handler: async (req) => ok(await regulations.get(caller(req), req.params.id)),
  });
  app.route({
    ...routeOf(RegulationApi.add, log(BusinessType.INSERT)),
    handler: async (req) => ok(await regulations.create(caller(req), req.body)),
  });
  app.route({
    ...routeOf(RegulationApi.revise, log(BusinessType.INSERT)),
    handler: async (req) => ok(await regulations.revise(caller(req), req.body)),
  });
  app.route({
    ...routeOf(RegulationApi.edit, log(BusinessType.UPDATE)),
    handler: async (req) => {
      await regulations.update(caller(req), req.body);
      return done();
    },
  });
  app.route({
    ...routeOf(RegulationApi.remove, log(BusinessType.DELETE)),
    handler: async (req) => {
      await regulations.remove(caller(req), req.params.ids);
      return done();
    },
  });
};
