import { ConnectionApi } from '@ccms/contracts/publish/connection';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../../platform/auth/guard';
import { routeOf } from '../../../platform/http/endpoint-route';
import { done, ok, rows } from '../../../platform/http/envelope';
import { BusinessType } from '../../../platform/types';

const log = (businessType: BusinessType) => ({ log: { title: 'connection', businessType } });

export const connectionRoutes: FastifyPluginAsyncZod = async (app) => {
  const connections = app.delivery.connections;

  app.route({
    ...routeOf(ConnectionApi.list),
    handler: async (req) => rows(await connections.list(req.query)),
  });
  app.route({
    ...routeOf(ConnectionApi.options),
    handler: async () => ok(await connections.options()),
  });
  app.route({
    ...routeOf(ConnectionApi.get),
    handler: async (req) => ok(await connections.get(req.params.id)),
  });
  app.route({
    ...routeOf(ConnectionApi.add, log(BusinessType.INSERT)),
    handler: async (req) => ok(await connections.create(caller(req), req.body)),
  });
  app.route({
    ...routeOf(ConnectionApi.edit, log(BusinessType.UPDATE)),
    handler: async (req) => {
      await connections.update(caller(req), req.body);
      return done();
    },
  });
  app.route({
    ...routeOf(ConnectionApi.validate, log(BusinessType.OTHER)),
    handler: async (req) => ok(await connections.validate(caller(req), req.params.id, req.lang, req.body?.hostKey ?? '')),
  });
  app.route({
    ...routeOf(ConnectionApi.remove, log(BusinessType.DELETE)),
    handler: async (req) => {
      await connections.remove(req.params.ids);
      return done();
    },
  });
};
