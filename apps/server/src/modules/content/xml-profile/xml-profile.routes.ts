import { DoctypePerm } from '@ccms/contracts/content/doctype';
import { XmlProfile, XmlProfileBody, XmlProfileRow, XmlProfileSaved, XmlProfileUpdate } from '@ccms/contracts/content/xml-profile';
import { IdList, IdParam, OkEmpty, okOf } from '@ccms/contracts/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../../platform/auth/guard';
import { done, ok } from '../../../platform/http/envelope';
import { BusinessType } from '../../../platform/types';
import { xmlProfileService } from './xml-profile.service';

const tags = ['content/xmlProfile'];
const log = (businessType: BusinessType) => ({ title: 'xmlProfile', businessType });

/** XML profiles (System Manager → Doctypes): the document types' permissions. */
export const xmlProfileRoutes: FastifyPluginAsyncZod = async (app) => {
  const profiles = xmlProfileService(app.db, app.jobs);

  app.get(
    '/ccms/xmlProfile/list',
    {
      config: { permission: DoctypePerm.list },
      schema: { summary: 'List the XML profiles (without grammar and CSS)', tags, response: { 200: okOf(z.array(XmlProfileRow)) } },
    },
    async () => ok(await profiles.list()),
  );
  app.get(
    '/ccms/xmlProfile/types',
    {
      config: { authenticated: true },
      schema: { summary: 'The library types XML profiles define, for the library form', tags, response: { 200: okOf(z.array(z.string())) } },
    },
    async () => ok(await profiles.types()),
  );
  app.get(
    '/ccms/xmlProfile/:id',
    { config: { permission: DoctypePerm.query }, schema: { summary: 'Get an XML profile', tags, params: IdParam, response: { 200: okOf(XmlProfile) } } },
    async (req) => ok(await profiles.get(req.params.id)),
  );
  app.post(
    '/ccms/xmlProfile',
    {
      config: { permission: DoctypePerm.add, log: log(BusinessType.INSERT) },
      schema: {
        summary: 'Create an XML profile (queues a full re-index of the libraries of its type)',
        tags,
        body: XmlProfileBody,
        response: { 200: okOf(XmlProfileSaved) },
      },
    },
    async (req) => ok(await profiles.create(caller(req), req.body)),
  );
  app.put(
    '/ccms/xmlProfile',
    {
      config: { permission: DoctypePerm.edit, log: log(BusinessType.UPDATE) },
      schema: {
        summary: 'Update an XML profile (queues a full re-index of the libraries of its type)',
        tags,
        body: XmlProfileUpdate,
        response: { 200: okOf(XmlProfileSaved) },
      },
    },
    async (req) => ok(await profiles.update(caller(req), req.body)),
  );
  app.delete(
    '/ccms/xmlProfile/:ids',
    {
      config: { permission: DoctypePerm.remove, log: log(BusinessType.DELETE) },
      schema: {
        summary: 'Delete XML profiles (refused while libraries of the type exist)',
        tags,
        params: z.object({ ids: IdList }),
        response: { 200: OkEmpty },
      },
    },
    async (req) => {
      await profiles.remove(req.params.ids);
      return done();
    },
  );
};
