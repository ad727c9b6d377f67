import {
  Applicability,
  ApplicabilityQuery,
  InstanceQuery,
  ModuleInstance,
  ProductFilter,
  ProductFilterQuery,
  S1000dPerm,
} from '@ccms/contracts/content/s1000d';
import { okOf } from '@ccms/contracts/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../../platform/auth/guard';
import { ok } from '../../../platform/http/envelope';
import { s1000dService } from './s1000d.service';

export const s1000dRoutes: FastifyPluginAsyncZod = async (app) => {
  const s1000d = s1000dService(app.db, app.content.git, app.content);
  const tags = ['content/s1000d'];

  app.get(
    '/ccms/s1000d/applicability',
    {
      config: { permission: S1000dPerm.query },
      schema: {
        summary: "An S1000D library branch's applicability: ACT product attributes, CCT conditions, PCT products",
        tags,
        querystring: ApplicabilityQuery,
        response: { 200: okOf(Applicability) },
      },
    },
    async (req) => ok(await s1000d.applicability(caller(req), req.query)),
  );
  app.get(
    '/ccms/s1000d/filter',
    {
      config: { permission: S1000dPerm.query },
      schema: {
        summary: 'Which data modules of an S1000D publication module apply to a product (or to property values)',
        tags,
        querystring: ProductFilterQuery,
        response: { 200: okOf(ProductFilter) },
      },
    },
    async (req) => ok(await s1000d.filter(caller(req), req.query)),
  );
  app.get(
    '/ccms/s1000d/instance',
    {
      config: { permission: S1000dPerm.query },
      schema: {
        summary: 'One S1000D data module filtered for a product: what is removed, and the instance',
        tags,
        querystring: InstanceQuery,
        response: { 200: okOf(ModuleInstance) },
      },
    },
    async (req) => ok(await s1000d.instance(caller(req), req.query)),
  );
};
