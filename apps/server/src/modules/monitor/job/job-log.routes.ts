import { JobLogApi, JobLogQuery } from '@ccms/contracts/monitor/job-log';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../../platform/http/endpoint-route';
import { done, ok, rows } from '../../../platform/http/envelope';
import { sendXlsx } from '../../../platform/http/excel';
import { acceptFormBodies } from '../../../platform/http/request-body';
import { BusinessType } from '../../../platform/types';
import { jobLogService } from './job-log.service';

const log = (businessType: BusinessType) => ({ log: { title: 'jobLog', businessType } });

/** Runs of scheduled jobs (RuoYi SysJobLogController); the job runner writes the rows. */
export const jobLogRoutes: FastifyPluginAsyncZod = async (app) => {
  const jobLogs = jobLogService(app.db);
  acceptFormBodies(app);

  app.route({ ...routeOf(JobLogApi.list), handler: async (req) => rows(await jobLogs.list(req.query, req.lang)) });
  app.route({ ...routeOf(JobLogApi.get), handler: async (req) => ok(await jobLogs.get(req.params.jobLogId, req.lang)) });
  app.route({
    ...routeOf(JobLogApi.clean, log(BusinessType.CLEAN)),
    handler: async () => {
      await jobLogs.clean();
      return done();
    },
  });
  app.route({
    ...routeOf(JobLogApi.remove, log(BusinessType.DELETE)),
    handler: async (req) => {
      await jobLogs.remove(req.params.ids);
      return done();
    },
  });
  app.route({
    ...routeOf(JobLogApi.export, log(BusinessType.EXPORT)),
    handler: async (req, reply) => sendXlsx(reply, 'jobLog.xlsx', await jobLogs.exportXlsx(req.body ?? JobLogQuery.parse({}), req.lang)),
  });
};
