import { SearchApi } from '@ccms/contracts/content/search';
import { Code } from '@ccms/contracts/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../../platform/auth/guard';
import { routeOf } from '../../../platform/http/endpoint-route';
import { searchService } from './search.service';

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const search = searchService(app.db, app.content);

  app.route({
    ...routeOf(SearchApi.search),
    handler: async (req) => ({
      code: Code.OK,
      msg: 'ok',
      ...(await search.search(caller(req), req.query)),
    }),
  });
};
