import { FileResponse } from '@ccms/contracts/common';
import { OkEmpty, okOf, rowsOf } from '@ccms/contracts/http';
import { Job, JobBody, JobHandlerInfo, JobIdParam, JobIdsParam, JobQuery, JobRunBody, JobStatusBody, JobUpdate } from '@ccms/contracts/monitor/job';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../../platform/auth/guard';
import { done, ok, rows } from '../../../platform/http/envelope';
import { sendXlsx } from '../../../platform/http/excel';
import { BusinessType } from '../../../platform/types';
import { acceptFormBodies } from '../operlog/form-body';
import { jobService } from './job.service';

const log = (businessType: BusinessType) => ({ title: 'job', businessType });

/** Scheduled jobs (RuoYi SysJobController) on pg-boss; invokeTarget names a handler registered in code. */
export const jobRoutes: FastifyPluginAsyncZod = async (app) => {
  const jobs = jobService(app.db, app.jobs);
  acceptFormBodies(app);

  app.get(
    '/monitor/job/list',
    {
      config: { permission: 'monitor:job:list' },
      schema: { summary: 'List scheduled jobs by page', tags: ['monitor/job'], querystring: JobQuery, response: { 200: rowsOf(Job) } },
    },
    async (req) => rows(await jobs.list(req.query)),
  );
  app.get(
    '/monitor/job/handlers',
    {
      config: { permission: 'monitor:job:list' },
      schema: { summary: 'List the job handlers a scheduled job can invoke', tags: ['monitor/job'], response: { 200: okOf(z.array(JobHandlerInfo)) } },
    },
    async () => ok(jobs.handlers()),
  );
  app.get(
    '/monitor/job/:jobId',
    {
      config: { permission: 'monitor:job:query' },
      schema: { summary: 'Get a scheduled job', tags: ['monitor/job'], params: JobIdParam, response: { 200: okOf(Job) } },
    },
    async (req) => ok(await jobs.get(req.params.jobId)),
  );
  app.post(
    '/monitor/job',
    {
      config: { permission: 'monitor:job:add', log: log(BusinessType.INSERT) },
      schema: { summary: 'Create a scheduled job', tags: ['monitor/job'], body: JobBody, response: { 200: OkEmpty } },
    },
    async (req) => {
      await jobs.create(caller(req), req.body, req.lang);
      return done();
    },
  );
  app.put(
    '/monitor/job',
    {
      config: { permission: 'monitor:job:edit', log: log(BusinessType.UPDATE) },
      schema: { summary: 'Update a scheduled job', tags: ['monitor/job'], body: JobUpdate, response: { 200: OkEmpty } },
    },
    async (req) => {
      await jobs.update(caller(req), req.body, req.lang);
      return done();
    },
  );
  app.put(
    '/monitor/job/changeStatus',
    {
      config: { permission: 'monitor:job:changeStatus', log: log(BusinessType.UPDATE) },
      schema: { summary: 'Pause or resume a scheduled job', tags: ['monitor/job'], body: JobStatusBody, response: { 200: OkEmpty } },
    },
    async (req) => {
      await jobs.changeStatus(caller(req), req.body);
      return done();
    },
  );
  app.put(
    '/monitor/job/run',
    {
      config: { permission: 'monitor:job:changeStatus', log: log(BusinessType.UPDATE) },
      schema: { summary: 'Run a scheduled job once, now', tags: ['monitor/job'], body: JobRunBody, response: { 200: OkEmpty } },
    },
    async (req) => {
      await jobs.run(req.body.jobId);
      return done();
    },
  );
  app.delete(
    '/monitor/job/:ids',
    {
      config: { permission: 'monitor:job:remove', log: log(BusinessType.DELETE) },
      schema: { summary: 'Delete scheduled jobs', tags: ['monitor/job'], params: JobIdsParam, response: { 200: OkEmpty } },
    },
    async (req) => {
      await jobs.remove(req.params.ids);
      return done();
    },
  );
  app.post(
    '/monitor/job/export',
    {
      config: { permission: 'monitor:job:export', log: log(BusinessType.EXPORT) },
      schema: { summary: 'Export scheduled jobs as an Excel workbook', tags: ['monitor/job'], body: JobQuery.optional(), response: { 200: FileResponse } },
    },
    async (req, reply) => sendXlsx(reply, 'job.xlsx', await jobs.exportXlsx(req.body ?? JobQuery.parse({}), req.lang)),
  );
};
