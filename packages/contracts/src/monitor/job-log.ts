import { z } from 'zod';
import { FileResponse } from '../common';
import { endpoint } from '../endpoint';
import { DateTime, IdList, OkEmpty, okOf, PageQuery, rowsOf } from '../http';
import { optionalFlag, optionalInt, optionalText, TimeRange } from './filters';
import { JobPerm } from './job';

/** One run of a job (RuoYi SysJobLog). */
export const JobLog = z.object({
  jobLogId: z.number(),
  jobId: z.number().nullable(),
  jobName: z.string(),
  jobGroup: z.string(),
  invokeTarget: z.string(),
  /** What the handler reported, in the caller's language. */
  jobMessage: z.string(),
  /** 0 success, 1 failure. */
  status: z.string(),
  exceptionInfo: z.string(),
  startTime: DateTime,
  stopTime: DateTime,
  createTime: DateTime,
});
export type JobLog = z.infer<typeof JobLog>;

export const JobLogQuery = PageQuery.extend({
  jobId: optionalInt(1, 2_147_483_647).describe('id of a scheduled job (GET /monitor/job/list)'),
  jobName: optionalText(64),
  jobGroup: optionalText(64),
  status: optionalFlag,
}).extend(TimeRange.shape);
export type JobLogQuery = z.infer<typeof JobLogQuery>;

export const JobLogIdParam = z.object({ jobLogId: z.coerce.number().int().positive().describe('id of a job run log') });
export const JobLogIdsParam = z.object({ ids: IdList.describe('ids, comma-separated') });

const tag = 'monitor/job-log';

/** The runs of scheduled jobs (RuoYi's SysJobLogController): each endpoint's URL, method, access and schemas, for the server's routes and the web's calls. */
export const JobLogApi = {
  list: endpoint({
    method: 'GET',
    url: '/monitor/jobLog/list',
    access: { permission: JobPerm.list },
    summary: 'List job run logs by page',
    tag,
    query: JobLogQuery,
    response: rowsOf(JobLog),
  }),
  get: endpoint({
    method: 'GET',
    url: '/monitor/jobLog/:jobLogId',
    access: { permission: JobPerm.query },
    summary: 'Get a job run log',
    tag,
    params: JobLogIdParam,
    response: okOf(JobLog),
  }),
  clean: endpoint({
    method: 'DELETE',
    url: '/monitor/jobLog/clean',
    access: { permission: JobPerm.remove },
    summary: 'Delete all job run logs',
    tag,
    response: OkEmpty,
  }),
  remove: endpoint({
    method: 'DELETE',
    url: '/monitor/jobLog/:ids',
    access: { permission: JobPerm.remove },
    summary: 'Delete job run logs',
    tag,
    params: JobLogIdsParam,
    response: OkEmpty,
  }),
  export: endpoint({
    method: 'POST',
    url: '/monitor/jobLog/export',
    access: { permission: JobPerm.export },
    summary: 'Export job run logs as an Excel workbook',
    tag,
    body: JobLogQuery.optional(),
    response: FileResponse,
  }),
};
