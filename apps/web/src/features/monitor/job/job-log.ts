import type { JobLog } from '@ccms/contracts/monitor/job-log';

/** Milliseconds a run took; null while it has not finished. */
export function runDuration(log: Pick<JobLog, 'startTime' | 'stopTime'>): number | null {
  if (!log.startTime || !log.stopTime) return null;
  const ms = new Date(log.stopTime).getTime() - new Date(log.startTime).getTime();
  return Number.isFinite(ms) ? Math.max(0, ms) : null;
}
