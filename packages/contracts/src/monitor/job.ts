import { z } from 'zod';
import { FileResponse } from '../common';
import { endpoint } from '../endpoint';
import { DateTime, IdList, OkEmpty, okOf, PageQuery, rowsOf, Status01 } from '../http';
import { optionalFlag, optionalText } from './filters';

/** JSON parameters handed to the job's handler; each handler checks its own. */
export const JobParams = z.record(z.string(), z.unknown());

/** A scheduled job (RuoYi SysJob); invokeTarget is the name of a handler registered in code. */
export const Job = z.object({
  jobId: z.number(),
  jobName: z.string(),
  jobGroup: z.string(),
  invokeTarget: z.string(),
  invokeParams: JobParams,
  cronExpression: z.string(),
  /** 1 run at once, 2 run once, 3 skip: what to do with runs missed while the server was down. */
  misfirePolicy: z.string(),
  /** 0 allow overlapping runs, 1 forbid. */
  concurrent: z.string(),
  /** 0 scheduled, 1 paused (dict sys_job_status). */
  status: z.string(),
  remark: z.string(),
  createBy: z.string(),
  createTime: DateTime,
  updateBy: z.string(),
  updateTime: DateTime,
  /** Next time the cron fires while the job is scheduled; null when paused. */
  nextValidTime: DateTime,
});
export type Job = z.infer<typeof Job>;

export const JobQuery = PageQuery.extend({
  jobName: optionalText(64),
  jobGroup: optionalText(64),
  invokeTarget: optionalText(100).describe('name of a job handler (GET /monitor/job/handlers)'),
  status: optionalFlag,
});
export type JobQuery = z.infer<typeof JobQuery>;

export const JobBody = z.object({
  jobName: z.string().trim().min(1).max(64),
  jobGroup: z.string().trim().min(1).max(64).default('DEFAULT').describe('dict sys_job_group'),
  invokeTarget: z.string().trim().min(1).max(100).describe('a handler name from GET /monitor/job/handlers'),
  invokeParams: JobParams.default({}).describe('parameters of the handler'),
  cronExpression: z.string().trim().min(1).max(255).describe('cron with 5 fields, or 6 with seconds first; "?" allowed'),
  misfirePolicy: z.enum(['1', '2', '3']).default('3').describe("after a missed run: '1' run at once, '2' run once, '3' skip"),
  concurrent: z.enum(['0', '1']).default('1').describe("'0' allowed to overlap a running instance, '1' forbidden"),
  status: Status01.default('1'),
  remark: z.string().max(500).optional(),
});
export type JobBody = z.infer<typeof JobBody>;

export const JobUpdate = JobBody.extend({ jobId: z.number().int().positive().describe('id of a scheduled job (GET /monitor/job/list)') });
export type JobUpdate = z.infer<typeof JobUpdate>;

export const JobStatusBody = z.object({ jobId: z.number().int().positive().describe('id of a scheduled job (GET /monitor/job/list)'), status: Status01 });
export type JobStatusBody = z.infer<typeof JobStatusBody>;

export const JobRunBody = z.object({
  jobId: z.number().int().positive().describe('id of a scheduled job (GET /monitor/job/list)'),
  jobGroup: z.string().max(64).optional(),
});

export const JobIdParam = z.object({ jobId: z.coerce.number().int().positive().describe('id of a scheduled job (GET /monitor/job/list)') });
export const JobIdsParam = z.object({ ids: IdList.describe('ids, comma-separated') });

const Texts = z.object({ zh: z.string(), en: z.string() });

/** A handler the job form can pick, with its parameters described for the form. */
export const JobHandlerInfo = z.object({
  name: z.string(),
  description: Texts,
  params: z.array(z.object({ name: z.string(), type: z.string(), required: z.boolean(), description: Texts })),
  /** Parameters to prefill the form with. */
  example: JobParams,
});
export type JobHandlerInfo = z.infer<typeof JobHandlerInfo>;

/** Scheduled job (and its log) permission strings: routes declare them, the seeded menus grant them. */
export const JobPerm = {
  list: 'monitor:job:list',
  query: 'monitor:job:query',
  add: 'monitor:job:add',
  edit: 'monitor:job:edit',
  remove: 'monitor:job:remove',
  changeStatus: 'monitor:job:changeStatus',
  export: 'monitor:job:export',
} as const;

const tag = 'monitor/job';

/** The scheduled jobs API (RuoYi's SysJobController): each endpoint's URL, method, access and schemas, for the server's routes and the web's calls. */
export const JobApi = {
  list: endpoint({
    method: 'GET',
    url: '/monitor/job/list',
    access: { permission: JobPerm.list },
    summary: 'List scheduled jobs by page',
    tag,
    query: JobQuery,
    response: rowsOf(Job),
  }),
  handlers: endpoint({
    method: 'GET',
    url: '/monitor/job/handlers',
    access: { permission: JobPerm.list },
    summary: 'List the job handlers a scheduled job can invoke',
    tag,
    response: okOf(z.array(JobHandlerInfo)),
  }),
  get: endpoint({
    method: 'GET',
    url: '/monitor/job/:jobId',
    access: { permission: JobPerm.query },
    summary: 'Get a scheduled job',
    tag,
    params: JobIdParam,
    response: okOf(Job),
  }),
  add: endpoint({
    method: 'POST',
    url: '/monitor/job',
    access: { permission: JobPerm.add },
    summary: 'Create a scheduled job',
    tag,
    body: JobBody,
    response: OkEmpty,
  }),
  edit: endpoint({
    method: 'PUT',
    url: '/monitor/job',
    access: { permission: JobPerm.edit },
    summary: 'Update a scheduled job',
    tag,
    body: JobUpdate,
    response: OkEmpty,
  }),
  changeStatus: endpoint({
    method: 'PUT',
    url: '/monitor/job/changeStatus',
    access: { permission: JobPerm.changeStatus },
    summary: 'Pause or resume a scheduled job',
    tag,
    body: JobStatusBody,
    response: OkEmpty,
  }),
  run: endpoint({
    method: 'PUT',
    url: '/monitor/job/run',
    access: { permission: JobPerm.changeStatus },
    summary: 'Run a scheduled job once, now',
    tag,
    body: JobRunBody,
    response: OkEmpty,
  }),
  remove: endpoint({
    method: 'DELETE',
    url: '/monitor/job/:ids',
    access: { permission: JobPerm.remove },
    summary: 'Delete scheduled jobs',
    tag,
    params: JobIdsParam,
    response: OkEmpty,
  }),
  export: endpoint({
    method: 'POST',
    url: '/monitor/job/export',
    access: { permission: JobPerm.export },
    summary: 'Export scheduled jobs as an Excel workbook',
    tag,
    body: JobQuery.optional(),
    response: FileResponse,
  }),
};
