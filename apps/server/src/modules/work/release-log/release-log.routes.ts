import { IdList, IdParam, OkEmpty, okOf, rowsOf } from '@ccms/contracts/http';
import { ReleaseLog, ReleaseLogBody, ReleaseLogFilter, ReleaseLogPerm, ReleaseLogQuery, ReleaseLogUpdate } from '@ccms/contracts/work/release-log';
import { ProjectScope } from '@ccms/contracts/work/work-item';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../../platform/auth/guard';
import { done, ok, rows } from '../../../platform/http/envelope';
import { sendXlsx } from '../../../platform/http/excel';
import { acceptFormBodies, queryAsBody } from '../../../platform/http/request-body';
import { BusinessType } from '../../../platform/types';
import { releaseLogService } from './release-log.service';

const log = (businessType: BusinessType) => ({ title: 'releaseLog', businessType });

/** What was released from a project's plans: index, plan, version, commit comment, archive, status. */
export const releaseLogRoutes: FastifyPluginAsyncZod = async (app) => {
  const logs = releaseLogService(app.db);
  acceptFormBodies(app);

  app.get(
    '/ccms/releaseLog/list',
    {
      config: { permission: ReleaseLogPerm.list },
      schema: {
        summary: 'List release log entries of a project by page',
        tags: ['work/release-log'],
        querystring: ReleaseLogQuery,
        response: { 200: rowsOf(ReleaseLog) },
      },
    },
    async (req) => rows(await logs.list(caller(req), req.query)),
  );
  app.post(
    '/ccms/releaseLog/export',
    {
      config: { permission: ReleaseLogPerm.export, log: log(BusinessType.EXPORT) },
      preValidation: queryAsBody,
      schema: {
        summary: 'Export release log entries as an Excel workbook',
        tags: ['work/release-log'],
        body: ReleaseLogFilter,
        response: { 200: z.unknown().describe('an .xlsx workbook') },
      },
    },
    async (req, reply) => sendXlsx(reply, 'releaseLog.xlsx', await logs.export(caller(req), req.body, req.lang)),
  );
  app.get(
    '/ccms/releaseLog/:id',
    {
      config: { permission: ReleaseLogPerm.query },
      schema: {
        summary: 'Get a release log entry',
        tags: ['work/release-log'],
        params: IdParam,
        querystring: ProjectScope,
        response: { 200: okOf(ReleaseLog) },
      },
    },
    async (req) => ok(await logs.get(caller(req), req.params.id, req.query.projectId)),
  );
  app.post(
    '/ccms/releaseLog',
    {
      config: { permission: ReleaseLogPerm.add, log: log(BusinessType.INSERT) },
      schema: {
        summary: 'Create a release log entry',
        tags: ['work/release-log'],
        body: ReleaseLogBody,
        response: { 200: okOf(z.object({ logId: z.number() })) },
      },
    },
    async (req) => ok({ logId: await logs.create(caller(req), req.body) }),
  );
  app.put(
    '/ccms/releaseLog',
    {
      config: { permission: ReleaseLogPerm.edit, log: log(BusinessType.UPDATE) },
      schema: { summary: 'Update a release log entry', tags: ['work/release-log'], body: ReleaseLogUpdate, response: { 200: OkEmpty } },
    },
    async (req) => {
      await logs.update(caller(req), req.body);
      return done();
    },
  );
  app.delete(
    '/ccms/releaseLog/:ids',
    {
      config: { permission: ReleaseLogPerm.remove, log: log(BusinessType.DELETE) },
      schema: {
        summary: 'Delete release log entries',
        tags: ['work/release-log'],
        params: z.object({ ids: IdList }),
        querystring: ProjectScope,
        response: { 200: OkEmpty },
      },
    },
    async (req) => {
      await logs.remove(caller(req), req.params.ids, req.query.projectId);
      return done();
    },
  );
};
