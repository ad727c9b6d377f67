import { IdList, IdParam, OkEmpty, okOf, rowsOf } from '@ccms/contracts/http';
import {
  Publication,
  PublicationBody,
  PublicationChoices,
  PublicationChoicesQuery,
  PublicationPerm,
  PublicationQuery,
  PublicationUpdate,
} from '@ccms/contracts/publish/publication';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../../platform/auth/guard';
import { done, ok, rows } from '../../../platform/http/envelope';
import { BusinessType } from '../../../platform/types';

const log = (businessType: BusinessType) => ({ title: 'publication', businessType });
const tags = ['publish/publication'];

export const publicationRoutes: FastifyPluginAsyncZod = async (app) => {
  const publications = app.publish.publications;

  app.get(
    '/ccms/publication/list',
    {
      config: { permission: PublicationPerm.list },
      schema: { summary: 'List publications by page', tags, querystring: PublicationQuery, response: { 200: rowsOf(Publication) } },
    },
    async (req) => rows(await publications.list(caller(req), req.query)),
  );
  app.get(
    '/ccms/publication/choices',
    {
      config: { permission: PublicationPerm.query },
      schema: {
        summary: "What a publication of a branch can be made from: the branch's maps and filter files, the library's filter groups",
        tags,
        querystring: PublicationChoicesQuery,
        response: { 200: okOf(PublicationChoices) },
      },
    },
    async (req) => ok(await publications.choices(caller(req), req.query.libraryId, req.query.branch)),
  );
  app.get(
    '/ccms/publication/:id',
    { config: { permission: PublicationPerm.query }, schema: { summary: 'Get a publication', tags, params: IdParam, response: { 200: okOf(Publication) } } },
    async (req) => ok(await publications.get(caller(req), req.params.id)),
  );
  app.post(
    '/ccms/publication',
    {
      config: { permission: PublicationPerm.add, log: log(BusinessType.INSERT) },
      schema: { summary: 'Create a publication', tags, body: PublicationBody, response: { 200: okOf(z.object({ publicationId: z.number() })) } },
    },
    async (req) => ok(await publications.create(caller(req), req.body)),
  );
  app.put(
    '/ccms/publication',
    {
      config: { permission: PublicationPerm.edit, log: log(BusinessType.UPDATE) },
      schema: { summary: 'Update a publication', tags, body: PublicationUpdate, response: { 200: OkEmpty } },
    },
    async (req) => {
      await publications.update(caller(req), req.body);
      return done();
    },
  );
  app.delete(
    '/ccms/publication/:ids',
    {
      config: { permission: PublicationPerm.remove, log: log(BusinessType.DELETE) },
      schema: { summary: 'Delete publications (their outputs stay)', tags, params: z.object({ ids: IdList }), response: { 200: OkEmpty } },
    },
    async (req) => {
      await publications.remove(caller(req), req.params.ids);
      return done();
    },
  );
};
