import { urlOf } from '@ccms/contracts/endpoint';
import { JobApi, type JobBody, type JobQuery, type JobUpdate } from '@ccms/contracts/monitor/job';
import { JobLogApi, type JobLogQuery } from '@ccms/contracts/monitor/job-log';
import type { Dayjs } from 'dayjs';
import { api } from '../../../api/client';
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
  list: (params: JobListParams) => api.list(JobApi.list, { query: params }),
  get: (jobId: number) => api.one(JobApi.get, { path: { jobId } }),
  handlers: () => api.one(JobApi.handlers),
  /** Adds when the body has no `jobId`, else updates. */
  save: (body: JobSave) => ('jobId' in body ? api.call(JobApi.edit, { body }) : api.call(JobApi.add, { body })),
  changeStatus: (jobId: number, status: JobBody['status']) => api.call(JobApi.changeStatus, { body: { jobId, status } }),
  run: (jobId: number, jobGroup: string) => api.call(JobApi.run, { body: { jobId, jobGroup } }),
  remove: (ids: readonly number[]) => api.call(JobApi.remove, { path: { ids } }),
  export: (query: object) => download(urlOf(JobApi.export), exportQuery(query), `job_${Date.now()}.xlsx`),
  logs: {
    list: (params: JobLogListParams) => api.list(JobLogApi.list, { query: params }),
    remove: (ids: readonly number[]) => api.call(JobLogApi.remove, { path: { ids } }),
    clean: () => api.call(JobLogApi.clean),
    export: (query: object) => download(urlOf(JobLogApi.export), exportQuery(query), `job_log_${Date.now()}.xlsx`),
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
