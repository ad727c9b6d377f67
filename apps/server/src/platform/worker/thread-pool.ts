import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { observeThreadTask } from '../metrics/metrics';
import type { FromThread, ToThread } from './thread-protocol';

const BOOT = new URL('./thread-boot.mjs', import.meta.url);

/** What the server answers a running task's question with (a rejection is sent as the task's error). */
export type Answer = (question: unknown) => Promise<unknown>;

interface Pending {
  resolve: (value: unknown) => void;
  reject: (err: Error) => void;
  answer: Answer;
  /** The thread it was sent to: only that one's end fails it. */
  worker: Worker;
}

interface Slot {
  worker: Worker | null;
  pending: Map<number, Pending>;
  /** Settles when the slot's thread has loaded its task module (or ended trying). */
  ready: Promise<void>;
}

export interface ThreadPool {
  /** Runs a task of the pool's module on the least busy thread (started when it is not running). */
  run<T>(task: string, input: unknown, answer?: Answer): Promise<T>;
  /** Starts the threads ahead of their first task; settles once each has loaded its module (or ended trying). */
  warm(): Promise<void>;
  /** Tasks sent and not answered yet, over all threads. */
  readonly busy: number;
  close(): Promise<void>;
}

const noQuestions: Answer = async () => {
  throw new Error('this task asks nothing');
};

/** Threads beside the request loop: one fewer than the cores (the loop keeps one), at least one, at most four. */
const defaultThreads = () => Math.max(1, Math.min(4, os.availableParallelism() - 1));

/**
 * Worker threads running one task module (a file calling `serveTasks`), so parsing and rendering
 * do not hold the server's request loop. A thread that ends (a crash, out of memory) fails the tasks
 * it had and is started again by the next task; the threads do not keep the process alive.
 */
export function threadPool(options: { name: string; entry: URL; size?: number }): ThreadPool {
  const slots: Slot[] = Array.from({ length: options.size ?? defaultThreads() }, () => ({ worker: null, pending: new Map(), ready: Promise.resolve() }));
  let nextId = 1;
  let closed = false;

  function failAll(slot: Slot, worker: Worker | null, reason: string) {
    for (const [id, p] of slot.pending) {
      if (worker !== null && p.worker !== worker) continue;
      slot.pending.delete(id);
      p.reject(new Error(`${options.name} thread ended: ${reason}`));
    }
  }

  function start(slot: Slot): Worker {
    if (slot.worker) return slot.worker;
    const worker = new Worker(BOOT, { workerData: { entry: options.entry.href }, name: options.name });
    worker.unref();
    let loaded: () => void = () => undefined;
    slot.ready = new Promise<void>((resolve) => {
      loaded = resolve;
    });
    const refuse = (id: number, ask: number, err: unknown) =>
      worker.postMessage({ type: 'answer', id, ask, error: err instanceof Error ? err.message : String(err) } satisfies ToThread);
    worker.on('message', (message: FromThread) => {
      if (message.type === 'ready') {
        loaded();
        return;
      }
      const p = slot.pending.get(message.id);
      if (!p) return;
      if (message.type === 'ask') {
        const { id, ask } = message;
        p.answer(message.question).then(
          (value) => {
            try {
              worker.postMessage({ type: 'answer', id, ask, value } satisfies ToThread);
            } catch (err) {
              // An answer that cannot cross (a function, say) is the task's error, not the server's.
              refuse(id, ask, err);
            }
          },
          (err: unknown) => refuse(id, ask, err),
        );
        return;
      }
      slot.pending.delete(message.id);
      if (message.type === 'done') p.resolve(message.value);
      else p.reject(new Error(message.message));
    });
    worker.on('error', (err) => {
      loaded();
      if (slot.worker === worker) slot.worker = null;
      failAll(slot, worker, err.message);
    });
    worker.on('exit', (code) => {
      loaded();
      if (slot.worker === worker) slot.worker = null;
      failAll(slot, worker, `exit code ${code}`);
    });
    slot.worker = worker;
    return worker;
  }

  const leastBusy = () => slots.reduce((best, s) => (s.pending.size < best.pending.size ? s : best));

  return {
    run<T>(task: string, input: unknown, answer: Answer = noQuestions): Promise<T> {
      if (closed) return Promise.reject(new Error(`${options.name} threads are closed`));
      const slot = leastBusy();
      const worker = start(slot);
      const id = nextId++;
      const started = performance.now();
      const task$ = new Promise<T>((resolve, reject) => {
        slot.pending.set(id, { resolve: resolve as (v: unknown) => void, reject, answer, worker });
        try {
          worker.postMessage({ type: 'run', id, task, input } satisfies ToThread);
        } catch (err) {
          // An input that cannot cross threads: refused here, nothing left waiting.
          slot.pending.delete(id);
          reject(err);
        }
      });
      task$.then(
        () => observeThreadTask(options.name, task, 'ok', performance.now() - started),
        () => observeThreadTask(options.name, task, 'error', performance.now() - started),
      );
      return task$;
    },
    async warm() {
      if (closed) return;
      for (const slot of slots) start(slot);
      await Promise.all(slots.map((slot) => slot.ready));
    },
    get busy() {
      return slots.reduce((n, s) => n + s.pending.size, 0);
    },
    async close() {
      closed = true;
      await Promise.all(
        slots.map(async (slot) => {
          const worker = slot.worker;
          slot.worker = null;
          failAll(slot, null, 'closed');
          if (worker) await worker.terminate();
        }),
      );
    },
  };
}
