import { parentPort } from 'node:worker_threads';
import type { Ask, FromThread, ToThread } from './thread-protocol';

export type { Ask } from './thread-protocol';

/** A task a worker thread runs: its input and a way to ask the server, to its result (structured-cloned back). */
// biome-ignore lint/suspicious/noExplicitAny: each task names its own input type; the pool's caller sends it
export type ThreadTask = (input: any, ask: Ask) => Promise<unknown>;

/**
 * The worker thread's side of a thread pool: runs the tasks the server sends, several at once
 * (each awaits its questions to the server), and sends each result or failure back.
 */
export function serveTasks(tasks: Record<string, ThreadTask>): void {
  const port = parentPort;
  if (!port) throw new Error('serveTasks runs in a worker thread');
  const send = (message: FromThread) => port.postMessage(message);
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let nextAsk = 1;

  send({ type: 'ready' });
  port.on('message', (message: ToThread) => {
    if (message.type === 'answer') {
      const w = waiting.get(message.ask);
      if (!w) return;
      waiting.delete(message.ask);
      if ('error' in message) w.reject(new Error(message.error));
      else w.resolve(message.value);
      return;
    }
    const { id, task } = message;
    const ask: Ask = (question) =>
      new Promise((resolve, reject) => {
        const k = nextAsk++;
        waiting.set(k, { resolve, reject });
        send({ type: 'ask', id, ask: k, question });
      });
    const run = tasks[task];
    if (!run) {
      send({ type: 'fail', id, message: `no task ${task}` });
      return;
    }
    run(message.input, ask).then(
      (value) => send({ type: 'done', id, value }),
      (err: unknown) => send({ type: 'fail', id, message: err instanceof Error ? err.message : String(err) }),
    );
  });
}
