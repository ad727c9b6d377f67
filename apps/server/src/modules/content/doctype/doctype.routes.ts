import { Doctype, DoctypeBody, DoctypeOption, DoctypePerm, DoctypeQuery, DoctypeUpdate } from '@ccms/contracts/content/doctype';
import { IdList, IdParam, OkEmpty, okOf, rowsOf } from '@ccms/contracts/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../../platform/auth/guard';
import { done, ok, rows } from '../../../platform/http/envelope';
import { BusinessType } from '../../../platform/types';
import { doctypeService } from './doctype.service';

const tags = ['content/doctype'];
const log = (businessType: BusinessType) => ({ title: 'doctype', businessType });

export const doctypeRoutes: FastifyPluginAsyncZod = async (app) => {
  const doctypes = doctypeService(app.db, app.content.grammars);

  app.get(
    '/ccms/doctype/list',
    {
      config: { permission: DoctypePerm.list },
      schema: { summary: 'List document types by page', tags, querystring: DoctypeQuery, response: { 200: rowsOf(Doctype) } },
    },
    async (req) => rows(await doctypes.list(req.query)),
  );
  app.get(
    '/ccms/doctype/optionselect',
    {
      config: { authenticated: true },
      schema: { summary: 'List the enabled document types, for pickers', tags, response: { 200: okOf(z.array(DoctypeOption)) } },
    },
    async () => ok(await doctypes.options()),
  );
  app.get(
    '/ccms/doctype/:id',
    { config: { permission: DoctypePerm.query }, schema: { summary: 'Get a document type', tags, params: IdParam, response: { 200: okOf(Doctype) } } },
    async (req) => ok(await doctypes.get(req.params.id)),
  );
  app.post(
    '/ccms/doctype',
    {
      config: { permission: DoctypePerm.add, log: log(BusinessType.INSERT) },
      schema: { summary: 'Create a document type', tags, body: DoctypeBody, response: { 200: okOf(z.object({ doctypeId: z.number() })) } },
    },
    async (req) => ok(await doctypes.create(caller(req), req.body)),
  );
  app.put(
    '/ccms/doctype',
    {
      config: { permission: DoctypePerm.edit, log: log(BusinessType.UPDATE) },
      schema: { summary: 'Update a document type', tags, body: DoctypeUpdate, response: { 200: OkEmpty } },
    },
    async (req) => {
      await doctypes.update(caller(req), req.body);
      return done();
    },
  );
  app.delete(
    '/ccms/doctype/:ids',
    {
      config: { permission: DoctypePerm.remove, log: log(BusinessType.DELETE) },
      schema: {
        summary: 'Delete document types (refused while templates belong to them)',
        tags,
        params: z.object({ ids: IdList }),
        response: { 200: OkEmpty },
      },
    },
    async (req) => {
      await doctypes.remove(req.params.ids);
      return done();
    },
  );
};
