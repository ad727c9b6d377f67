import { LinkApi } from '@ccms/contracts/compliance/link';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../../platform/auth/guard';
import { routeOf } from '../../../platform/http/endpoint-route';
import { done, ok, rows } from '../../../platform/http/envelope';
import { BusinessType } from '../../../platform/types';

const log = (businessType: BusinessType) => ({ log: { title: 'regulation relationship', businessType } });

export const linkRoutes: FastifyPluginAsyncZod = async (app) => {
  const links = app.compliance.links;

  app.route({
    ...routeOf(LinkApi.list),
    handler: async (req) => rows(await links.list(caller(req), req.query)),
  });
  app.route({
    ...routeOf(LinkApi.add, log(BusinessType.INSERT)),
    handler: async (req) => ok(await links.create(caller(req), req.body)),
  });
  app.route({
    ...routeOf(LinkApi.edit, log(BusinessType.UPDATE)),
    handler: async (req) => {
      await links.update(caller(req), req.body);
      return done();
    },
  });
  app.route({
    ...routeOf(LinkApi.verify, log(BusinessType.UPDATE)),
    handler: async (req) => {
      await links.verify(caller(req), req.body.linkIds);
      return done();
    },
  });
  app.route({
    ...routeOf(LinkApi.remove, log(BusinessType.DELETE)),
    handler: async (req) => {
      await links.remove(caller(req), req.params.ids);
      return done();
    },
  });
};
