import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { saveTrace } from '../phase-trace';
import { type GitObject, readObjects } from './batch-reader';
import { type HeldObject, replayCommit } from './commit-builder';
import { classifyRemoteError, type GitAuth, gitEnv, type RemoteFailure } from './git-env';
import { isValidBranchName, NETWORK_TIMEOUT_MS, REMOTE, runGit, runNetworkGit, trackingRef } from './git-process';
import { type ObjectType, parseTree, type RawTreeEntry, TREE_MODE } from './loose-objects';
import { pinConfig, type RemotePin } from './remote-url';
import { type Advertisement, advertisement, type PushAnswer, packOf, RemoteTimeout, receivePack } from './smart-http';

/** The clone's remote side: creating it, fetching, asking the remote for its heads, and pushing (smart HTTP from this process, else git push). */

/** A remote operation that failed, with the reason in words; git's own text stays in the server. */
export class RemoteError extends Error {
  constructor(
    readonly reason: RemoteFailure,
    detail: string,
  ) {
    super(`git remote: ${reason}: ${detail.slice(0, 300)}`);
    this.name = 'RemoteError';
  }
}

/** Socket errors that mean the remote could not be reached or went silent (what git reports as "failed to connect", "timed out", "empty reply"). */
const UNREACHABLE_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ETIMEDOUT',
  'EPIPE',
]);

function isUnreachable(err: unknown): boolean {
  if (err instanceof RemoteTimeout) return true;
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && UNREACHABLE_CODES.has(code);
}

/** A push refused because the branch moved on the remote, asked not to be replayed: the caller starts over from a fetch. */
export class RemoteMovedError extends Error {
  constructor(readonly branch: string) {
    super(`the remote branch ${branch} moved`);
    this.name = 'RemoteMovedError';
  }
}

const MAX_PUSH_ATTEMPTS = 5;

export interface PushOptions {
  /** false: a rejected push throws RemoteMovedError instead of replaying (the caller merges again itself). */
  replay?: boolean;
  /** The remote's URL (the library's), and its advertisement asked for ahead (pushOffer) for the first attempt. */
  remote?: { url: string; offer?: Promise<Advertisement | null> };
  /** Told once, when the first attempt's objects are on their way (the rest is the remote's work): other work can start without slowing the push's own. */
  onSend?: () => void;
  /** Objects the commits' builds read and wrote, by id: the pack is made from them, the clone read only for the others. */
  held?: ReadonlyMap<string, HeldObject>;
}

/** The clone the transport works on: its folder, the remote address its URL check approved, and what it reads of its refs. */
export interface Clone {
  readonly dir: string;
  /** Network commands connect there and nowhere else. */
  readonly pin: RemotePin | null;
  exists(): Promise<boolean>;
  resolve(ref: string): Promise<string | null>;
}

/** A network command over this clone, with the credential in the environment only and the remote's address pinned. */
function remoteGit(clone: Clone, auth: GitAuth | null, args: string[]): Promise<string> {
  return runNetworkGit(args, { dir: clone.dir, env: gitEnv(auth, {}, pinConfig(clone.pin)), timeoutMs: NETWORK_TIMEOUT_MS });
}

/** Creates the bare clone if missing and points origin at `url` (which never carries a credential). */
export async function ensureClone(clone: Clone, url: string): Promise<void> {
  if (!(await clone.exists())) {
    await mkdir(clone.dir, { recursive: true });
    await runGit(clone.dir, ['init', '--bare', '--quiet']);
    await runGit(clone.dir, ['config', `remote.${REMOTE}.url`, url]);
    await runGit(clone.dir, ['config', `remote.${REMOTE}.fetch`, `+refs/heads/*:refs/remotes/${REMOTE}/*`]);
    return;
  }
  const current = (await runGit(clone.dir, ['config', '--get', `remote.${REMOTE}.url`], { allowFail: true })).stdout.toString().trim();
  if (current !== url) await runGit(clone.dir, ['config', `remote.${REMOTE}.url`, url]);
}

function remoteFailure(err: unknown): RemoteError {
  const message = err instanceof Error ? err.message : String(err);
  return new RemoteError(classifyRemoteError(message), message);
}

/** Brings the remote-tracking branches up to date (deleted remote branches go too). */
export async function fetchRemote(clone: Clone, auth: GitAuth | null): Promise<void> {
  try {
    await remoteGit(clone, auth, ['fetch', '--prune', '--quiet', '--no-tags', REMOTE]);
  } catch (err) {
    throw remoteFailure(err);
  }
}

/**
 * Brings one remote-tracking branch to what `url` has now, leaving the others as they are, and
 * answers its head: about the cost of asking the remote for that head alone (ls-remote) when it
 * did not move, and no second round trip when it did.
 */
export async function fetchBranch(clone: Clone, url: string, branch: string, auth: GitAuth | null): Promise<string> {
  if (!isValidBranchName(branch)) throw new RemoteError('branchMissing', branch);
  try {
    await remoteGit(clone, auth, ['fetch', '--quiet', '--no-tags', '--', url, `+refs/heads/${branch}:${trackingRef(branch)}`]);
  } catch (err) {
    throw remoteFailure(err);
  }
  // The head just fetched, as git noted it (no rev-parse to spawn); callers hold the clone's lock.
  const head = /^[0-9a-f]{40,64}/.exec(await readFile(path.join(clone.dir, 'FETCH_HEAD'), 'utf8'))?.[0];
  if (!head) throw new RemoteError('unknown', 'no FETCH_HEAD after fetching a branch');
  return head;
}

/** Branch heads on the remote without cloning: the connection check. */
export async function listRemoteBranches(url: string, auth: GitAuth | null, timeoutMs = 30_000, pin: RemotePin | null = null): Promise<string[]> {
  try {
    const out = await runNetworkGit(['ls-remote', '--heads', '--', url], { env: gitEnv(auth, {}, pinConfig(pin)), timeoutMs });
    return out
      .split('\n')
      .map((line) => line.split('\t')[1] ?? '')
      .filter((ref) => ref.startsWith('refs/heads/'))
      .map((ref) => ref.slice('refs/heads/'.length));
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    throw new RemoteError(classifyRemoteError(message), message);
  }
}

/**
 * Where the remote's `branch` is now, from one upload-pack ref advertisement asked for by this
 * process (no git process, nothing fetched): null when the remote has no such branch, undefined
 * when it could not be told that way (not smart HTTP, refused; a fetch says why). A remote that
 * cannot be reached at all throws RemoteError 'hostUnreachable', as a fetch would after the same
 * wait, so that the caller need not wait a second time to learn it.
 */
export async function remoteHead(clone: Clone, url: string, branch: string, auth: GitAuth | null): Promise<string | null | undefined> {
  if (!/^https?:\/\//i.test(url) || !isValidBranchName(branch)) return undefined;
  const advert = await advertisement(url, auth, clone.pin, NETWORK_TIMEOUT_MS, 'git-upload-pack').catch((err: unknown) => {
    if (isUnreachable(err)) throw new RemoteError('hostUnreachable', err instanceof Error ? err.message : String(err));
    return null;
  });
  if (!advert) return undefined;
  return advert.refs.get(`refs/heads/${branch}`) ?? null;
}

/**
 * Starts asking the remote at `url` for its refs, the first half of a push, so that it runs while
 * the commit is built (pushCommit's `remote.offer`). Never rejects unhandled: pushCommit reads
 * its failure, if any.
 */
export function pushOffer(clone: Clone, url: string, auth: GitAuth | null): Promise<Advertisement | null> {
  const offer = advertisement(url, auth, clone.pin, NETWORK_TIMEOUT_MS);
  offer.catch(() => undefined);
  return offer;
}

/**
 * Pushes `commit` (built on the branch head) to the branch. When the remote moved meanwhile:
 * fetch, replay the change on the new head (a three-way merge of trees, so history stays
 * linear), and try again a few times. A real conflict keeps the commit on a saved ref.
 * With `remote`, a commit with one parent that the remote's branch is at goes out over smart
 * HTTP from this process (`via` 'http': the ref advertisement, maybe already asked for as
 * `offer`, then one POST with the new objects); anything else, or any answer not plainly
 * "pushed" or "refused", is pushed by `git push` as before (`via` 'git').
 */
export async function pushCommit(
  clone: Clone,
  branch: string,
  commit: string,
  auth: GitAuth | null,
  who: string,
  opts: PushOptions = {},
): Promise<{ commit: string; attempts: number; via: 'http' | 'git' }> {
  let current = commit;
  let told = false;
  const sent = () => {
    if (told) return;
    told = true;
    opts.onSend?.();
  };
  for (let attempt = 1; ; attempt++) {
    const outcome = await pushOnce(clone, branch, current, auth, opts.remote?.url, attempt === 1 ? opts.remote?.offer : undefined, sent, opts.held);
    if (outcome !== 'rejected') return { commit: current, attempts: attempt, via: outcome };
    if (opts.replay === false) throw new RemoteMovedError(branch);
    if (attempt >= MAX_PUSH_ATTEMPTS) throw new RemoteError('unknown', `push still rejected after ${attempt} attempts`);
    const before = await clone.resolve(branch);
    await fetchRemote(clone, auth);
    const head = await clone.resolve(branch);
    if (!head) throw new RemoteError('branchMissing', branch);
    // Refused although the remote did not move (a hook, a protected branch): retrying cannot help.
    if (head === before) throw new RemoteError('pushRefused', branch);
    current = await replayCommit(clone.dir, current, head, branch, who);
  }
}

/** One push of `commit` to the branch: over smart HTTP when it can be, else by git; 'rejected' when the remote refused the update. */
async function pushOnce(
  clone: Clone,
  branch: string,
  commit: string,
  auth: GitAuth | null,
  url: string | undefined,
  offer: Promise<Advertisement | null> | undefined,
  sent: () => void,
  held?: ReadonlyMap<string, HeldObject>,
): Promise<'http' | 'git' | 'rejected'> {
  if (url !== undefined && isValidBranchName(branch)) {
    let answer: PushAnswer;
    try {
      answer = await pushOverHttp(clone, url, branch, commit, auth, offer, sent, held);
    } catch (err) {
      // A remote that stalls would stall git too: said now instead of waiting for it twice.
      if (err instanceof RemoteTimeout) throw new RemoteError('hostUnreachable', err.message);
      answer = { kind: 'unsure', why: err instanceof Error ? err.message : String(err) };
    }
    if (answer.kind === 'ok') {
      await setTrackingRef(clone, branch, commit);
      return 'http';
    }
    if (answer.kind === 'rejected') return 'rejected';
  }
  try {
    // git moves refs/remotes/origin/<branch> itself on success (the clone's fetch refspec maps it): no update-ref process.
    const pushing = remoteGit(clone, auth, ['push', '--quiet', '--porcelain', REMOTE, `${commit}:refs/heads/${branch}`]);
    sent();
    await pushing;
    return 'git';
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    if (/rejected|non-fast-forward|fetch first|stale info|failed to push some refs|cannot lock ref/i.test(message)) return 'rejected';
    throw remoteFailure(err);
  }
}

/** The most commits one push over HTTP carries (a batch of saves); a longer chain goes by git push. */
const HTTP_CHAIN_MAX = 64;

/**
 * The plain push: the remote advertises report-status and has the branch where a chain of commits
 * with one parent each starts (one commit, or a batch of saves built one on the other); the pack
 * holds those commits, and the trees and files each changed on its parent. Anything else is
 * 'unsure' (git push then does it, or says what is wrong).
 */
async function pushOverHttp(
  clone: Clone,
  url: string,
  branch: string,
  commit: string,
  auth: GitAuth | null,
  offer: Promise<Advertisement | null> | undefined,
  sent: () => void,
  held?: ReadonlyMap<string, HeldObject>,
): Promise<PushAnswer> {
  const trace = saveTrace();
  const advert = await (offer ?? advertisement(url, auth, clone.pin, NETWORK_TIMEOUT_MS));
  trace.mark('commit-push/push/refs');
  if (!advert?.caps.has('report-status')) return { kind: 'unsure', why: 'no smart receive-pack with report-status' };
  const ref = `refs/heads/${branch}`;
  const remoteAt = advert.refs.get(ref);
  if (!remoteAt) return { kind: 'unsure', why: 'no such branch on the remote' };
  const read = (oids: string[]) => objectsById(clone, oids, held);
  const chain = await chainTo(read, commit, remoteAt);
  if (!chain) return { kind: 'unsure', why: 'not a chain of commits on the remote head' };
  const objects: { type: ObjectType; body: Buffer }[] = [];
  const sentOids = new Set<string>();
  for (const link of chain) {
    const part = await objectsSince(read, link.body, link.tree, link.parent, sentOids);
    if (!part) return { kind: 'unsure', why: 'objects not readable' };
    objects.push(...part);
  }
  const pack = await packOf(objects);
  trace.mark('commit-push/push/pack');
  const answer = await receivePack(url, { ref, oldOid: remoteAt, newOid: commit }, pack, auth, clone.pin, NETWORK_TIMEOUT_MS, sent);
  trace.mark('commit-push/push/post');
  return answer;
}

/** Objects by id, null where missing. */
type ReadById = (oids: string[]) => Promise<(GitObject | null)[]>;

/** Objects by id: those the builds held (PushOptions' `held`), the others through the clone's reader. */
async function objectsById(clone: Clone, oids: string[], held: ReadonlyMap<string, HeldObject> | undefined): Promise<(GitObject | null)[]> {
  const missing = held ? oids.filter((oid) => !held.has(oid)) : oids;
  const read = missing.length > 0 ? await readObjects(clone.dir, missing) : [];
  const fromGit = new Map(missing.map((oid, i) => [oid, read[i] ?? null]));
  return oids.map((oid) => held?.get(oid) ?? fromGit.get(oid) ?? null);
}

/** The commits from `tip` back to (not including) `base`, oldest first, each with one parent; null when that is not what the history is. */
async function chainTo(read: ReadById, tip: string, base: string): Promise<{ body: Buffer; tree: string; parent: string }[] | null> {
  const chain: { body: Buffer; tree: string; parent: string }[] = [];
  let at = tip;
  while (at !== base) {
    if (chain.length >= HTTP_CHAIN_MAX) return null;
    const [made] = await read([at]);
    if (made?.type !== 'commit') return null;
    const text = made.body.toString('utf8');
    const parents = [...text.matchAll(/^parent ([0-9a-f]+)$/gm)].map((m) => m[1] ?? '');
    const tree = /^tree ([0-9a-f]+)$/m.exec(text)?.[1];
    const [parent] = parents;
    if (!tree || parents.length !== 1 || !parent) return null;
    chain.push({ body: made.body, tree, parent });
    at = parent;
  }
  return chain.length > 0 ? chain.reverse() : null;
}

/**
 * The objects a remote at `parent` lacks for a commit on it: the commit, and the trees and files
 * of its tree that are not at the same place in the parent's (read level by level, from what the
 * builds held or through the clone's reader), leaving out those in `sent` (already in the pack).
 * Null when one cannot be read.
 */
async function objectsSince(
  readById: ReadById,
  commitBody: Buffer,
  tree: string,
  parent: string,
  sent: Set<string>,
): Promise<{ type: ObjectType; body: Buffer }[] | null> {
  const [parentCommit] = await readById([parent]);
  if (parentCommit?.type !== 'commit') return null;
  const parentTree = /^tree ([0-9a-f]+)$/m.exec(parentCommit.body.toString('utf8'))?.[1] ?? null;
  const out: { type: ObjectType; body: Buffer }[] = [{ type: 'commit', body: commitBody }];
  const blobs: string[] = [];
  let level = tree === parentTree || sent.has(tree) ? [] : [{ oid: tree, old: parentTree }];
  sent.add(tree);
  while (level.length > 0) {
    const olds = level.map((l) => l.old).filter((o): o is string => o !== null);
    const read = await readById([...level.map((l) => l.oid), ...olds]);
    const oldTrees = new Map(olds.map((oid, i) => [oid, read[level.length + i]]));
    const next: typeof level = [];
    for (const [i, { old }] of level.entries()) {
      const now = read[i];
      if (now?.type !== 'tree') return null;
      out.push({ type: 'tree', body: now.body });
      const before = old === null ? null : oldTrees.get(old);
      if (old !== null && before?.type !== 'tree') return null;
      const was = before ? parseTree(before.body) : new Map<string, RawTreeEntry>();
      for (const [name, entry] of parseTree(now.body)) {
        const prior = was.get(name);
        if (prior?.oid === entry.oid || sent.has(entry.oid)) continue;
        sent.add(entry.oid);
        if (entry.mode === TREE_MODE) next.push({ oid: entry.oid, old: prior?.mode === TREE_MODE ? prior.oid : null });
        // A submodule's commit lives in its own repository.
        else if (entry.mode !== '160000') blobs.push(entry.oid);
      }
    }
    level = next;
  }
  const files = await readById(blobs);
  for (const file of files) {
    if (file?.type !== 'blob') return null;
    out.push({ type: 'blob', body: file.body });
  }
  return out;
}

/** The remote-tracking ref after a push made here (as git push moves it): a loose ref written under git's lock file. */
async function setTrackingRef(clone: Clone, branch: string, oid: string): Promise<void> {
  const file = path.join(clone.dir, trackingRef(branch));
  const lock = `${file}.lock`;
  try {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(lock, `${oid}\n`, { flag: 'wx' });
  } catch {
    // Locked by a git command right now (or not writable): git waits for its own lock.
    await runGit(clone.dir, ['update-ref', trackingRef(branch), oid]);
    return;
  }
  await rename(lock, file).catch(async (err: unknown) => {
    await rm(lock, { force: true });
    throw err;
  });
}
