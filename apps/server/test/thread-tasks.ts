import { threadId } from 'node:worker_threads';
import { serveTasks } from '../src/platform/worker/thread-tasks';

/** Tasks the thread pool's test runs in a worker thread. */
serveTasks({
  echo: async (input: unknown) => ({ threadId, input }),
  ask: async (input: { questions: string[] }, ask) => Promise.all(input.questions.map((q) => ask(q))),
  fail: async () => {
    throw new Error('refused on purpose');
  },
  /** Holds its thread for `ms` without a pause, as a long parse would. */
  spin: async (input: { ms: number }) => {
    const end = performance.now() + input.ms;
    let turns = 0;
    while (performance.now() < end) turns++;
    return turns;
  },
  crash: async () => {
    process.exit(3);
  },
});
