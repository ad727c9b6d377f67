import { IdList, IdParam, OkEmpty, okOf, rowsOf } from '@ccms/contracts/http';
import { Release, ReleaseBody, ReleaseFilter, ReleasePerm, ReleaseQuery, ReleaseUpdate } from '@ccms/contracts/work/release';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../../platform/auth/guard';
import { done, ok, rows } from '../../../platform/http/envelope';
import { sendXlsx } from '../../../platform/http/excel';
import { queryAsBody } from '../../../platform/http/request-body';
import { BusinessType } from '../../../platform/types';
import { releaseService } from './release.service';

const log = (businessType: BusinessType) => ({ title: 'release', businessType });

export const releaseRoutes: FastifyPluginAsyncZod = async (app) => {
  const releases = releaseService(app.db);

  // The project detail's release tab reads them with the project's query permission.
  app.get(
    '/ccms/release/list',
    {
      config: { permission: [ReleasePerm.list, 'ccms:project:query'] },
      schema: { summary: 'List releases by page', tags: ['work/release'], querystring: ReleaseQuery, response: { 200: rowsOf(Release) } },
    },
    async (req) => rows(await releases.list(caller(req), req.query)),
  );
  app.post(
    '/ccms/release/export',
    {
      config: { permission: ReleasePerm.export, log: log(BusinessType.EXPORT) },
      preValidation: queryAsBody,
      schema: {
        summary: 'Export releases as an Excel workbook',
        tags: ['work/release'],
        body: ReleaseFilter,
        response: { 200: z.unknown().describe('an .xlsx workbook') },
      },
    },
    async (req, reply) => sendXlsx(reply, 'release.xlsx', await releases.export(caller(req), req.body, req.lang)),
  );
  app.get(
    '/ccms/release/:id',
    {
      config: { permission: ReleasePerm.query },
      schema: { summary: 'Get a release', tags: ['work/release'], params: IdParam, response: { 200: okOf(Release) } },
    },
    async (req) => ok(await releases.get(caller(req), req.params.id)),
  );
  app.post(
    '/ccms/release',
    {
      config: { permission: ReleasePerm.add, log: log(BusinessType.INSERT) },
      schema: { summary: 'Create a release', tags: ['work/release'], body: ReleaseBody, response: { 200: okOf(z.object({ id: z.number() })) } },
    },
    async (req) => ok({ id: await releases.create(caller(req), req.body) }),
  );
  app.put(
    '/ccms/release',
    {
      config: { permission: ReleasePerm.edit, log: log(BusinessType.UPDATE) },
      schema: { summary: 'Update a release', tags: ['work/release'], body: ReleaseUpdate, response: { 200: OkEmpty } },
    },
    async (req) => {
      await releases.update(caller(req), req.body);
      return done();
    },
  );
  app.delete(
    '/ccms/release/:ids',
    {
      config: { permission: ReleasePerm.remove, log: log(BusinessType.DELETE) },
      schema: { summary: 'Delete releases', tags: ['work/release'], params: z.object({ ids: IdList }), response: { 200: OkEmpty } },
    },
    async (req) => {
      await releases.remove(caller(req), req.params.ids);
      return done();
    },
  );
};
