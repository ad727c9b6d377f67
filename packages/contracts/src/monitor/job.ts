import { z } from 'zod';
import { DateTime, IdList, PageQuery, Status01 } from '../http';
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
