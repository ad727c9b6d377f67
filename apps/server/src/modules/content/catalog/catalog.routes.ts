import {
  BrokenQuery,
  CatalogPerm,
  CatalogScope,
  CatalogState,
  catalogRowsOf,
  KeyQuery,
  KeyRow,
  LinkRow,
  ProblemQuery,
  ProblemRow,
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
    {
      config: { permission: CatalogPerm.query },
      schema: {
        summary: 'Show the catalogue index state of a library branch',
        tags: ['content/catalog'],
        querystring: CatalogScope,
        response: { 200: okOf(CatalogState) },
      },
    },
    async (req) => ok(await catalog.state(caller(req), req.query)),
  );
  app.post(
    '/ccms/catalog/reindex',
    {
      config: { permission: CatalogPerm.reindex, log: { title: 'catalog', businessType: BusinessType.UPDATE } },
      schema: {
        summary: 'Rebuild the catalogue index of a library branch',
        tags: ['content/catalog'],
        querystring: ReindexQuery,
        response: { 200: okOf(ReindexResult) },
      },
    },
    async (req) => ok(await catalog.reindex(caller(req), req.query)),
  );
  app.get(
    '/ccms/catalog/broken',
    {
      config: { permission: CatalogPerm.query },
      schema: {
        summary: 'List broken references found in a library branch',
        tags: ['content/catalog'],
        querystring: BrokenQuery,
        response: { 200: catalogRowsOf(LinkRow) },
      },
    },
    async (req) => list(await catalog.broken(caller(req), req.query)),
  );
  app.get(
    '/ccms/catalog/problems',
    {
      config: { permission: CatalogPerm.query },
      schema: {
        summary: 'List the problems indexing found in a library branch (S1000D: references, schema, BREX), errors first',
        tags: ['content/catalog'],
        querystring: ProblemQuery,
        response: { 200: catalogRowsOf(ProblemRow) },
      },
    },
    async (req) => list(await catalog.problems(caller(req), req.query, req.lang ?? 'zh')),
  );
  app.get(
    '/ccms/catalog/keys',
    {
      config: { permission: CatalogPerm.query },
      schema: {
        summary: 'List the key definitions of a library branch',
        tags: ['content/catalog'],
        querystring: KeyQuery,
        response: { 200: catalogRowsOf(KeyRow) },
      },
    },
    async (req) => list(await catalog.keys(caller(req), req.query)),
  );
  app.get(
    '/ccms/catalog/resources',
    {
      config: { permission: CatalogPerm.query },
      schema: {
        summary: 'List the images and videos of a library branch with how often each is referenced',
        tags: ['content/catalog'],
        querystring: ResourceQuery,
        response: { 200: catalogRowsOf(ResourceRow) },
      },
    },
    async (req) => list(await catalog.resources(caller(req), req.query)),
  );
};
