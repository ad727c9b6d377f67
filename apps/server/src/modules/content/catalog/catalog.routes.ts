import { CatalogApi } from '@ccms/contracts/content/catalog';
import { Code } from '@ccms/contracts/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../../platform/auth/guard';
import { routeOf } from '../../../platform/http/endpoint-route';
import { ok } from '../../../platform/http/envelope';
import { BusinessType } from '../../../platform/types';

const list = <T extends object>(data: T) => ({ code: Code.OK, msg: 'ok', ...data });

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const { catalog } = app.content;

  app.route({ ...routeOf(CatalogApi.state), handler: async (req) => ok(await catalog.state(caller(req), req.query)) });
  app.route({
    ...routeOf(CatalogApi.reindex, { log: { title: 'catalog', businessType: BusinessType.UPDATE } }),
    handler: async (req) => ok(await catalog.reindex(caller(req), req.query)),
  });
  app.route({ ...routeOf(CatalogApi.broken), handler: async (req) => list(await catalog.broken(caller(req), req.query)) });
  app.route({ ...routeOf(CatalogApi.problems), handler: async (req) => list(await catalog.problems(caller(req), req.query, req.lang ?? 'zh')) });
  app.route({ ...routeOf(CatalogApi.keys), handler: async (req) => list(await catalog.keys(caller(req), req.query)) });
  app.route({ ...routeOf(CatalogApi.resources), handler: async (req) => list(await catalog.resources(caller(req), req.query)) });
};
