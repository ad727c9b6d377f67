import { translate } from '@ccms/contracts/messages';
import { PublishLogQuery } from '@ccms/contracts/publish/publication';
import { PublishLogApi } from '@ccms/contracts/publish/publish-log';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../../platform/http/endpoint-route';
import { done, rows } from '../../../platform/http/envelope';
import { sendXlsx, toXlsx } from '../../../platform/http/excel';
import { acceptFormBodies } from '../../../platform/http/request-body';
import { BusinessType } from '../../../platform/types';
import { publishLogColumns } from './publish-log.excel';
import { deletePublishLogs, listPublishLogs, publishLogsForExport } from './publish-log.queries';

const log = (businessType: BusinessType) => ({ log: { title: 'publishLog', businessType } });

/** System → Logs → Publish log: every publish, kept after its output is deleted. */
export const publishLogRoutes: FastifyPluginAsyncZod = async (app) => {
  acceptFormBodies(app);
  app.route({
    ...routeOf(PublishLogApi.list),
    handler: async (req) => rows(await listPublishLogs(app.db, req.query)),
  });
  app.route({
    ...routeOf(PublishLogApi.export, log(BusinessType.EXPORT)),
    handler: async (req, reply) => {
      const list = await publishLogsForExport(app.db, req.body ?? PublishLogQuery.parse({}));
      return sendXlsx(reply, 'publish-log.xlsx', await toXlsx(translate(req.lang, 'publishLog.excel.sheet'), publishLogColumns(), list, req.lang));
    },
  });
  app.route({
    ...routeOf(PublishLogApi.remove, log(BusinessType.DELETE)),
    handler: async (req) => {
      await deletePublishLogs(app.db, req.params.ids);
      return done();
    },
  });
};
