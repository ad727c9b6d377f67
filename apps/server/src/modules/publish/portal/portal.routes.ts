import { PortalApi } from '@ccms/contracts/publish/portal';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../../platform/auth/guard';
import { routeOf } from '../../../platform/http/endpoint-route';
import { ok, rows } from '../../../platform/http/envelope';
import type { PortalService } from './portal.service';

/** The reader's portal: the latest outputs the caller may read, a search across their pages, one opened in place. */
export function portalRoutes(portal: PortalService): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...routeOf(PortalApi.list),
      handler: async (req) => rows(await portal.list(caller(req), req.query, req.lang)),
    });
    app.route({
      ...routeOf(PortalApi.search),
      handler: async (req) => rows(await portal.search(caller(req), req.query.q, req.lang)),
    });
    app.route({
      ...routeOf(PortalApi.open),
      handler: async (req) => ok(await portal.open(caller(req), req.params.id, req.query.page, req.lang)),
    });
  };
}
