import { DeliverableApi } from '@ccms/contracts/publish/deliverable';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../../platform/auth/guard';
import { routeOf } from '../../../platform/http/endpoint-route';
import { done, ok, rows } from '../../../platform/http/envelope';
import { BusinessType } from '../../../platform/types';

const log = (businessType: BusinessType) => ({ log: { title: 'deliverable', businessType } });

export const deliverableRoutes: FastifyPluginAsyncZod = async (app) => {
  const deliverables = app.delivery.deliverables;

  app.route({
    ...routeOf(DeliverableApi.list),
    handler: async (req) => rows(await deliverables.list(req.query)),
  });
  app.route({
    ...routeOf(DeliverableApi.receipts),
    handler: async (req) => rows(await deliverables.receipts(req.params.id, req.query, req.lang)),
  });
  app.route({
    ...routeOf(DeliverableApi.get),
    handler: async (req) => ok(await deliverables.get(req.params.id)),
  });
  app.route({
    ...routeOf(DeliverableApi.add, log(BusinessType.INSERT)),
    handler: async (req) => ok(await deliverables.create(caller(req), req.body)),
  });
  app.route({
    ...routeOf(DeliverableApi.edit, log(BusinessType.UPDATE)),
    handler: async (req) => {
      await deliverables.update(caller(req), req.body);
      return done();
    },
  });
  app.route({
    ...routeOf(DeliverableApi.deliver, log(BusinessType.OTHER)),
    handler: async (req) => ok(await deliverables.deliver(caller(req), req.params.id, req.body.outputId)),
  });
  app.route({
    ...routeOf(DeliverableApi.remove, log(BusinessType.DELETE)),
    handler: async (req) => {
      await deliverables.remove(caller(req), req.params.ids);
      return done();
    },
  });
};
