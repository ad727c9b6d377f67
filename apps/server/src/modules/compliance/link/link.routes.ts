import { Link, LinkBody, LinkQuery, LinkUpdate, LinkVerifyBody, RegulationRelationPerm } from '@ccms/contracts/compliance/regulation';
import { IdList, OkEmpty, okOf, rowsOf } from '@ccms/contracts/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../../platform/auth/guard';
import { done, ok, rows } from '../../../platform/http/envelope';
import { BusinessType } from '../../../platform/types';

const log = (businessType: BusinessType) => ({ title: 'regulation relationship', businessType });
const tags = ['compliance/relationship'];

export const linkRoutes: FastifyPluginAsyncZod = async (app) => {
  const links = app.compliance.links;

  app.get(
    '/ccms/regulationRelation/list',
    {
      config: { permission: RegulationRelationPerm.list },
      schema: {
        summary: 'List links of clauses to content and requirements (by regulation, clause or topic); flags changed topics first',
        tags,
        querystring: LinkQuery,
        response: { 200: rowsOf(Link) },
      },
    },
    async (req) => rows(await links.list(caller(req), req.query)),
  );
  app.post(
    '/ccms/regulationRelation',
    {
      config: { permission: RegulationRelationPerm.add, log: log(BusinessType.INSERT) },
      schema: {
        summary: 'Link a clause to a document, topic, topic element or requirement',
        tags,
        body: LinkBody,
        response: { 200: okOf(z.object({ linkId: z.number() })) },
      },
    },
    async (req) => ok(await links.create(caller(req), req.body)),
  );
  app.put(
    '/ccms/regulationRelation',
    {
      config: { permission: RegulationRelationPerm.edit, log: log(BusinessType.UPDATE) },
      schema: { summary: 'Change the means of compliance or comment of a link', tags, body: LinkUpdate, response: { 200: OkEmpty } },
    },
    async (req) => {
      await links.update(caller(req), req.body);
      return done();
    },
  );
  app.put(
    '/ccms/regulationRelation/verify',
    {
      config: { permission: RegulationRelationPerm.edit, log: log(BusinessType.UPDATE) },
      schema: { summary: 'Mark flagged links verified again', tags, body: LinkVerifyBody, response: { 200: OkEmpty } },
    },
    async (req) => {
      await links.verify(caller(req), req.body.linkIds);
      return done();
    },
  );
  app.delete(
    '/ccms/regulationRelation/:ids',
    {
      config: { permission: RegulationRelationPerm.remove, log: log(BusinessType.DELETE) },
      schema: { summary: 'Delete links', tags, params: z.object({ ids: IdList }), response: { 200: OkEmpty } },
    },
    async (req) => {
      await links.remove(caller(req), req.params.ids);
      return done();
    },
  );
};
