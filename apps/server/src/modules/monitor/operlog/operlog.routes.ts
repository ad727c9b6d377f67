import { FileResponse } from '@ccms/contracts/common';
import { OkEmpty, okOf, rowsOf } from '@ccms/contracts/http';
import { OperIdParam, OperIdsParam, OperLog, OperLogQuery } from '@ccms/contracts/monitor/operlog';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { done, ok, rows } from '../../../platform/http/envelope';
import { sendXlsx } from '../../../platform/http/excel';
import { BusinessType } from '../../../platform/types';
import { acceptFormBodies } from './form-body';
import { operLogService } from './operlog.service';

const log = (businessType: BusinessType) => ({ title: 'operlog', businessType });

/** Operation log (RuoYi SysOperlogController); rows are written by the platform's operation-log plugin. */
export const operLogRoutes: FastifyPluginAsyncZod = async (app) => {
  const operLogs = operLogService(app.db);
  acceptFormBodies(app);

  app.get(
    '/monitor/operlog/list',
    {
      config: { permission: 'monitor:operlog:list' },
      schema: { summary: 'List operation log entries by page', tags: ['monitor/operlog'], querystring: OperLogQuery, response: { 200: rowsOf(OperLog) } },
    },
    async (req) => rows(await operLogs.list(req.query, req.lang)),
  );
  app.get(
    '/monitor/operlog/:operId',
    {
      config: { permission: 'monitor:operlog:query' },
      schema: { summary: 'Get an operation log entry', tags: ['monitor/operlog'], params: OperIdParam, response: { 200: okOf(OperLog) } },
    },
    async (req) => ok(await operLogs.get(req.params.operId, req.lang)),
  );
  app.delete(
    '/monitor/operlog/clean',
    {
      config: { permission: 'monitor:operlog:remove', log: log(BusinessType.CLEAN) },
      schema: { summary: 'Delete all operation log entries', tags: ['monitor/operlog'], response: { 200: OkEmpty } },
    },
    async () => {
      await operLogs.clean();
      return done();
    },
  );
  app.delete(
    '/monitor/operlog/:ids',
    {
      config: { permission: 'monitor:operlog:remove', log: log(BusinessType.DELETE) },
      schema: { summary: 'Delete operation log entries', tags: ['monitor/operlog'], params: OperIdsParam, response: { 200: OkEmpty } },
    },
    async (req) => {
      await operLogs.remove(req.params.ids);
      return done();
    },
  );
  app.post(
    '/monitor/operlog/export',
    {
      config: { permission: 'monitor:operlog:export', log: log(BusinessType.EXPORT) },
      schema: {
        summary: 'Export operation log entries as an Excel workbook',
        tags: ['monitor/operlog'],
        body: OperLogQuery.optional(),
        response: { 200: FileResponse },
      },
    },
    async (req, reply) => sendXlsx(reply, 'operlog.xlsx', await operLogs.exportXlsx(req.body ?? OperLogQuery.parse({}), req.lang)),
  );
};
