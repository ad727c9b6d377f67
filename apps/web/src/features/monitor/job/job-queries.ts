import type { JobBody } from '@ccms/contracts/monitor/job';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { entityKeys } from '../../../api/query-keys';
import { type JobListParams, type JobLogListParams, type JobSave, jobApi } from './job-api';

const keys = entityKeys<JobListParams>('monitor', 'job');
/** The scheduled-job data layer (see shared/form/README.md): jobs, their handlers and their runs' log under one key. */
export const jobKeys = {
  ...keys,
  handlers: () => [...keys.all, 'handlers'] as const,
  logLists: () => [...keys.all, 'log', 'list'] as const,
  logList: (params: JobLogListParams) => [...keys.all, 'log', 'list', params] as const,
};

export const jobQueries = {
  list: (params: JobListParams) => ({ queryKey: jobKeys.list(params), queryFn: () => jobApi.list(params) }),
  detail: (jobId: number) => ({ queryKey: jobKeys.detail(jobId), queryFn: () => jobApi.get(jobId) }),
  logList: (params: JobLogListParams) => ({ queryKey: jobKeys.logList(params), queryFn: () => jobApi.logs.list(params) }),
};

export const useJob = (jobId: number | undefined, enabled = true) => useQuery({ ...jobQueries.detail(jobId ?? 0), enabled: enabled && jobId !== undefined });
/** The handlers a job may invoke (they change only with a server release). */
export const useJobHandlers = (enabled: boolean) => useQuery({ queryKey: jobKeys.handlers(), queryFn: jobApi.handlers, enabled, staleTime: 300_000 });

/** A change to jobs or their log: lists, details and the log read again. */
function useJobMutation<Input>(mutationFn: (input: Input) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: jobKeys.all }) });
}

export const useSaveJob = () => useJobMutation((body: JobSave) => jobApi.save(body));
export const useDeleteJobs = () => useJobMutation((ids: readonly number[]) => jobApi.remove(ids));
export const useChangeJobStatus = () => useJobMutation(({ jobId, status }: { jobId: number; status: JobBody['status'] }) => jobApi.changeStatus(jobId, status));
/** Runs a job once; its run shows in the log. */
export const useRunJob = () => useJobMutation(({ jobId, jobGroup }: { jobId: number; jobGroup: string }) => jobApi.run(jobId, jobGroup));
export const useDeleteJobLogs = () => useJobMutation((ids: readonly number[]) => jobApi.logs.remove(ids));
export const useCleanJobLog = () => useJobMutation<void>(() => jobApi.logs.clean());
