import { FileResponse } from '@ccms/contracts/common';
import { OkEmpty, okOf, rowsOf } from '@ccms/contracts/http';
import { JobLog, JobLogIdParam, JobLogIdsParam, JobLogQuery } from '@ccms/contracts/monitor/job-log';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { done, ok, rows } from '../../../platform/http/envelope';
import { sendXlsx } from '../../../platform/http/excel';
import { BusinessType } from '../../../platform/types';
import { acceptFormBodies } from '../operlog/form-body';
import { jobLogService } from './job-log.service';

const log = (businessType: BusinessType) => ({ title: 'jobLog', businessType });

/** Runs of scheduled jobs (RuoYi SysJobLogController); the job runner writes the rows. */
export const jobLogRoutes: FastifyPluginAsyncZod = async (app) => {
  const jobLogs = jobLogService(app.db);
  acceptFormBodies(app);

  app.get(
    '/monitor/jobLog/list',
    {
      config: { permission: 'monitor:job:list' },
      schema: { summary: 'List job run logs by page', tags: ['monitor/job-log'], querystring: JobLogQuery, response: { 200: rowsOf(JobLog) } },
    },
    async (req) => rows(await jobLogs.list(req.query, req.lang)),
  );
  app.get(
    '/monitor/jobLog/:jobLogId',
    {
      config: { permission: 'monitor:job:query' },
      schema: { summary: 'Get a job run log', tags: ['monitor/job-log'], params: JobLogIdParam, response: { 200: okOf(JobLog) } },
    },
    async (req) => ok(await jobLogs.get(req.params.jobLogId, req.lang)),
  );
  app.delete(
    '/monitor/jobLog/clean',
    {
      config: { permission: 'monitor:job:remove', log: log(BusinessType.CLEAN) },
      schema: { summary: 'Delete all job run logs', tags: ['monitor/job-log'], response: { 200: OkEmpty } },
    },
    async () => {
      await jobLogs.clean();
      return done();
    },
  );
  app.delete(
    '/monitor/jobLog/:ids',
    {
      config: { permission: 'monitor:job:remove', log: log(BusinessType.DELETE) },
      schema: { summary: 'Delete job run logs', tags: ['monitor/job-log'], params: JobLogIdsParam, response: { 200: OkEmpty } },
    },
    async (req) => {
      await jobLogs.remove(req.params.ids);
      return done();
    },
  );
  app.post(
    '/monitor/jobLog/export',
    {
      config: { permission: 'monitor:job:export', log: log(BusinessType.EXPORT) },
      schema: { summary: 'Export job run logs as an Excel workbook', tags: ['monitor/job-log'], body: JobLogQuery.optional(), response: { 200: FileResponse } },
    },
    async (req, reply) => sendXlsx(reply, 'jobLog.xlsx', await jobLogs.exportXlsx(req.body ?? JobLogQuery.parse({}), req.lang)),
  );
};
