import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { Code } from '@ccms/contracts/http';
import { AppError } from '../http/errors';

/**
 * Short-lived git commands started by a small helper process instead of the server (issue 36).
 * `spawn` forks the process that calls it and waits for the exec: with the server's hundreds of
 * MB that held the request loop for several milliseconds per command, and under a team's load
 * git commands (ref lookups, folder listings, last commits, previews) were the server's largest
 * single cost. The helper (process-spawner-child.mjs) is started on first use, forks cheaply and
 * answers over IPC; when it dies, the commands it ran fail and the next one starts a new helper.
 */

const CHILD = path.join(import.meta.dirname, 'process-spawner-child.mjs');

export interface ProcessResult {
  stdout: Buffer;
  stderr: string;
  code: number;
  /** The signal that ended it (SIGKILL: its timeout), else null. */
  signal: string | null;
}

interface RunOptions {
  env: Record<string, string>;
  input?: Buffer | string;
  /** Killed (SIGKILL) after this long; it then ends with a non-zero code. */
  timeoutMs?: number;
}

type Reply =
  | { type: 'out'; id: number; chunk: Uint8Array }
  | { type: 'done'; id: number; code: number; signal: string | null; stdout?: Uint8Array; stderr: string }
  | { type: 'error'; id: number; message: string };

interface Pending {
  onReply: (reply: Reply) => void;
  onGone: (err: Error) => void;
  /** The helper it was sent to: only that one's end fails it. */
  helper?: ChildProcess;
}

let helper: ChildProcess | undefined;
let nextId = 1;
const pending = new Map<number, Pending>();

/** The IPC channel keeps the server alive only while a command is out (a script can end when done). */
function holdOpen() {
  const channel = helper?.channel as { ref(): void; unref(): void } | undefined;
  if (pending.size > 0) channel?.ref();
  else channel?.unref();
}

function started(): ChildProcess {
  if (helper?.connected) return helper;
  const child = fork(CHILD, [], { execArgv: [], stdio: ['ignore', 'ignore', 'inherit', 'ipc'], serialization: 'advanced' });
  child.on('message', (reply: Reply) => {
    const p = pending.get(reply.id);
    if (!p) return;
    if (reply.type !== 'out') pending.delete(reply.id);
    p.onReply(reply);
    holdOpen();
  });
  child.on('exit', (code, signal) => {
    if (helper === child) helper = undefined;
    // Said to the caller in words (500: the server, not the request, failed); the commands it ran ended with it.
    const gone = new AppError(Code.ERROR, 'scm.helperEnded', { reason: signal ?? `exit code ${code}` });
    for (const [id, p] of pending) {
      if (p.helper !== child) continue;
      pending.delete(id);
      p.onGone(gone);
    }
    holdOpen();
  });
  child.on('error', () => undefined);
  child.unref();
  helper = child;
  return child;
}

function send(message: Record<string, unknown>, p: Pending): number {
  const id = nextId++;
  const child = started();
  pending.set(id, { ...p, helper: child });
  holdOpen();
  child.send({ ...message, id }, (err) => {
    if (!err || !pending.has(id)) return;
    pending.delete(id);
    holdOpen();
    p.onGone(err);
  });
  return id;
}

const asBuffer = (bytes: Uint8Array | undefined) => (bytes ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) : Buffer.alloc(0));

/** Runs a command to its end: its output, error text and exit code; rejects when it cannot start. */
export function runProcess(command: string, args: string[], opts: RunOptions): Promise<ProcessResult> {
  return new Promise((resolve, reject) => {
    send(
      { type: 'run', command, args, env: opts.env, input: opts.input, timeoutMs: opts.timeoutMs },
      {
        onReply(reply) {
          if (reply.type === 'error') reject(new Error(reply.message));
          else if (reply.type === 'done') resolve({ stdout: asBuffer(reply.stdout), stderr: reply.stderr, code: reply.code, signal: reply.signal });
        },
        onGone: reject,
      },
    );
  });
}

export interface StreamedProcess {
  /** The command's output as it comes. */
  stdout: Readable;
  /** Stops the command (what it printed so far stays readable). */
  kill(): void;
  /** Its exit code and error text, once it ended. */
  done: Promise<{ code: number; stderr: string }>;
}

/** Starts a command whose output is read as it comes (a caller may stop reading and kill it early). */
export function streamProcess(command: string, args: string[], opts: { env: Record<string, string> }): StreamedProcess {
  const stdout = new PassThrough();
  let settle: { resolve: (r: { code: number; stderr: string }) => void; reject: (e: Error) => void } | undefined;
  const done = new Promise<{ code: number; stderr: string }>((resolve, reject) => {
    settle = { resolve, reject };
  });
  // A caller that only reads the output must not see an unhandled rejection.
  done.catch(() => undefined);
  const id = send(
    { type: 'run', command, args, env: opts.env, stream: true },
    {
      onReply(reply) {
        if (reply.type === 'out') stdout.write(asBuffer(reply.chunk));
        else if (reply.type === 'done') {
          stdout.end();
          settle?.resolve({ code: reply.code, stderr: reply.stderr });
        } else {
          const err = new Error(reply.message);
          stdout.destroy(err);
          settle?.reject(err);
        }
      },
      onGone(err) {
        stdout.destroy(err);
        settle?.reject(err);
      },
    },
  );
  return {
    stdout,
    kill() {
      if (pending.has(id)) helper?.send({ type: 'kill', id });
    },
    done,
  };
}

/** Ends the helper (tests; the server's exit ends it too). */
export function stopProcessHelper(): void {
  helper?.kill('SIGTERM');
  helper = undefined;
}
