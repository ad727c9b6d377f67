import { SearchPerm, SearchQuery, SearchResult } from '@ccms/contracts/content/search';
import { Code } from '@ccms/contracts/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../../platform/auth/guard';
import { searchService } from './search.service';

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const search = searchService(app.db, app.content);

  app.get(
    '/ccms/search',
    {
      config: { permission: SearchPerm.list },
      schema: {
        summary: 'Search topics and documents across the libraries the caller can read',
        tags: ['content/search'],
        querystring: SearchQuery,
        response: { 200: SearchResult },
      },
    },
    async (req) => ({
      code: Code.OK,
      msg: 'ok',
      ...(await search.search(caller(req), req.query)),
    }),
  );
};
