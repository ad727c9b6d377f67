import { threadPool } from '../worker/thread-pool';
import { buildCommit, type Change, type HeldObject, type Identity, TreeError } from './commit-builder';
import { rememberCommit } from './last-commits';

/*
 * Where a save's commit is built: on the commit thread (commit-thread.ts), off the request loop.
 * Under a team's load every step of a build made on the loop (a folder read, each object's
 * compression and its four file operations) waited for the loop's next turn and for libuv's pool,
 * which the reads share: a batch of 25 saves, built one after the other under the library's lock,
 * held it about 50 ms a save. A change naming a file on disk (an upload) is built here, by git.
 */

/** What the thread's `build` task is given: changes held in memory only. */
export interface ThreadBuildInput {
  dir: string;
  parent: string | null;
  changes: ({ op: 'put'; path: string; content: Uint8Array } | { op: 'delete'; path: string } | { op: 'move'; from: string; to: string })[];
  message: string;
  author: Identity;
}

/** What it answers: the commit and the objects read and written for it, or the path error the changes make. */
export type ThreadBuilt = { oid: string; held: HeldObject[]; treeError?: undefined } | { treeError: { reason: TreeError['reason']; path: string } };

/** One thread: builds are short, and a batch's builds run one after the other anyway (each on the one before). */
const pool = threadPool({ name: 'git', entry: new URL('./commit-thread.ts', import.meta.url), size: 1 });

/** Starts the commit thread ahead of the first save (a listening server does, as it does its other threads). */
export function warmCommitThread(): Promise<void> {
  return pool.warm();
}

const inMemory = (changes: Change[]): changes is ThreadBuildInput['changes'] & Change[] => changes.every((c) => c.op !== 'put' || 'content' in c);

/**
 * A commit applying `changes` on top of `parent` (see commit-builder's `buildCommit`), built on the
 * commit thread; `keep` is told the objects it read and wrote (a batch's push is packed from them).
 */
export async function buildCommitOffLoop(
  dir: string,
  parent: string | null,
  changes: Change[],
  message: string,
  author: Identity,
  keep?: (object: HeldObject) => void,
): Promise<string> {
  let made: HeldObject | undefined;
  const held = (object: HeldObject) => {
    if (object.type === 'commit') made = object;
    keep?.(object);
  };
  const oid = inMemory(changes)
    ? await onThread({ dir, parent, changes, message, author }, held)
    : await buildCommit(dir, parent, changes, message, author, { keep: held });
  // A folder's list reads its last commits along the saves' line: this one needs no reading.
  if (made?.oid === oid) rememberCommit(oid, made.body);
  return oid;
}

/** The build on the commit thread; the objects it held told to `keep` as they cross back. */
async function onThread(input: ThreadBuildInput, keep: (object: HeldObject) => void): Promise<string> {
  const built = await pool.run<ThreadBuilt>('build', input);
  if (built.treeError) throw new TreeError(built.treeError.reason, built.treeError.path);
  for (const o of built.held) keep({ oid: o.oid, type: o.type, body: Buffer.from(o.body.buffer, o.body.byteOffset, o.body.byteLength) });
  return built.oid;
}
