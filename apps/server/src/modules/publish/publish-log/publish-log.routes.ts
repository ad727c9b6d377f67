import { FileResponse } from '@ccms/contracts/common';
import { IdList, OkEmpty, rowsOf } from '@ccms/contracts/http';
import { translate } from '@ccms/contracts/messages';
import { PublishLog, PublishLogPerm, PublishLogQuery } from '@ccms/contracts/publish/publication';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { done, rows } from '../../../platform/http/envelope';
import { sendXlsx, toXlsx } from '../../../platform/http/excel';
import { acceptFormBodies } from '../../../platform/http/request-body';
import { BusinessType } from '../../../platform/types';
import { publishLogColumns } from './publish-log.excel';
import { deletePublishLogs, listPublishLogs, publishLogsForExport } from './publish-log.queries';

const log = (businessType: BusinessType) => ({ title: 'publishLog', businessType });
const tags = ['publish/log'];

/** System → Logs → Publish log: every publish, kept after its output is deleted. */
export const publishLogRoutes: FastifyPluginAsyncZod = async (app) => {
  acceptFormBodies(app);
  app.get(
    '/ccms/publishLog/list',
    {
      config: { permission: PublishLogPerm.list },
      schema: { summary: 'List publish log entries by page', tags, querystring: PublishLogQuery, response: { 200: rowsOf(PublishLog) } },
    },
    async (req) => rows(await listPublishLogs(app.db, req.query)),
  );
  app.post(
    '/ccms/publishLog/export',
    {
      config: { permission: PublishLogPerm.export, log: log(BusinessType.EXPORT) },
      schema: { summary: 'Export publish log entries as an Excel workbook', tags, body: PublishLogQuery.optional(), response: { 200: FileResponse } },
    },
    async (req, reply) => {
      const list = await publishLogsForExport(app.db, req.body ?? PublishLogQuery.parse({}));
      return sendXlsx(reply, 'publish-log.xlsx', await toXlsx(translate(req.lang, 'publishLog.excel.sheet'), publishLogColumns(), list, req.lang));
    },
  );
  app.delete(
    '/ccms/publishLog/:ids',
    {
      config: { permission: PublishLogPerm.remove, log: log(BusinessType.DELETE) },
      schema: { summary: 'Delete publish log entries', tags, params: z.object({ ids: IdList }), response: { 200: OkEmpty } },
    },
    async (req) => {
      await deletePublishLogs(app.db, req.params.ids);
      return done();
    },
  );
};
