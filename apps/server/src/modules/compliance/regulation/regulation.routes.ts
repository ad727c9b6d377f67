import {
  Regulation,
  RegulationBody,
  RegulationGrant,
  RegulationGrantBody,
  RegulationPerm,
  RegulationQuery,
  RegulationRevisionBody,
  RegulationUpdate,
} from '@ccms/contracts/compliance/regulation';
import { GranteeQuery, GranteeRole, GranteeUser } from '@ccms/contracts/content/library-config';
import { IdList, IdParam, OkEmpty, okOf, rowsOf } from '@ccms/contracts/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../../platform/auth/guard';
import { done, ok, rows } from '../../../platform/http/envelope';
import { BusinessType } from '../../../platform/types';

const log = (businessType: BusinessType) => ({ title: 'regulation', businessType });
const tags = ['compliance/regulation'];
const Created = okOf(z.object({ regulationId: z.number() }));

export const regulationRoutes: FastifyPluginAsyncZod = async (app) => {
  const regulations = app.compliance.regulations;

  app.get(
    '/ccms/regulation/list',
    {
      config: { permission: RegulationPerm.list },
      schema: { summary: 'List regulations by page (those granted to the caller)', tags, querystring: RegulationQuery, response: { 200: rowsOf(Regulation) } },
    },
    async (req) => rows(await regulations.list(caller(req), req.query)),
  );
  app.get(
    '/ccms/regulation/permission/list',
    {
      config: { permission: RegulationPerm.query },
      schema: {
        summary: 'List the grants of a regulation',
        tags,
        querystring: z.object({ regulationId: z.coerce.number().int().positive().describe('id of a regulation revision (GET /ccms/regulation/list)') }),
        response: { 200: okOf(z.array(RegulationGrant)) },
      },
    },
    async (req) => ok(await regulations.grants(caller(req), req.query.regulationId)),
  );
  // Pickers of the grants, for a regulation's admins and owners without system permissions.
  app.get(
    '/ccms/regulation/:id/grantee/users',
    {
      config: { permission: RegulationPerm.edit },
      schema: {
        summary: 'List users that can be granted access to a regulation',
        tags,
        params: IdParam,
        querystring: GranteeQuery,
        response: { 200: okOf(z.array(GranteeUser)) },
      },
    },
    async (req) => ok(await regulations.granteeUsers(caller(req), req.params.id, req.query.keyword)),
  );
  app.get(
    '/ccms/regulation/:id/grantee/roles',
    {
      config: { permission: RegulationPerm.edit },
      schema: { summary: 'List roles that can be granted access to a regulation', tags, params: IdParam, response: { 200: okOf(z.array(GranteeRole)) } },
    },
    async (req) => ok(await regulations.granteeRoles(caller(req), req.params.id)),
  );
  app.post(
    '/ccms/regulation/permission',
    {
      config: { permission: RegulationPerm.edit, log: log(BusinessType.GRANT) },
      schema: { summary: 'Grant a user, role or everyone a level on a regulation', tags, body: RegulationGrantBody, response: { 200: OkEmpty } },
    },
    async (req) => {
      await regulations.grant(caller(req), req.body);
      return done();
    },
  );
  app.delete(
    '/ccms/regulation/permission/:ids',
    {
      config: { permission: RegulationPerm.edit, log: log(BusinessType.GRANT) },
      schema: { summary: 'Revoke regulation grants', tags, params: z.object({ ids: IdList }), response: { 200: OkEmpty } },
    },
    async (req) => {
      await regulations.revoke(caller(req), req.params.ids);
      return done();
    },
  );
  app.get(
    '/ccms/regulation/:id',
    { config: { permission: RegulationPerm.query }, schema: { summary: 'Get a regulation', tags, params: IdParam, response: { 200: okOf(Regulation) } } },
    async (req) => ok(await regulations.get(caller(req), req.params.id)),
  );
  app.post(
    '/ccms/regulation',
    {
      config: { permission: RegulationPerm.add, log: log(BusinessType.INSERT) },
      schema: { summary: 'Create a regulation (the creator becomes its owner)', tags, body: RegulationBody, response: { 200: Created } },
    },
    async (req) => ok(await regulations.create(caller(req), req.body)),
  );
  app.post(
    '/ccms/regulation/revision',
    {
      config: { permission: RegulationPerm.add, log: log(BusinessType.INSERT) },
      schema: {
        summary: 'Start a new revision of a regulation: a new row after the latest, with its clauses, links and grants copied',
        tags,
        body: RegulationRevisionBody,
        response: { 200: Created },
      },
    },
    async (req) => ok(await regulations.revise(caller(req), req.body)),
  );
  app.put(
    '/ccms/regulation',
    {
      config: { permission: RegulationPerm.edit, log: log(BusinessType.UPDATE) },
      schema: { summary: 'Update a regulation', tags, body: RegulationUpdate, response: { 200: OkEmpty } },
    },
    async (req) => {
      await regulations.update(caller(req), req.body);
      return done();
    },
  );
  app.delete(
    '/ccms/regulation/:ids',
    {
      config: { permission: RegulationPerm.remove, log: log(BusinessType.DELETE) },
      schema: { summary: 'Delete regulations', tags, params: z.object({ ids: IdList }), response: { 200: OkEmpty } },
    },
    async (req) => {
      await regulations.remove(caller(req), req.params.ids);
      return done();
    },
  );
};
