import { PublicationApi } from '@ccms/contracts/publish/publication';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../../platform/auth/guard';
import { routeOf } from '../../../platform/http/endpoint-route';
import { done, ok, rows } from '../../../platform/http/envelope';
import { BusinessType } from '../../../platform/types';

const log = (businessType: BusinessType) => ({ log: { title: 'publication', businessType } });

export const publicationRoutes: FastifyPluginAsyncZod = async (app) => {
  const publications = app.publish.publications;

  app.route({
    ...routeOf(PublicationApi.list),
    handler: async (req) => rows(await publications.list(caller(req), req.query)),
  });
  app.route({
    ...routeOf(PublicationApi.choices),
    handler: async (req) => ok(await publications.choices(caller(req), req.query.libraryId, req.query.branch)),
  });
  app.route({
    ...routeOf(PublicationApi.get),
    handler: async (req) => ok(await publications.get(caller(req), req.params.id)),
  });
  app.route({
    ...routeOf(PublicationApi.add, log(BusinessType.INSERT)),
    handler: async (req) => ok(await publications.create(caller(req), req.body)),
  });
  app.route({
    ...routeOf(PublicationApi.edit, log(BusinessType.UPDATE)),
    handler: async (req) => {
      await publications.update(caller(req), req.body);
      return done();
    },
  });
  app.route({
    ...routeOf(PublicationApi.remove, log(BusinessType.DELETE)),
    handler: async (req) => {
      await publications.remove(caller(req), req.params.ids);
      return done();
    },
  });
};
