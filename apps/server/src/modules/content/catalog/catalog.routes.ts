import {
  BrokenQuery,
  CatalogPerm,
  CatalogScope,
  CatalogState,
  catalogRowsOf,
  KeyQuery,
  KeyRow,
  LinkRow,
  ReindexQuery,
  ReindexResult,
  ResourceQuery,
  ResourceRow,
} from '@ccms/contracts/content/catalog';
import { Code, okOf } from '@ccms/contracts/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../../platform/auth/guard';
import { ok } from '../../../platform/http/envelope';
import { BusinessType } from '../../../platform/types';

const list = <T extends object>(data: T) => ({ code: Code.OK, msg: 'ok', ...data });

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const { catalog } = app.content;

  app.get(
    '/ccms/catalog/state',
    { config: { permission: CatalogPerm.query }, schema: { querystring: CatalogScope, response: { 200: okOf(CatalogState) } } },
    async (req) => ok(await catalog.state(caller(req), req.query)),
  );
  app.post(
    '/ccms/catalog/reindex',
    {
      config: { permission: CatalogPerm.reindex, log: { title: 'catalog', businessType: BusinessType.UPDATE } },
      schema: { querystring: ReindexQuery, response: { 200: okOf(ReindexResult) } },
    },
    async (req) => ok(await catalog.reindex(caller(req), req.query)),
  );
  app.get(
    '/ccms/catalog/broken',
    { config: { permission: CatalogPerm.query }, schema: { querystring: BrokenQuery, response: { 200: catalogRowsOf(LinkRow) } } },
    async (req) => list(await catalog.broken(caller(req), req.query)),
  );
  app.get(
    '/ccms/catalog/keys',
    { config: { permission: CatalogPerm.query }, schema: { querystring: KeyQuery, response: { 200: catalogRowsOf(KeyRow) } } },
    async (req) => list(await catalog.keys(caller(req), req.query)),
  );
  app.get(
    '/ccms/catalog/resources',
    { config: { permission: CatalogPerm.query }, schema: { querystring: ResourceQuery, response: { 200: catalogRowsOf(ResourceRow) } } },
    async (req) => list(await catalog.resources(caller(req), req.query)),
  );
};
