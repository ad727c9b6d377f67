import { processEventLoopDelay } from './event-loop-delay';
import { Collected, Counter, Histogram, Registry } from './registry';

/**
 * The process's metrics, served by the ops listener at /metrics (see http/ops-listener.ts). One
 * registry per process: the code that observes (a publish ending, a git push) runs without an
 * app at hand, and Prometheus counts per process anyway.
 */
export const metrics = new Registry();

/** Seconds: from a cached read to a slow export. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Seconds: from a small map's HTML5 to a large PDF. */
const PUBLISH_BUCKETS = [1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1200, 1800, 3600];
/** Seconds: a fetch with nothing new to a first push of a large library. */
const GIT_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300];

export const httpRequests = metrics.register(
  new Counter('ccms_http_requests_total', 'HTTP requests answered, by method, route pattern ("unmatched" when none) and status code', [
    'method',
    'route',
    'status',
  ]),
);

export const httpRequestDuration = metrics.register(
  new Histogram('ccms_http_request_duration_seconds', 'Time to answer an HTTP request, by method and route pattern', ['method', 'route'], REQUEST_BUCKETS),
);

/** How late the event loop ran: a held loop delays every request the process has in hand. */
export const eventLoopDelay = metrics.register(
  processEventLoopDelay('ccms_event_loop_delay_seconds', 'How late the event loop ran its timers (sampled every 10 ms), in seconds'),
);

const publishDuration = metrics.register(
  new Histogram(
    'ccms_publish_duration_seconds',
    'Time a publish took from its start to its end, by result (success, fail, canceled)',
    ['result'],
    PUBLISH_BUCKETS,
  ),
);

const gitDurations = {
  fetch: metrics.register(
    new Histogram('ccms_git_fetch_duration_seconds', 'Time a fetch from a library remote took, by result (ok, error)', ['result'], GIT_BUCKETS),
  ),
  push: metrics.register(
    new Histogram('ccms_git_push_duration_seconds', 'Time a push to a library remote took, replays included, by result (ok, error)', ['result'], GIT_BUCKETS),
  ),
};

/** Commits waiting for a library's lock in this process, to go out with the next push (library-commit.ts). */
let commitsWaiting = 0;
metrics.register(
  new Collected(
    'ccms_git_commits_waiting',
    "Commits waiting for their library's write lock in this process (they go out together with the next push)",
    'gauge',
    () => [{ labels: {}, value: commitsWaiting }],
  ),
);

const pushCommits = metrics.register(
  new Histogram('ccms_git_push_commits', 'Commits one push to a library remote carried (saves queued behind a push go out together)', [], [1, 2, 4, 8, 16, 32]),
);

/** Commits started (positive) or stopped (negative) waiting for their library's lock. */
export function countCommitsWaiting(by: number) {
  commitsWaiting += by;
}

/** A push of `commits` commits went out. */
export function observePushCommits(commits: number) {
  pushCommits.observe({}, commits);
}

/** A publish ended (publish-runner.ts). */
export function observePublish(result: 'success' | 'fail' | 'canceled', durationMs: number) {
  publishDuration.observe({ result }, durationMs / 1000);
}

/** Runs a fetch or push to a library remote, timing it into its histogram. */
export async function timeGit<T>(operation: keyof typeof gitDurations, work: () => Promise<T>): Promise<T> {
  const start = performance.now();
  let result = 'error';
  try {
    const value = await work();
    result = 'ok';
    return value;
  } finally {
    gitDurations[operation].observe({ result }, (performance.now() - start) / 1000);
  }
}

/** Seconds: a DITA check of a short topic to an S1000D module against its schemas or a full index run. */
const THREAD_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const threadTasks = metrics.register(
  new Histogram(
    'ccms_thread_task_duration_seconds',
    'Time a task run on a worker thread took from its sending to its answer, by pool, task and result (ok, error)',
    ['pool', 'task', 'result'],
    THREAD_BUCKETS,
  ),
);

/** A worker thread's task ended (platform/worker/thread-pool.ts). */
export function observeThreadTask(pool: string, task: string, result: 'ok' | 'error', ms: number) {
  threadTasks.observe({ pool, task, result }, ms / 1000);
}

/** Seconds: a branch already at its commit to a full run of a large library. */
const INDEX_BUCKETS = [0.001, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];
const indexRuns = metrics.register(
  new Histogram(
    'ccms_catalog_index_duration_seconds',
    "Time a catalogue index run of a branch took, by mode (full, incremental; unchanged: the branch's index was at that commit already)",
    ['mode'],
    INDEX_BUCKETS,
  ),
);

/** A catalogue index run of a branch ended (catalog/indexer.ts). */
export function observeIndexRun(mode: 'full' | 'incremental' | 'unchanged', ms: number) {
  indexRuns.observe({ mode }, ms / 1000);
}

// The process figures Prometheus' own clients export under these names, so existing dashboards read them.
const startTime = Math.round(Date.now() / 1000 - process.uptime());
metrics.register(
  new Collected('process_start_time_seconds', 'Start time of the process since the Unix epoch in seconds', 'gauge', () => [{ labels: {}, value: startTime }]),
);
metrics.register(
  new Collected('process_cpu_user_seconds_total', 'User CPU time spent in seconds', 'counter', () => [{ labels: {}, value: process.cpuUsage().user / 1e6 }]),
);
metrics.register(
  new Collected('process_cpu_system_seconds_total', 'System CPU time spent in seconds', 'counter', () => [
    { labels: {}, value: process.cpuUsage().system / 1e6 },
  ]),
);
metrics.register(
  new Collected('process_resident_memory_bytes', 'Resident memory size in bytes', 'gauge', () => [{ labels: {}, value: process.memoryUsage.rss() }]),
);
metrics.register(
  new Collected('nodejs_heap_size_used_bytes', 'Process heap size used from Node.js in bytes', 'gauge', () => [
    { labels: {}, value: process.memoryUsage().heapUsed },
  ]),
);
