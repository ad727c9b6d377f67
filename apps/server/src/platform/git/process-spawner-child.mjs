// @ts-check
/**
 * The process spawner (process-spawner.ts): a small Node process that starts the server's git
 * commands for it. Starting a process forks the one that asks, and forking the server (hundreds
 * of MB) held its event loop for several milliseconds per git command; forking this process costs
 * far less, and the wait is no longer the request loop's. Plain JavaScript, so it starts without
 * the TypeScript loader and stays small.
 *
 * Messages in: { type: 'run', id, command, args, env, input?, timeoutMs?, stream? } and
 * { type: 'kill', id }. Messages out: { type: 'out', id, chunk } (stream only), then
 * { type: 'done', id, code, signal, stdout?, stderr } or { type: 'error', id, message }.
 */
import { spawn } from 'node:child_process';

/** @type {Map<number, import('node:child_process').ChildProcess>} */
const running = new Map();

/** @param {unknown} message */
const send = (message) => {
  if (process.connected) process.send?.(message);
};

/**
 * Ends a command with everything it started: git runs its transports (git-remote-http, ssh) as
 * children of its own, which hold the output pipes open and would outlive a kill of git alone.
 * @param {import('node:child_process').ChildProcess} child
 * @param {NodeJS.Signals} signal
 */
function killGroup(child, signal) {
  try {
    if (child.pid !== undefined) process.kill(-child.pid, signal);
    else child.kill(signal);
  } catch {
    child.kill(signal);
  }
}

/** @param {{ id: number, command: string, args: string[], env: Record<string, string>, input?: Uint8Array | string, timeoutMs?: number, stream?: boolean }} m */
function run(m) {
  /** @type {import('node:child_process').ChildProcessWithoutNullStreams} */
  let child;
  try {
    // Its own process group, so a kill reaches what it started too.
    child = spawn(m.command, m.args, { env: m.env, detached: true });
  } catch (err) {
    send({ type: 'error', id: m.id, message: err instanceof Error ? err.message : String(err) });
    return;
  }
  running.set(m.id, child);
  /** @type {Buffer[]} */
  const out = [];
  /** @type {Buffer[]} */
  const err = [];
  let ended = false;
  const timer = m.timeoutMs ? setTimeout(() => killGroup(child, 'SIGKILL'), m.timeoutMs) : undefined;
  child.stdout.on('data', (/** @type {Buffer} */ chunk) => {
    if (m.stream) send({ type: 'out', id: m.id, chunk });
    else out.push(chunk);
  });
  child.stderr.on('data', (/** @type {Buffer} */ chunk) => err.push(chunk));
  child.on('error', (e) => {
    if (ended) return;
    ended = true;
    clearTimeout(timer);
    running.delete(m.id);
    send({ type: 'error', id: m.id, message: e.message });
  });
  child.on('close', (code, signal) => {
    if (ended) return;
    ended = true;
    clearTimeout(timer);
    running.delete(m.id);
    const stderr = Buffer.concat(err).toString('utf8');
    send({ type: 'done', id: m.id, code: code ?? 1, signal, stdout: m.stream ? undefined : Buffer.concat(out), stderr });
  });
  child.stdin.on('error', () => undefined);
  child.stdin.end(m.input === undefined ? '' : typeof m.input === 'string' ? m.input : Buffer.from(m.input));
}

process.on('message', (/** @type {any} */ m) => {
  if (m?.type === 'run') run(m);
  else if (m?.type === 'kill') {
    const child = running.get(m.id);
    if (child) killGroup(child, 'SIGTERM');
  }
});

// The server went away: so do its commands.
process.on('disconnect', () => {
  for (const child of running.values()) killGroup(child, 'SIGKILL');
  process.exit(0);
});
