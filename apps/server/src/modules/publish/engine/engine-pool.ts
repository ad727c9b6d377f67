import { type ChildProcess, fork } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { processSettings } from '../../../platform/config';
import type { EngineReply, EngineRequest } from './engine-protocol';

const require = createRequire(import.meta.url);
const WORKER = path.join(import.meta.dirname, 'publish-worker.ts');
/** The publish process's heap: large maps stay within it, the server's own memory is untouched. */
const WORKER_HEAP_MB = 1536;
/** Extra node flags for the publish process, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile the engine. */
const WORKER_ARGS = processSettings().publishNodeArgs;

export interface EngineRun {
  onProgress: (phase: string, done: number, total: number) => void;
}

type Outcome = Extract<EngineReply, { type: 'done' }>;

interface Pending {
  resolve: (r: Outcome) => void;
  reject: (e: Error) => void;
  onProgress: EngineRun['onProgress'];
}

/**
 * The server's side of the publish process: started on first use, one build at a time (the
 * process queues them), killed to cancel a build, started again on the next one. What the
 * process keeps (the last builds per key) is known here, so the caller can send only changes.
 */
export function enginePool() {
  let child: ChildProcess | null = null;
  let nextId = 1;
  const pending = new Map<number, Pending>();
  /** What the running process holds per key: the commit and the root map text it last built. */
  const held = new Map<string, { commit: string; mapHash: string; fingerprint: string }>();
  let running: { id: number; key: string } | null = null;

  function failAll(reason: string) {
    held.clear();
    for (const [id, p] of pending) {
      pending.delete(id);
      p.reject(new Error(reason));
    }
  }

  function start(): ChildProcess {
    if (child?.connected) return child;
    const tsx = pathToFileURL(require.resolve('tsx')).href;
    const c = fork(WORKER, [], {
      execArgv: ['--import', tsx, `--max-old-space-size=${WORKER_HEAP_MB}`, ...WORKER_ARGS],
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      serialization: 'advanced',
    });
    let stderr = '';
    c.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-2000);
    });
    c.on('message', (message: EngineReply) => {
      const p = pending.get(message.id);
      if (!p) return;
      if (message.type === 'progress') p.onProgress(message.phase, message.done, message.total);
      else {
        pending.delete(message.id);
        if (running?.id === message.id) running = null;
        if (message.type === 'done') p.resolve(message);
        else p.reject(new Error(message.message));
      }
    });
    c.on('exit', (code, signal) => {
      if (child === c) child = null;
      running = null;
      failAll(signal ? `killed (${signal})` : `exit code ${code}${stderr ? `: ${stderr.trim().split('\n').slice(-3).join(' ')}` : ''}`);
    });
    child = c;
    return c;
  }

  return {
    /**
     * Starts the publish process ahead of a build if it is not running: it loads the engine (seconds
     * on a busy machine) while the publish fetches and checks out.
     */
    warm(): void {
      start();
    },

    /** What the process holds for a key, to decide between an incremental and a full build. */
    heldFor: (key: string) => held.get(key),

    async run(req: Omit<EngineRequest, 'type' | 'id'>, state: { commit: string; mapHash: string }, run: EngineRun): Promise<Outcome> {
      const c = start();
      const id = nextId++;
      held.delete(req.key);
      const outcome = await new Promise<Outcome>((resolve, reject) => {
        pending.set(id, { resolve, reject, onProgress: run.onProgress });
        running = { id, key: req.key };
        c.send({ ...req, type: 'run', id } satisfies EngineRequest);
      });
      held.set(req.key, { ...state, fingerprint: req.fingerprint });
      return outcome;
    },

    /** Drops what is known of a key's build, so the next one is full. */
    forget: (key: string) => held.delete(key),

    /** Stops the build of `key` if it is the one running (the process goes; the next build starts it again). */
    cancel(key: string): boolean {
      if (!running || running.key !== key || !child) return false;
      child.kill('SIGKILL');
      return true;
    },

    async close() {
      const c = child;
      child = null;
      if (c && c.exitCode === null) {
        const exited = new Promise((resolve) => c.once('exit', resolve));
        // With extra flags (a profile to write at exit) the process is let go first, and killed if it does not end.
        if (WORKER_ARGS.length > 0 && c.connected) {
          c.disconnect();
          const timer = setTimeout(() => c.kill('SIGKILL'), 5000);
          await exited;
          clearTimeout(timer);
          return;
        }
        c.kill('SIGKILL');
        await exited;
      }
    },
  };
}

export type EnginePool = ReturnType<typeof enginePool>;
