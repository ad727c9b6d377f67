import { JobApi, JobQuery } from '@ccms/contracts/monitor/job';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../../platform/auth/guard';
import { routeOf } from '../../../platform/http/endpoint-route';
import { done, ok, rows } from '../../../platform/http/envelope';
import { sendXlsx } from '../../../platform/http/excel';
import { acceptFormBodies } from '../../../platform/http/request-body';
import { BusinessType } from '../../../platform/types';
import { jobService } from './job.service';

const log = (businessType: BusinessType) => ({ log: { title: 'job', businessType } });

/** Scheduled jobs (RuoYi SysJobController) on pg-boss; invokeTarget names a handler registered in code. */
export const jobRoutes: FastifyPluginAsyncZod = async (app) => {
  const jobs = jobService(app.db, app.jobs);
  acceptFormBodies(app);

  app.route({ ...routeOf(JobApi.list), handler: async (req) => rows(await jobs.list(req.query)) });
  app.route({ ...routeOf(JobApi.handlers), handler: async () => ok(jobs.handlers()) });
  app.route({ ...routeOf(JobApi.get), handler: async (req) => ok(await jobs.get(req.params.jobId)) });
  app.route({
    ...routeOf(JobApi.add, log(BusinessType.INSERT)),
    handler: async (req) => {
      await jobs.create(caller(req), req.body, req.lang);
      return done();
    },
  });
  app.route({
    ...routeOf(JobApi.edit, log(BusinessType.UPDATE)),
    handler: async (req) => {
      await jobs.update(caller(req), req.body, req.lang);
      return done();
    },
  });
  app.route({
    ...routeOf(JobApi.changeStatus, log(BusinessType.UPDATE)),
    handler: async (req) => {
      await jobs.changeStatus(caller(req), req.body);
      return done();
    },
  });
  app.route({
    ...routeOf(JobApi.run, log(BusinessType.UPDATE)),
    handler: async (req) => {
      await jobs.run(req.body.jobId);
      return done();
    },
  });
  app.route({
    ...routeOf(JobApi.remove, log(BusinessType.DELETE)),
    handler: async (req) => {
      await jobs.remove(req.params.ids);
      return done();
    },
  });
  app.route({
    ...routeOf(JobApi.export, log(BusinessType.EXPORT)),
    handler: async (req, reply) => sendXlsx(reply, 'job.xlsx', await jobs.exportXlsx(req.body ?? JobQuery.parse({}), req.lang)),
  });
};
