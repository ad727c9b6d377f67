import type { Job, JobBody, JobHandlerInfo, JobQuery, JobUpdate } from '@ccms/contracts/monitor/job';
import type { JobLog, JobLogQuery } from '@ccms/contracts/monitor/job-log';
import type { Dayjs } from 'dayjs';
import { byUrl } from '../../../api/client';
import type { QueryParams } from '../../../api/params';
import { download } from '../../../shared/download';
import { addDateRange, type PageParams } from '../../../shared/list/query';

/** The job log page (a static route); ?jobId= narrows it to one job. */
export const JOB_LOG_PATH = '/monitor/job-log/index';
/** The jobs list of the seeded menu. */
export const JOB_LIST_PATH = '/monitor/job';

export type JobFilters = Pick<JobQuery, 'jobName' | 'jobGroup' | 'status'>;
export type JobListParams = JobFilters & PageParams;
export type JobSave = JobBody | JobUpdate;

export type JobLogFilters = Pick<JobLogQuery, 'jobId' | 'jobName' | 'jobGroup' | 'status'> & {
  dateRange?: [Dayjs, Dayjs] | null;
  params?: Record<string, string>;
};

export type JobLogListParams = Partial<JobLogFilters> & PageParams;

export const jobLogFilters = ({ dateRange, ...rest }: Partial<JobLogFilters>): Partial<JobLogFilters> => addDateRange(rest, dateRange);

const exportQuery = (query: object): QueryParams => {
  const { pageNum: _page, pageSize: _size, ...filters } = query as QueryParams;
  return filters;
};

/** Scheduled jobs and their runs (server: modules/monitor/job). Screens use `job-queries.ts`. */
export const jobApi = {
  list: (params: JobListParams) => byUrl.list<Job>('/monitor/job/list', params),
  get: (jobId: number) => byUrl.one<Job>(`/monitor/job/${jobId}`),
  handlers: () => byUrl.one<JobHandlerInfo[]>('/monitor/job/handlers'),
  /** Adds when the body has no `jobId`, else updates. */
  save: (body: JobSave) => ('jobId' in body ? byUrl.put('/monitor/job', body) : byUrl.post('/monitor/job', body)),
  changeStatus: (jobId: number, status: JobBody['status']) => byUrl.put('/monitor/job/changeStatus', { jobId, status }),
  run: (jobId: number, jobGroup: string) => byUrl.put('/monitor/job/run', { jobId, jobGroup }),
  remove: (ids: readonly number[]) => byUrl.delete(`/monitor/job/${ids.join(',')}`),
  export: (query: object) => download('/monitor/job/export', exportQuery(query), `job_${Date.now()}.xlsx`),
  logs: {
    list: (params: JobLogListParams) => byUrl.list<JobLog>('/monitor/jobLog/list', params),
    remove: (ids: readonly number[]) => byUrl.delete(`/monitor/jobLog/${ids.join(',')}`),
    clean: () => byUrl.delete('/monitor/jobLog/clean'),
    export: (query: object) => download('/monitor/jobLog/export', exportQuery(query), `job_log_${Date.now()}.xlsx`),
  },
};

/** Parameters as the form edits them: indented JSON, "{}" when none. */
export const paramsText = (params: Record<string, unknown> | undefined) => (params && Object.keys(params).length > 0 ? JSON.stringify(params, null, 2) : '{}');

/** The form's text back to parameters; null unless it is a JSON object. */
export function parseParams(text: string | undefined): Record<string, unknown> | null {
  const trimmed = (text ?? '').trim();
  if (trimmed === '') return {};
  try {
    const value: unknown = JSON.parse(trimmed);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
