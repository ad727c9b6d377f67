import { OperLogApi, OperLogQuery } from '@ccms/contracts/monitor/operlog';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../../platform/http/endpoint-route';
import { done, ok, rows } from '../../../platform/http/envelope';
import { sendXlsx } from '../../../platform/http/excel';
import { acceptFormBodies } from '../../../platform/http/request-body';
import { BusinessType } from '../../../platform/types';
import { operLogService } from './operlog.service';

const log = (businessType: BusinessType) => ({ log: { title: 'operlog', businessType } });

/** Operation log (RuoYi SysOperlogController); rows are written by the platform's operation-log plugin. */
export const operLogRoutes: FastifyPluginAsyncZod = async (app) => {
  const operLogs = operLogService(app.db);
  acceptFormBodies(app);

  app.route({ ...routeOf(OperLogApi.list), handler: async (req) => rows(await operLogs.list(req.query, req.lang)) });
  app.route({ ...routeOf(OperLogApi.get), handler: async (req) => ok(await operLogs.get(req.params.operId, req.lang)) });
  app.route({
    ...routeOf(OperLogApi.clean, log(BusinessType.CLEAN)),
    handler: async () => {
      await operLogs.clean();
      return done();
    },
  });
  app.route({
    ...routeOf(OperLogApi.remove, log(BusinessType.DELETE)),
    handler: async (req) => {
      await operLogs.remove(req.params.ids);
      return done();
    },
  });
  app.route({
    ...routeOf(OperLogApi.export, log(BusinessType.EXPORT)),
    handler: async (req, reply) => sendXlsx(reply, 'operlog.xlsx', await operLogs.exportXlsx(req.body ?? OperLogQuery.parse({}), req.lang)),
  });
};
