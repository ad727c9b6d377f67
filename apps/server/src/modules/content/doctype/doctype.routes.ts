import { DoctypeApi } from '@ccms/contracts/content/doctype';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../../platform/auth/guard';
import { routeOf } from '../../../platform/http/endpoint-route';
import { done, ok, rows } from '../../../platform/http/envelope';
import { BusinessType } from '../../../platform/types';
import { doctypeService } from './doctype.service';

const log = (businessType: BusinessType) => ({ log: { title: 'doctype', businessType } });

export const doctypeRoutes: FastifyPluginAsyncZod = async (app) => {
  const doctypes = doctypeService(app.db, app.content.grammars);

  app.route({ ...routeOf(DoctypeApi.list), handler: async (req) => rows(await doctypes.list(req.query)) });
  app.route({ ...routeOf(DoctypeApi.options), handler: async () => ok(await doctypes.options()) });
  app.route({ ...routeOf(DoctypeApi.get), handler: async (req) => ok(await doctypes.get(req.params.id)) });
  app.route({ ...routeOf(DoctypeApi.add, log(BusinessType.INSERT)), handler: async (req) => ok(await doctypes.create(caller(req), req.body)) });
  app.route({
    ...routeOf(DoctypeApi.edit, log(BusinessType.UPDATE)),
    handler: async (req) => {
      await doctypes.update(caller(req), req.body);
      return done();
    },
  });
  app.route({
    ...routeOf(DoctypeApi.remove, log(BusinessType.DELETE)),
    handler: async (req) => {
      await doctypes.remove(req.params.ids);
      return done();
    },
  });
};
