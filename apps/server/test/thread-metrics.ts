import { metrics } from '../src/platform/metrics/metrics';

/** How many tasks of a kind ended well on a worker pool of this process, as /metrics counts them. */
export async function threadTasksDone(pool: string, task: string): Promise<number> {
  const line = new RegExp(`ccms_thread_task_duration_seconds_count\\{pool="${pool}",task="${task}",result="ok"\\} (\\d+)`);
  return Number(line.exec(await metrics.render())?.[1] ?? 0);
}

/** How many catalogue index runs of a mode ended in this process, as /metrics counts them. */
export async function indexRunsDone(mode: 'full' | 'incremental' | 'unchanged'): Promise<number> {
  const line = new RegExp(`ccms_catalog_index_duration_seconds_count\\{mode="${mode}"\\} (\\d+)`);
  return Number(line.exec(await metrics.render())?.[1] ?? 0);
}
