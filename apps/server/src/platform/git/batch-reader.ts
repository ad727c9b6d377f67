import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { gitEnv } from './git-env';
import { runGit } from './git-process';

/** A spec that names an object by id (a commit id, then a path or a peel), never a ref. */
const BY_ID = /^[0-9a-f]{40}(?:[0-9a-f]{24})?(?:$|[:^])/;
/** A clone's reader stops after this long unused (and when the clone is removed). */
const READER_IDLE_MS = 5_000;

/** One request to the reader: an object's bytes (`contents`) or only its id, type and size (`info`). */
interface Ask {
  spec: string;
  info: boolean;
}

/**
 * One `git cat-file --batch-command` kept running for a clone (up to MAX_READERS), fed one request at a time. It sees
 * objects written after it started: loose ones are looked up on each read, and git scans the pack
 * folder again on a miss (a fetch's new pack). It answers objects by id only, so refs never go
 * stale in it. `info` answers a header alone, so a size or a type costs no object's bytes.
 */
class BatchReader {
  private child: ChildProcessWithoutNullStreams | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private idle: NodeJS.Timeout | null = null;

  constructor(private readonly dir: string) {}

  /** Reads asked of it and not yet answered. */
  pending = 0;

  read(asks: Ask[]): Promise<Buffer> {
    this.pending++;
    const next = this.queue.then(() => this.ask(asks)).finally(() => this.pending--);
    this.queue = next.catch(() => undefined);
    return next;
  }

  close(): void {
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    this.child?.stdin.end();
    this.child?.kill();
    this.child = null;
    const of = readers.get(this.dir);
    if (of?.includes(this)) {
      of.splice(of.indexOf(this), 1);
      if (of.length === 0) readers.delete(this.dir);
    }
  }

  private start(): ChildProcessWithoutNullStreams {
    const child = spawn('git', ['--git-dir', this.dir, 'cat-file', '--batch-command'], { env: gitEnv() });
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

  private ask(asks: Ask[]): Promise<Buffer> {
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    const child = this.child ?? this.start();
    this.child = child;
    return new Promise<Buffer>((resolve, reject) => {
      const chunks: Buffer[] = [];
      let parts: Buffer[] = [];
      let have = 0;
      let need = -1;
      let answered = 0;
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
      const onExit = () => done(new Error('git cat-file --batch-command ended'));
      // Whole answers only: a header line, then for a found object's contents its bytes and a newline.
      const onData = (chunk: Buffer) => {
        parts.push(chunk);
        have += chunk.length;
        // A big object arrives in many chunks: joined once it is all there.
        if (need > 0 && have < need) return;
        let held = parts.length === 1 ? (parts[0] as Buffer) : Buffer.concat(parts, have);
        parts = [];
        have = 0;
        need = -1;
        while (answered < asks.length) {
          const eol = held.indexOf(10);
          if (eol < 0) break;
          const found = parseHeader(held.subarray(0, eol).toString('utf8'));
          const size = asks[answered]?.info || found === null ? -1 : found.size;
          const end = size < 0 ? eol + 1 : eol + 1 + size + 1;
          if (held.length < end) {
            need = end;
            break;
          }
          chunks.push(held.subarray(0, end));
          held = held.subarray(end);
          answered++;
        }
        if (answered === asks.length) done(null);
        else if (held.length > 0) {
          parts = [held];
          have = held.length;
        }
      };
      this.hold(child, true);
      child.stdout.on('data', onData);
      child.once('exit', onExit);
      child.stdin.write(asks.map((a) => `${a.info ? 'info' : 'contents'} ${a.spec}\n`).join(''));
    });
  }
}

/**
 * The most readers a clone keeps at once. Reads asked together (a folder's list, an open, the
 * previews' files) go to an idle reader, so a big read does not hold up the small ones behind it.
 */
const MAX_READERS = 3;
const readers = new Map<string, BatchReader[]>();
function batchReader(dir: string): BatchReader {
  let of = readers.get(dir);
  if (!of) {
    of = [];
    readers.set(dir, of);
  }
  let least = of[0];
  for (const r of of) if (least === undefined || r.pending < least.pending) least = r;
  if (least !== undefined && (least.pending === 0 || of.length >= MAX_READERS)) return least;
  const reader = new BatchReader(dir);
  of.push(reader);
  return reader;
}

/** Stops the readers of the clone at `dir` (the clone is being removed). */
export function closeBatchReader(dir: string): void {
  for (const reader of [...(readers.get(dir) ?? [])]) reader.close();
}

/** `cat-file`'s answers to `specs`: from the clone's reader when each names an object by id, else from a process of its own. */
async function answersTo(dir: string, specs: string[], info: boolean): Promise<Buffer> {
  if (specs.every((spec) => BY_ID.test(spec))) return batchReader(dir).read(specs.map((spec) => ({ spec, info })));
  return (await runGit(dir, ['cat-file', info ? '--batch-check' : '--batch'], { input: `${specs.join('\n')}\n` })).stdout;
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
  const out = await answersTo(dir, specs, false);
  const result: (GitObject | null)[] = [];
  let at = 0;
  for (let i = 0; i < specs.length; i++) {
    const eol = out.indexOf(10, at);
    if (eol < 0) break;
    const found = parseHeader(out.subarray(at, eol).toString('utf8'));
    at = eol + 1;
    if (found === null) {
      result.push(null);
      continue;
    }
    result.push({ oid: found.oid, type: found.type, body: out.subarray(at, at + found.size) });
    at += found.size + 1;
  }
  return result;
}

/** An object's id, type and size, without its bytes. */
export interface ObjectInfo {
  oid: string;
  type: string;
  size: number;
}

/** An answer's header line (`<oid> <type> <size>`); null for `<spec> missing` or `<spec> ambiguous`. */
function parseHeader(header: string): ObjectInfo | null {
  if (header.endsWith(' missing') || header.endsWith(' ambiguous')) return null;
  const [oid = '', type = '', size = '0'] = header.split(' ');
  return { oid, type, size: Number(size) };
}

/**
 * The id, type and size of the objects at `specs`, null where missing (`info` of `git cat-file
 * --batch-command`: no object's bytes are read). Specs by object id go to the clone's reader; a
 * spec naming a ref starts its own `--batch-check`.
 */
export async function objectInfo(dir: string, specs: string[]): Promise<(ObjectInfo | null)[]> {
  if (specs.length === 0) return [];
  const out = await answersTo(dir, specs, true);
  return out.toString('utf8').split('\n').slice(0, specs.length).map(parseHeader);
}
