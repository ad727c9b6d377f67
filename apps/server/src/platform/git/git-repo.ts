import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { access, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { GitError, simpleGit } from 'simple-git';
import { saveTrace } from '../phase-trace';
import { classifyRemoteError, type GitAuth, gitEnv, type RemoteFailure } from './git-env';
import { commitBody, type ObjectType, parseTree, type RawTreeEntry, serializeTree, TREE_MODE, writeLooseObject } from './loose-objects';
import { pinConfig, type RemotePin } from './remote-url';
import { type Advertisement, advertisement, type PushAnswer, packOf, RemoteTimeout, receivePack } from './smart-http';

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

/** A change could not be replayed on what the remote has now; the user's commit is kept on `savedRef`. */
export class MergeConflictError extends Error {
  constructor(
    readonly paths: string[],
    readonly savedRef: string,
    readonly commit: string,
  ) {
    super(`merge conflict on ${paths.join(', ')}`);
    this.name = 'MergeConflictError';
  }
}

/** A push refused because the branch moved on the remote, asked not to be replayed: the caller starts over from a fetch. */
export class RemoteMovedError extends Error {
  constructor(readonly branch: string) {
    super(`the remote branch ${branch} moved`);
    this.name = 'RemoteMovedError';
  }
}

/** A path operation that makes no sense against the tree (missing source, file where a folder is). */
export class TreeError extends Error {
  constructor(
    readonly reason: 'missing' | 'exists' | 'noChange' | 'pathConflict',
    readonly path: string,
  ) {
    super(`${reason}: ${path}`);
    this.name = 'TreeError';
  }
}

export interface TreeEntry {
  name: string;
  path: string;
  type: 'blob' | 'tree' | 'commit';
  mode: string;
  oid: string;
  /** Bytes of a file; null for folders. */
  size: number | null;
}

export interface CommitInfo {
  commit: string;
  author: string;
  email: string;
  date: string;
  message: string;
}

export interface BranchInfo {
  name: string;
  commit: string;
  date: string;
}

/**
 * One change of a commit. A put carries its bytes, or names a file on disk (an upload's temp
 * file, an unpacked zip entry) that git reads itself, so a large file never passes through memory.
 */
export type Change =
  | { op: 'put'; path: string; content: Buffer }
  | { op: 'put'; path: string; file: string }
  | { op: 'delete'; path: string }
  | { op: 'move'; from: string; to: string };

export interface Identity {
  name: string;
  email: string;
}

interface RunResult {
  stdout: Buffer;
  stderr: string;
  code: number;
}

/**
 * simple-git refuses environment that can point git at other programs or config; ours is fixed
 * in code (gitEnv), with askpass set to /bin/false and config read from /dev/null only.
 */
const UNSAFE_OK = {
  allowUnsafeConfigEnvCount: true,
  allowUnsafeAskPass: true,
  allowUnsafeConfigPaths: true,
  allowUnsafeProtocolOverride: true,
  allowUnsafeHooksPath: true,
  allowUnsafeCredentialHelper: true,
};

/** simple-git with exactly this environment (its guard strips any GIT_* key not named). */
function simpleGitWith(env: Record<string, string>, opts: { baseDir?: string; timeoutMs?: number } = {}) {
  return simpleGit({
    ...(opts.baseDir ? { baseDir: opts.baseDir } : {}),
    ...(opts.timeoutMs ? { timeout: { block: opts.timeoutMs } } : {}),
    unsafe: UNSAFE_OK,
    allowEnvironment: Object.keys(env),
  }).env(env);
}

const NETWORK_TIMEOUT_MS = 120_000;
const MAX_PUSH_ATTEMPTS = 5;
const REMOTE = 'origin';
const trackingRef = (branch: string) => `refs/remotes/${REMOTE}/${branch}`;
const OBJECT_ID = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/;

/** Branch names git accepts, minus anything that could read as an option or a range. */
export function isValidBranchName(name: string): boolean {
  return (
    /^[\w./-]{1,200}$/.test(name) &&
    !name.startsWith('-') &&
    !name.startsWith('/') &&
    !name.endsWith('/') &&
    !name.endsWith('.') &&
    !name.endsWith('.lock') &&
    !name.includes('..') &&
    !name.includes('//') &&
    !name.includes('@{')
  );
}

/**
 * The server's own clone of one library: a bare repository with remote-tracking branches,
 * read with plumbing (cat-file, ls-tree) at any commit, written by building commits without a
 * working tree, so concurrent reads never see a half-done write.
 */
export class GitRepo {
  /** The remote address the URL check approved: network commands connect there and nowhere else. */
  pin: RemotePin | null = null;

  constructor(readonly dir: string) {}

  private run(args: string[], opts: { input?: Buffer | string; env?: Record<string, string>; allowFail?: boolean } = {}): Promise<RunResult> {
    return new Promise((resolve, reject) => {
      const child = spawn('git', ['--git-dir', this.dir, ...args], { env: gitEnv(null, opts.env) });
      const out: Buffer[] = [];
      const err: Buffer[] = [];
      child.stdout.on('data', (c: Buffer) => out.push(c));
      child.stderr.on('data', (c: Buffer) => err.push(c));
      child.on('error', reject);
      child.on('close', (code) => {
        const result = { stdout: Buffer.concat(out), stderr: Buffer.concat(err).toString('utf8'), code: code ?? 1 };
        if (result.code !== 0 && !opts.allowFail) reject(new Error(`git ${args[0]} failed (${result.code}): ${result.stderr.slice(0, 500)}`));
        else resolve(result);
      });
      child.stdin.on('error', () => undefined);
      child.stdin.end(opts.input ?? '');
    });
  }

  private async text(args: string[], opts: { env?: Record<string, string>; input?: string } = {}): Promise<string> {
    return (await this.run(args, opts)).stdout.toString('utf8');
  }

  /** simple-git over this clone for network commands, with the credential in the environment only. */
  private remoteGit(auth: GitAuth | null) {
    return simpleGitWith(gitEnv(auth, {}, pinConfig(this.pin)), { baseDir: this.dir, timeoutMs: NETWORK_TIMEOUT_MS });
  }

  async exists(): Promise<boolean> {
    try {
      await access(path.join(this.dir, 'HEAD'));
      return true;
    } catch {
      return false;
    }
  }

  /** Creates the bare clone if missing and points origin at `url` (which never carries a credential). */
  async ensure(url: string): Promise<void> {
    if (!(await this.exists())) {
      await mkdir(this.dir, { recursive: true });
      await simpleGitWith(gitEnv(), { baseDir: this.dir }).raw(['init', '--bare', '--quiet']);
      await this.run(['config', `remote.${REMOTE}.url`, url]);
      await this.run(['config', `remote.${REMOTE}.fetch`, `+refs/heads/*:refs/remotes/${REMOTE}/*`]);
      return;
    }
    const current = (await this.run(['config', '--get', `remote.${REMOTE}.url`], { allowFail: true })).stdout.toString().trim();
    if (current !== url) await this.run(['config', `remote.${REMOTE}.url`, url]);
  }

  private remoteFailure(err: unknown): RemoteError {
    const message = err instanceof GitError || err instanceof Error ? err.message : String(err);
    return new RemoteError(classifyRemoteError(message), message);
  }

  /** Brings the remote-tracking branches up to date (deleted remote branches go too). */
  async fetch(auth: GitAuth | null): Promise<void> {
    try {
      await this.remoteGit(auth).raw(['fetch', '--prune', '--quiet', '--no-tags', REMOTE]);
    } catch (err) {
      throw this.remoteFailure(err);
    }
  }

  /**
   * Brings one remote-tracking branch to what `url` has now, leaving the others as they are, and
   * answers its head: about the cost of asking the remote for that head alone (ls-remote) when it
   * did not move, and no second round trip when it did.
   */
  async fetchBranch(url: string, branch: string, auth: GitAuth | null): Promise<string> {
    if (!isValidBranchName(branch)) throw new RemoteError('branchMissing', branch);
    try {
      await this.remoteGit(auth).raw(['fetch', '--quiet', '--no-tags', '--', url, `+refs/heads/${branch}:${trackingRef(branch)}`]);
    } catch (err) {
      throw this.remoteFailure(err);
    }
    // The head just fetched, as git noted it (no rev-parse to spawn); callers hold the clone's lock.
    const head = /^[0-9a-f]{40,64}/.exec(await readFile(path.join(this.dir, 'FETCH_HEAD'), 'utf8'))?.[0];
    if (!head) throw new RemoteError('unknown', 'no FETCH_HEAD after fetching a branch');
    return head;
  }

  /** Branch heads on the remote without cloning: the connection check. */
  static async listRemoteBranches(url: string, auth: GitAuth | null, timeoutMs = 30_000, pin: RemotePin | null = null): Promise<string[]> {
    try {
      const out = await simpleGitWith(gitEnv(auth, {}, pinConfig(pin)), { timeoutMs }).raw(['ls-remote', '--heads', '--', url]);
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

  async branches(): Promise<BranchInfo[]> {
    const out = await this.text(['for-each-ref', '--format=%(refname)%09%(objectname)%09%(committerdate:iso-strict)', `refs/remotes/${REMOTE}/`]);
    return out
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [ref = '', commit = '', date = ''] = line.split('\t');
        return { name: ref.slice(`refs/remotes/${REMOTE}/`.length), commit, date };
      })
      .filter((b) => b.name !== 'HEAD');
  }

  /**
   * A branch's head as this clone last fetched or pushed it, or null when the clone has no such
   * branch. Read from the ref files as git keeps them (a loose ref, else packed-refs), with no
   * process to start; anything else (no packed-refs, a symbolic ref) asks git.
   */
  async branchHead(branch: string): Promise<string | null> {
    if (isValidBranchName(branch)) {
      const ref = trackingRef(branch);
      const loose = await readFile(path.join(this.dir, ref), 'utf8').catch(() => null);
      if (loose !== null && OBJECT_ID.test(loose.trim())) return loose.trim();
      if (loose === null) {
        const packed = await readFile(path.join(this.dir, 'packed-refs'), 'utf8').catch(() => null);
        if (packed !== null) {
          for (const line of packed.split('\n')) {
            const space = line.indexOf(' ');
            if (space > 0 && line.slice(space + 1).trimEnd() === ref && OBJECT_ID.test(line.slice(0, space))) return line.slice(0, space);
          }
          return null;
        }
      }
    }
    return (await this.branches()).find((b) => b.name === branch)?.commit ?? null;
  }

  /** Whether there is a clone with at least one fetched branch: something to read while the remote is down. */
  async hasFetched(): Promise<boolean> {
    return (await this.exists()) && (await this.branches()).length > 0;
  }

  /** The commit a branch name or a commit id stands for, or null. */
  async resolve(ref: string): Promise<string | null> {
    const candidates = /^[0-9a-f]{4,40}$/i.test(ref) ? [`${ref}^{commit}`, `${trackingRef(ref)}^{commit}`] : [`${trackingRef(ref)}^{commit}`];
    for (const candidate of candidates) {
      const res = await this.run(['rev-parse', '--verify', '--quiet', '--end-of-options', candidate], { allowFail: true });
      if (res.code === 0) return res.stdout.toString().trim();
    }
    return null;
  }

  /** Entries directly in a folder ('' is the root) at a commit; null when the folder does not exist. */
  async listFolder(commit: string, folder: string): Promise<TreeEntry[] | null> {
    if (folder !== '') {
      const kind = await this.typeOf(commit, folder);
      if (kind !== 'tree') return null;
    }
    const spec = folder === '' ? commit : `${commit}:${folder}`;
    const out = await this.run(['ls-tree', '-l', '-z', spec]);
    return parseLsTree(out.stdout, folder);
  }

  /** Every folder path at a commit, sorted. */
  async folders(commit: string): Promise<string[]> {
    const out = await this.run(['ls-tree', '-r', '-d', '-z', '--name-only', commit]);
    return out.stdout.toString('utf8').split('\0').filter(Boolean).sort();
  }

  /** Every file under a folder ('' for all) at a commit, with ids and sizes. */
  async filesUnder(commit: string, folder: string): Promise<TreeEntry[]> {
    const args = ['ls-tree', '-r', '-l', '-z', commit];
    if (folder !== '') args.push('--', folder);
    const out = await this.run(args);
    return parseLsTree(out.stdout, null);
  }

  /**
   * Paths of every file at a commit, as `ls-tree -r` names them, in no set order (names only: no
   * blob is read, unlike filesUnder's sizes). A commit id is walked tree by tree through the
   * clone's reader, one request per folder depth, with no process to start.
   */
  async filePaths(commit: string): Promise<string[]> {
    if (/^[0-9a-f]{40}$/.test(commit)) {
      const out: string[] = [];
      let level = [{ prefix: '', spec: `${commit}^{tree}` }];
      while (level.length > 0) {
        const trees = await this.readObjects(level.map((l) => l.spec));
        const next: typeof level = [];
        for (const [i, { prefix }] of level.entries()) {
          const tree = trees[i];
          if (tree?.type !== 'tree') throw new Error(`git: no tree at ${level[i]?.spec}`);
          for (const [name, entry] of parseTree(tree.body)) {
            if (entry.mode === TREE_MODE) next.push({ prefix: `${prefix}${name}/`, spec: entry.oid });
            else out.push(`${prefix}${name}`);
          }
        }
        level = next;
      }
      return out;
    }
    const out = await this.run(['ls-tree', '-r', '-z', '--name-only', commit]);
    return out.stdout.toString('utf8').split('\0').filter(Boolean);
  }

  /** 'blob', 'tree' or null at a path of a commit. */
  /**
   * Files at a commit (a commit id) whose text holds `needle`, in any case, among the paths the
   * globs match (`git grep -l -F -i`: no blob is read into this process), in path order.
   */
  async filesContaining(commit: string, needle: string, globs: readonly string[]): Promise<string[]> {
    if (!/^[0-9a-f]{40}$/.test(commit) || needle === '') return [];
    const out = await this.run(['grep', '-l', '-z', '-I', '-i', '-F', '-e', needle, commit, '--', ...globs], { allowFail: true });
    // 1: nothing found; anything higher is a failure.
    if (out.code > 1) throw new Error(`git grep failed (${out.code}): ${out.stderr.slice(0, 500)}`);
    return out.stdout
      .toString('utf8')
      .split('\0')
      .filter(Boolean)
      .map((p) => p.slice(commit.length + 1));
  }

  async typeOf(commit: string, filePath: string): Promise<'blob' | 'tree' | 'commit' | null> {
    if (filePath === '') return 'tree';
    const res = await this.run(['cat-file', '-t', `${commit}:${filePath}`], { allowFail: true });
    if (res.code !== 0) return null;
    const kind = res.stdout.toString().trim();
    return kind === 'blob' || kind === 'tree' || kind === 'commit' ? kind : null;
  }

  /** The object id (blob or tree) at a path of a commit; null when the path does not exist there. */
  async objectIdAt(commit: string, filePath: string): Promise<string | null> {
    const res = await this.run(['rev-parse', '--verify', '--quiet', '--end-of-options', filePath === '' ? `${commit}^{tree}` : `${commit}:${filePath}`], {
      allowFail: true,
    });
    return res.code === 0 ? res.stdout.toString().trim() : null;
  }

  /** A file at a commit, its blob id with its bytes (one git process); null for a missing path or a folder. */
  async blobAt(commit: string, filePath: string): Promise<{ oid: string; body: Buffer } | null> {
    const [obj] = await this.readObjects([`${commit}:${filePath}`]);
    return obj?.type === 'blob' ? { oid: obj.oid, body: obj.body } : null;
  }

  /** File contents at a commit; null for a missing path or a folder. */
  async readFile(commit: string, filePath: string): Promise<Buffer | null> {
    const [one] = await this.readFiles(commit, [filePath]);
    return one ?? null;
  }

  /** Many files at one commit through a single `git cat-file --batch`; null where a path is not a file. */
  async readFiles(commit: string, paths: string[]): Promise<(Buffer | null)[]> {
    const objects = await this.readObjects(paths.map((p) => `${commit}:${p}`));
    return paths.map((_, i) => {
      const object = objects[i];
      return object?.type === 'blob' ? object.body : null;
    });
  }

  /**
   * The newest commit touching each given path (files or folders) under `folder`, walking the
   * history of that folder once and stopping as soon as every path is found.
   */
  async lastCommits(commit: string, folder: string, paths: string[]): Promise<Map<string, CommitInfo>> {
    const found = new Map<string, CommitInfo>();
    if (paths.length === 0) return found;
    const wanted = new Set(paths);
    const args = ['--git-dir', this.dir, 'log', '--no-renames', '--format=%x1e%H%x1f%an%x1f%ae%x1f%aI%x1f%s', '--name-only', commit];
    if (folder !== '') args.push('--', folder);
    const child = spawn('git', args, { env: gitEnv() });
    child.stderr.resume();
    const lines = createInterface({ input: child.stdout });
    let current: CommitInfo | null = null;
    const prefix = folder === '' ? '' : `${folder}/`;
    for await (const line of lines) {
      if (line.startsWith('\x1e')) {
        const [hash = '', author = '', email = '', date = '', message = ''] = line.slice(1).split('\x1f');
        current = { commit: hash, author, email, date, message };
        continue;
      }
      if (!line || !current || !line.startsWith(prefix)) continue;
      // A changed file stands for itself and for the folder right under `folder` holding it.
      const rest = line.slice(prefix.length);
      const slash = rest.indexOf('/');
      const entry = prefix + (slash < 0 ? rest : rest.slice(0, slash));
      if (wanted.has(entry) && !found.has(entry)) {
        found.set(entry, current);
        if (found.size === wanted.size) break;
      }
    }
    lines.close();
    child.kill();
    return found;
  }

  /** Commits on a path (file or folder) newest first. */
  async history(commit: string, filePath: string, limit: number): Promise<CommitInfo[]> {
    const args = ['log', `--max-count=${limit}`, '--format=%H%x1f%an%x1f%ae%x1f%aI%x1f%s', commit];
    if (filePath !== '') args.push('--', filePath);
    const out = await this.text(args);
    return out
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [hash = '', author = '', email = '', date = '', message = ''] = line.split('\x1f');
        return { commit: hash, author, email, date, message };
      });
  }

  /**
   * Who wrote the given lines (1-based, inclusive) of a file at `commit` (`git blame`), each name
   * once, in the order their lines come; empty when the lines are not there.
   */
  async lineAuthors(commit: string, filePath: string, ranges: { from: number; to: number }[]): Promise<string[]> {
    if (ranges.length === 0) return [];
    const args = ['blame', '--porcelain', ...ranges.flatMap((r) => ['-L', `${r.from},${r.to}`]), commit, '--', filePath];
    const res = await this.run(args, { allowFail: true });
    if (res.code !== 0) return [];
    const names: string[] = [];
    for (const line of res.stdout.toString('utf8').split('\n')) {
      if (line.startsWith('author ') && !names.includes(line.slice(7))) names.push(line.slice(7));
    }
    return names;
  }

  /** Paths that commits reachable from `commit` and made since `day` (YYYY-MM-DD, UTC) changed, each once. */
  async pathsChangedSince(commit: string, day: string): Promise<string[]> {
    // An epoch, not the day's text: git's date parser reads far-off days loosely.
    const epoch = Math.floor(Date.parse(`${day}T00:00:00Z`) / 1000);
    if (!Number.isFinite(epoch)) return [];
    const out = await this.text(['log', `--since=@${epoch}`, '--name-only', '--format=', '--no-renames', commit]);
    return [...new Set(out.split('\n').filter(Boolean))];
  }

  /** The best common ancestor of two commits (where one branch forked from the other); null when they share none. */
  async mergeBase(a: string, b: string): Promise<string | null> {
    const res = await this.run(['merge-base', a, b], { allowFail: true });
    return res.code === 0 ? res.stdout.toString('utf8').trim() || null : null;
  }

  /** The newest commit reachable from `commit` made at or before `time` (first-parent); null when none is that old. */
  async commitAsOf(commit: string, time: Date): Promise<string | null> {
    const epoch = Math.floor(time.getTime() / 1000);
    const out = await this.text(['rev-list', '-1', '--first-parent', `--before=@${epoch}`, commit]);
    return out.trim() || null;
  }

  /** The authors of the commits after `since` up to `commit` that changed a path, newest first, each once. */
  async authorsSince(since: string, commit: string, filePath: string): Promise<string[]> {
    const out = await this.text(['log', '--format=%an', `${since}..${commit}`, '--', filePath]);
    return [...new Set(out.split('\n').filter(Boolean))];
  }

  /**
   * Objects at `specs` (`<commit>:<path>`, `<commit>^{tree}`, ids) through `git cat-file --batch`;
   * null where missing. Specs that start with an object id go to the clone's long-lived reader (no
   * process to start); a spec naming a ref starts its own process.
   */
  private async readObjects(specs: string[]): Promise<({ oid: string; type: string; body: Buffer } | null)[]> {
    if (specs.length === 0) return [];
    const out = specs.every((spec) => BY_ID.test(spec))
      ? await batchReader(this.dir).read(specs)
      : (await this.run(['cat-file', '--batch'], { input: `${specs.join('\n')}\n` })).stdout;
    const result: ({ oid: string; type: string; body: Buffer } | null)[] = [];
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

  /**
   * A commit applying `changes` on top of `parent` (null: the first commit of an empty
   * repository). Only the folders on the changed paths are read (one `git cat-file --batch`);
   * blobs, the new trees and the commit are written as loose objects by this process, so nothing
   * else in the clone changes. Puts and move targets are checked against `parent`, as are the
   * paths deleted or moved.
   */
  async buildCommit(parent: string | null, changes: Change[], message: string, author: Identity): Promise<string> {
    const folderOf = (p: string) => (p.includes('/') ? p.slice(0, p.lastIndexOf('/')) : '');
    const nameOf = (p: string) => p.slice(p.lastIndexOf('/') + 1);
    const ancestors = (p: string) => {
      const out = [''];
      const parts = p.split('/');
      for (let i = 1; i < parts.length; i++) out.push(parts.slice(0, i).join('/'));
      return out;
    };
    const touched = changes.flatMap((c) => (c.op === 'move' ? [c.from, c.to] : [c.path]));
    const wanted = [...new Set(touched.flatMap(ancestors))];
    // The parent's folders on the changed paths: null where the folder is not there (or is not a folder).
    const pristine = new Map<string, ReadonlyMap<string, RawTreeEntry> | null>();
    let parentTree: string | null = null;
    if (parent) {
      const found = await this.readObjects(wanted.map((d) => (d === '' ? `${parent}^{tree}` : `${parent}:${d}`)));
      wanted.forEach((d, i) => {
        const obj = found[i];
        pristine.set(d, obj?.type === 'tree' ? parseTree(obj.body) : null);
        if (d === '' && obj) parentTree = obj.oid;
      });
    }
    const entryAt = (p: string): RawTreeEntry | undefined => pristine.get(folderOf(p))?.get(nameOf(p));
    const typeAt = (p: string) => {
      const e = entryAt(p);
      return e === undefined ? null : e.mode === TREE_MODE ? 'tree' : e.mode === '160000' ? 'commit' : 'blob';
    };

    const puts = changes.filter((c): c is Extract<Change, { op: 'put' }> => c.op === 'put');
    const fromFiles = puts.filter((c): c is Extract<Change, { op: 'put'; file: string }> => 'file' in c);
    const blobs = new Map<Change, string>();
    if (fromFiles.length > 0) {
      // git reads files named on disk itself, so a large upload never passes through memory.
      const ids = (await this.run(['hash-object', '-w', '--no-filters', '--stdin-paths'], { input: `${fromFiles.map((c) => c.file).join('\n')}\n` })).stdout
        .toString()
        .split('\n')
        .filter(Boolean);
      for (const [i, c] of fromFiles.entries()) blobs.set(c, ids[i] ?? '');
    }
    for (const c of puts) if ('content' in c) blobs.set(c, await writeLooseObject(this.dir, 'blob', c.content));

    // The folders as changed so far (copied from the parent on first change).
    const working = new Map<string, Map<string, RawTreeEntry>>();
    const folder = (d: string, create: boolean): Map<string, RawTreeEntry> | null => {
      const held = working.get(d);
      if (held) return held;
      let base = pristine.get(d);
      if (d !== '') {
        const up = folder(folderOf(d), create);
        if (!up) return null;
        const entry = up.get(nameOf(d));
        if (entry && entry.mode !== TREE_MODE) throw new TreeError('pathConflict', d);
        if (!entry) {
          if (!create) return null;
          // A new folder (its id is worked out below); one deleted earlier in this commit starts empty too.
          up.set(nameOf(d), { mode: TREE_MODE, oid: '' });
          base = undefined;
        } else if (entry.oid === '') base = undefined;
        // A folder moved here in this same commit: its content was not read.
        else if (entry.oid !== entryAt(d)?.oid) throw new TreeError('pathConflict', d);
      }
      const copy = new Map(base ?? []);
      working.set(d, copy);
      return copy;
    };
    for (const change of changes) {
      if (change.op === 'put') {
        if (typeAt(change.path) === 'tree') throw new TreeError('pathConflict', change.path);
        const dir = folder(folderOf(change.path), true);
        if (dir?.get(nameOf(change.path))?.mode === TREE_MODE) throw new TreeError('pathConflict', change.path);
        dir?.set(nameOf(change.path), { mode: '100644', oid: blobs.get(change) ?? '' });
      } else if (change.op === 'delete') {
        if (change.path === '') {
          if (!pristine.get('') || pristine.get('')?.size === 0) throw new TreeError('missing', change.path);
          working.set('', new Map());
          continue;
        }
        if (!entryAt(change.path)) throw new TreeError('missing', change.path);
        folder(folderOf(change.path), false)?.delete(nameOf(change.path));
      } else {
        const moved = entryAt(change.from);
        if (!moved || change.from === '') throw new TreeError('missing', change.from);
        if (typeAt(change.to)) throw new TreeError('exists', change.to);
        const current = folder(folderOf(change.from), false)?.get(nameOf(change.from)) ?? moved;
        folder(folderOf(change.from), false)?.delete(nameOf(change.from));
        const dir = folder(folderOf(change.to), true);
        if (dir?.get(nameOf(change.to))?.mode === TREE_MODE) throw new TreeError('pathConflict', change.to);
        dir?.set(nameOf(change.to), current);
      }
    }

    // New trees, deepest first; a folder left empty disappears from its parent, as in git's index.
    const depth = (d: string) => (d === '' ? 0 : d.split('/').length);
    const order = [...working.keys()].sort((a, b) => depth(b) - depth(a));
    let tree = '';
    for (const d of order) {
      const entries = working.get(d) ?? new Map<string, RawTreeEntry>();
      for (const [name, e] of entries) if (e.mode === TREE_MODE && e.oid === '') entries.delete(name);
      const oid = entries.size === 0 && d !== '' ? '' : await writeLooseObject(this.dir, 'tree', serializeTree(entries));
      if (d === '') tree = oid;
      else {
        const up = working.get(folderOf(d));
        if (!up) throw new Error(`folder ${folderOf(d)} was not read`);
        if (oid === '') up.delete(nameOf(d));
        else up.set(nameOf(d), { mode: TREE_MODE, oid });
      }
    }
    if (tree === '') tree = parentTree ?? (await writeLooseObject(this.dir, 'tree', serializeTree(new Map())));
    if (tree === parentTree) throw new TreeError('noChange', '');
    return writeLooseObject(this.dir, 'commit', commitBody(tree, parent, message, author));
  }

  private async commitTree(tree: string, parent: string | null, message: string, author: Identity): Promise<string> {
    const env = {
      GIT_AUTHOR_NAME: author.name,
      GIT_AUTHOR_EMAIL: author.email,
      GIT_COMMITTER_NAME: author.name,
      GIT_COMMITTER_EMAIL: author.email,
    };
    const args = ['commit-tree', tree];
    if (parent) args.push('-p', parent);
    args.push('-F', '-');
    return (await this.text(args, { env, input: message })).trim();
  }

  /**
   * Where the remote's `branch` is now, from one upload-pack ref advertisement asked for by this
   * process (no git process, nothing fetched): null when the remote has no such branch, undefined
   * when it could not be told that way (not smart HTTP, refused; a fetch says why). A remote that
   * cannot be reached at all throws RemoteError 'hostUnreachable', as a fetch would after the same
   * wait, so that the caller need not wait a second time to learn it.
   */
  async remoteHead(url: string, branch: string, auth: GitAuth | null): Promise<string | null | undefined> {
    if (!/^https?:\/\//i.test(url) || !isValidBranchName(branch)) return undefined;
    const advert = await advertisement(url, auth, this.pin, NETWORK_TIMEOUT_MS, 'git-upload-pack').catch((err: unknown) => {
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
  pushOffer(url: string, auth: GitAuth | null): Promise<Advertisement | null> {
    const offer = advertisement(url, auth, this.pin, NETWORK_TIMEOUT_MS);
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
  async pushCommit(
    branch: string,
    commit: string,
    auth: GitAuth | null,
    who: string,
    opts: {
      /** false: a rejected push throws RemoteMovedError instead of replaying (the caller merges again itself). */
      replay?: boolean;
      /** The remote's URL (the library's), and its advertisement asked for ahead (pushOffer) for the first attempt. */
      remote?: { url: string; offer?: Promise<Advertisement | null> };
      /** Told once, when the first attempt's objects are on their way (the rest is the remote's work): other work can start without slowing the push's own. */
      onSend?: () => void;
    } = {},
  ): Promise<{ commit: string; attempts: number; via: 'http' | 'git' }> {
    let current = commit;
    let told = false;
    const sent = () => {
      if (told) return;
      told = true;
      opts.onSend?.();
    };
    for (let attempt = 1; ; attempt++) {
      const outcome = await this.pushOnce(branch, current, auth, opts.remote?.url, attempt === 1 ? opts.remote?.offer : undefined, sent);
      if (outcome !== 'rejected') return { commit: current, attempts: attempt, via: outcome };
      if (opts.replay === false) throw new RemoteMovedError(branch);
      if (attempt >= MAX_PUSH_ATTEMPTS) throw new RemoteError('unknown', `push still rejected after ${attempt} attempts`);
      const before = await this.resolve(branch);
      await this.fetch(auth);
      const head = await this.resolve(branch);
      if (!head) throw new RemoteError('branchMissing', branch);
      // Refused although the remote did not move (a hook, a protected branch): retrying cannot help.
      if (head === before) throw new RemoteError('pushRefused', branch);
      current = await this.replay(current, head, branch, who);
    }
  }

  /** One push of `commit` to the branch: over smart HTTP when it can be, else by git; 'rejected' when the remote refused the update. */
  private async pushOnce(
    branch: string,
    commit: string,
    auth: GitAuth | null,
    url: string | undefined,
    offer: Promise<Advertisement | null> | undefined,
    sent: () => void,
  ): Promise<'http' | 'git' | 'rejected'> {
    if (url !== undefined && isValidBranchName(branch)) {
      let answer: PushAnswer;
      try {
        answer = await this.pushOverHttp(url, branch, commit, auth, offer, sent);
      } catch (err) {
        // A remote that stalls would stall git too: said now instead of waiting for it twice.
        if (err instanceof RemoteTimeout) throw new RemoteError('hostUnreachable', err.message);
        answer = { kind: 'unsure', why: err instanceof Error ? err.message : String(err) };
      }
      if (answer.kind === 'ok') {
        await this.setTrackingRef(branch, commit);
        return 'http';
      }
      if (answer.kind === 'rejected') return 'rejected';
    }
    try {
      // git moves refs/remotes/origin/<branch> itself on success (the clone's fetch refspec maps it): no update-ref process.
      const pushing = this.remoteGit(auth).raw(['push', '--quiet', '--porcelain', REMOTE, `${commit}:refs/heads/${branch}`]);
      sent();
      await pushing;
      return 'git';
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      if (/rejected|non-fast-forward|fetch first|stale info|failed to push some refs|cannot lock ref/i.test(message)) return 'rejected';
      throw this.remoteFailure(err);
    }
  }

  /**
   * The plain push: the remote advertises report-status and has the branch at the commit's only
   * parent; the pack holds the commit, and the trees and files that differ from the parent's.
   * Anything else is 'unsure' (git push then does it, or says what is wrong).
   */
  private async pushOverHttp(
    url: string,
    branch: string,
    commit: string,
    auth: GitAuth | null,
    offer: Promise<Advertisement | null> | undefined,
    sent: () => void,
  ): Promise<PushAnswer> {
    const trace = saveTrace();
    const [advert, [made]] = await Promise.all([offer ?? advertisement(url, auth, this.pin, NETWORK_TIMEOUT_MS), this.readObjects([commit])]);
    trace.mark('commit-push/push/refs');
    if (!advert?.caps.has('report-status')) return { kind: 'unsure', why: 'no smart receive-pack with report-status' };
    if (made?.type !== 'commit') return { kind: 'unsure', why: 'not a commit' };
    const text = made.body.toString('utf8');
    const parents = [...text.matchAll(/^parent ([0-9a-f]+)$/gm)].map((m) => m[1] ?? '');
    const tree = /^tree ([0-9a-f]+)$/m.exec(text)?.[1];
    const ref = `refs/heads/${branch}`;
    const [parent] = parents;
    if (!tree || parents.length !== 1 || !parent || advert.refs.get(ref) !== parent) return { kind: 'unsure', why: 'not a commit on the remote head' };
    const objects = await this.objectsSince(made.body, tree, parent);
    if (!objects) return { kind: 'unsure', why: 'objects not readable' };
    const pack = packOf(objects);
    trace.mark('commit-push/push/pack');
    const answer = await receivePack(url, { ref, oldOid: parent, newOid: commit }, pack, auth, this.pin, NETWORK_TIMEOUT_MS, sent);
    trace.mark('commit-push/push/post');
    return answer;
  }

  /**
   * The objects a remote at `parent` lacks for a commit on it: the commit, and the trees and files
   * of its tree that are not at the same place in the parent's (read level by level through the
   * clone's reader). Null when one cannot be read.
   */
  private async objectsSince(commitBody: Buffer, tree: string, parent: string): Promise<{ type: ObjectType; body: Buffer }[] | null> {
    const [parentCommit] = await this.readObjects([parent]);
    if (parentCommit?.type !== 'commit') return null;
    const parentTree = /^tree ([0-9a-f]+)$/m.exec(parentCommit.body.toString('utf8'))?.[1] ?? null;
    const out: { type: ObjectType; body: Buffer }[] = [{ type: 'commit', body: commitBody }];
    const sent = new Set<string>();
    const blobs: string[] = [];
    let level = tree === parentTree ? [] : [{ oid: tree, old: parentTree }];
    while (level.length > 0) {
      const olds = level.map((l) => l.old).filter((o): o is string => o !== null);
      const read = await this.readObjects([...level.map((l) => l.oid), ...olds]);
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
    const files = await this.readObjects(blobs);
    for (const file of files) {
      if (file?.type !== 'blob') return null;
      out.push({ type: 'blob', body: file.body });
    }
    return out;
  }

  /** The remote-tracking ref after a push made here (as git push moves it): a loose ref written under git's lock file. */
  private async setTrackingRef(branch: string, oid: string): Promise<void> {
    const file = path.join(this.dir, trackingRef(branch));
    const lock = `${file}.lock`;
    try {
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(lock, `${oid}\n`, { flag: 'wx' });
    } catch {
      // Locked by a git command right now (or not writable): git waits for its own lock.
      await this.run(['update-ref', trackingRef(branch), oid]);
      return;
    }
    await rename(lock, file).catch(async (err: unknown) => {
      await rm(lock, { force: true });
      throw err;
    });
  }

  /** `commit` re-applied on `onto`, or a MergeConflictError naming the paths (the commit saved first). */
  private async replay(commit: string, onto: string, branch: string, who: string): Promise<string> {
    const merged = await this.run(['merge-tree', '--write-tree', '--name-only', '--no-messages', onto, commit], { allowFail: true });
    const lines = merged.stdout.toString('utf8').split('\n');
    if (merged.code === 1) {
      const paths = [...new Set(lines.slice(1).filter(Boolean))];
      const savedRef = `refs/ccms/saved/${branch}/${new Date().toISOString().replace(/[:.]/g, '-')}-${who.replace(/[^\w.-]/g, '_')}-${randomBytes(3).toString('hex')}`;
      await this.run(['update-ref', savedRef, commit]);
      throw new MergeConflictError(paths, savedRef, commit);
    }
    if (merged.code !== 0) throw new Error(`merge-tree failed: ${merged.stderr.slice(0, 300)}`);
    const tree = lines[0]?.trim() ?? '';
    const info = (await this.text(['log', '-1', '--format=%an%x1f%ae%x1f%B', commit])).split('\x1f');
    const [name = '', email = '', ...rest] = info;
    return this.commitTree(tree, onto, rest.join('\x1f').trimEnd(), { name, email });
  }

  /** Refs where conflicting changes were kept. */
  async savedRefs(): Promise<{ ref: string; commit: string }[]> {
    const out = await this.text(['for-each-ref', '--format=%(refname)%09%(objectname)', 'refs/ccms/saved/']);
    return out
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [ref = '', commit = ''] = line.split('\t');
        return { ref, commit };
      });
  }

  async remove(): Promise<void> {
    readers.get(this.dir)?.close();
    await rm(this.dir, { recursive: true, force: true });
  }
}

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

/** ls-tree -l -z output; `folder` prefixes names when listing one folder (null: paths are full). */
function parseLsTree(out: Buffer, folder: string | null): TreeEntry[] {
  const entries: TreeEntry[] = [];
  for (const record of out.toString('utf8').split('\0')) {
    if (!record) continue;
    const tab = record.indexOf('\t');
    const [mode = '', type = '', oid = '', size = '-'] = record.slice(0, tab).split(/\s+/);
    const name = record.slice(tab + 1);
    const full = folder === null ? name : folder === '' ? name : `${folder}/${name}`;
    entries.push({
      name: full.slice(full.lastIndexOf('/') + 1),
      path: full,
      type: type === 'tree' ? 'tree' : type === 'commit' ? 'commit' : 'blob',
      mode,
      oid,
      size: size === '-' ? null : Number(size),
    });
  }
  return entries;
}
