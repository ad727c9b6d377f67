import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { gitEnv } from './git-env';
import { runGit } from './git-process';

/** A spec that names an object by id (a commit id, then a path or a peel), never a ref. */
const BY_ID = /^[0-9a-f]{40}(?:[0-9a-f]{24})?(?:$|[:^])/;
/** A clone's reader stops after this long unused (and when the clone is removed). */
const READER_IDLE_MS = 5_000;

/**
 * One `git cat-file --batch` kept running per clone, fed one request at a time. It sees objects
 * written after it started: loose ones are looked up on each read, and git scans the pack folder
 * again on a miss (a fetch's new pack). It answers objects by id only, so refs never go stale in it.
 */
class BatchReader {
  private child: ChildProcessWithoutNullStreams | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private idle: NodeJS.Timeout | null = null;

  constructor(private readonly dir: string) {}

  read(specs: string[]): Promise<Buffer> {
    const next = this.queue.then(() => this.ask(specs));
    this.queue = next.catch(() => undefined);
    return next;
  }

  close(): void {
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    this.child?.stdin.end();
    this.child?.kill();
    this.child = null;
    if (readers.get(this.dir) === this) readers.delete(this.dir);
  }

  private start(): ChildProcessWithoutNullStreams {
    const child = spawn('git', ['--git-dir', this.dir, 'cat-file', '--batch'], { env: gitEnv() });
    child.on('error', () => undefined);
    child.on('exit', () => {
      if (this.child === child) this.child = null;
    });
    child.stdin.on('error', () => undefined);
    child.stderr.resume();
    this.hold(child, false);
    return child;
  }

  /** Held while a read waits on it (a script awaiting a read must not exit under it), else never what keeps the process alive. */
  private hold(child: ChildProcessWithoutNullStreams, on: boolean): void {
    if (on) child.ref();
    else child.unref();
    for (const stream of [child.stdin, child.stdout, child.stderr] as unknown as { ref?: () => void; unref?: () => void }[]) {
      if (on) stream.ref?.();
      else stream.unref?.();
    }
  }

  private ask(specs: string[]): Promise<Buffer> {
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    const child = this.child ?? this.start();
    this.child = child;
    return new Promise<Buffer>((resolve, reject) => {
      const chunks: Buffer[] = [];
      let parts: Buffer[] = [];
      let have = 0;
      let need = -1;
      let left = specs.length;
      const done = (err: Error | null) => {
        child.stdout.off('data', onData);
        child.off('exit', onExit);
        this.hold(child, false);
        this.idle = setTimeout(() => this.close(), READER_IDLE_MS);
        this.idle.unref();
        if (err) {
          if (this.child === child) this.close();
          reject(err);
        } else resolve(Buffer.concat(chunks));
      };
      const onExit = () => done(new Error('git cat-file --batch ended'));
      // Whole answers only: a header line, then for a found object its bytes and a newline.
      const onData = (chunk: Buffer) => {
        parts.push(chunk);
        have += chunk.length;
        // A big object arrives in many chunks: joined once it is all there.
        if (need > 0 && have < need) return;
        let held = parts.length === 1 ? (parts[0] as Buffer) : Buffer.concat(parts, have);
        parts = [];
        have = 0;
        need = -1;
        while (left > 0) {
          const eol = held.indexOf(10);
          if (eol < 0) break;
          const header = held.subarray(0, eol).toString('utf8');
          const size = header.endsWith(' missing') || header.endsWith(' ambiguous') ? -1 : Number(header.split(' ')[2] ?? '0');
          const end = size < 0 ? eol + 1 : eol + 1 + size + 1;
          if (held.length < end) {
            need = end;
            break;
          }
          chunks.push(held.subarray(0, end));
          held = held.subarray(end);
          left--;
        }
        if (left === 0) done(null);
        else if (held.length > 0) {
          parts = [held];
          have = held.length;
        }
      };
      this.hold(child, true);
      child.stdout.on('data', onData);
      child.once('exit', onExit);
      child.stdin.write(`${specs.join('\n')}\n`);
    });
  }
}

const readers = new Map<string, BatchReader>();
function batchReader(dir: string): BatchReader {
  let reader = readers.get(dir);
  if (!reader) {
    reader = new BatchReader(dir);
    readers.set(dir, reader);
  }
  return reader;
}

/** Stops the reader of the clone at `dir` (the clone is being removed). */
export function closeBatchReader(dir: string): void {
  readers.get(dir)?.close();
}

/** An object read from the clone. */
export interface GitObject {
  oid: string;
  type: string;
  body: Buffer;
}

/**
 * Objects at `specs` (`<commit>:<path>`, `<commit>^{tree}`, ids) through `git cat-file --batch`;
 * null where missing. Specs that start with an object id go to the clone's long-lived reader (no
 * process to start); a spec naming a ref starts its own process.
 */
export async function readObjects(dir: string, specs: string[]): Promise<(GitObject | null)[]> {
  if (specs.length === 0) return [];
  const out = specs.every((spec) => BY_ID.test(spec))
    ? await batchReader(dir).read(specs)
    : (await runGit(dir, ['cat-file', '--batch'], { input: `${specs.join('\n')}\n` })).stdout;
  const result: (GitObject | null)[] = [];
  let at = 0;
  for (let i = 0; i < specs.length; i++) {
    const eol = out.indexOf(10, at);
    if (eol < 0) break;
    const header = out.subarray(at, eol).toString('utf8');
    at = eol + 1;
    if (header.endsWith(' missing') || header.endsWith(' ambiguous')) {
      result.push(null);
      continue;
    }
    const [oid = '', type = '', size = '0'] = header.split(' ');
    const length = Number(size);
    result.push({ oid, type, body: out.subarray(at, at + length) });
    at += length + 1;
  }
  return result;
}
