import { z } from 'zod';
import { DateTime, IdList, PageQuery } from '../http';
import { optionalFlag, optionalInt, optionalText, TimeRange } from './filters';

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
