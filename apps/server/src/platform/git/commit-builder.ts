import { randomBytes } from 'node:crypto';
import { readObjects } from './batch-reader';
import { gitText, runGit } from './git-process';
import { commitBody, GITLINK_MODE, type ObjectType, parseTree, type RawTreeEntry, serializeTree, TREE_MODE, writeLooseObject } from './loose-objects';

/** Writing a clone: commits built from changes without a working tree, and a commit replayed on a head that moved. */

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

/** An object a commit's build read (a folder of the parent) or wrote: what a push's pack is made of. */
export interface HeldObject {
  oid: string;
  type: ObjectType;
  body: Buffer;
}

export interface BuildOptions {
  /** Writes an object into the clone; its id (default: a loose object through libuv's pool). */
  write?: (type: ObjectType, body: Buffer) => string | Promise<string>;
  /** Told each folder of the parent the build read and each object it wrote. */
  keep?: (object: HeldObject) => void;
}

/**
 * A commit applying `changes` on top of `parent` (null: the first commit of an empty
 * repository). Only the folders on the changed paths are read (one `git cat-file --batch`);
 * blobs, the new trees and the commit are written as loose objects by this process, so nothing
 * else in the clone changes. Puts and move targets are checked against `parent`, as are the
 * paths deleted or moved.
 */
export async function buildCommit(
  dir: string,
  parent: string | null,
  changes: Change[],
  message: string,
  author: Identity,
  opts: BuildOptions = {},
): Promise<string> {
  const store = opts.write ?? ((type: ObjectType, body: Buffer) => writeLooseObject(dir, type, body));
  const write = async (type: ObjectType, body: Buffer) => {
    const oid = await store(type, body);
    opts.keep?.({ oid, type, body });
    return oid;
  };
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
    const found = await readObjects(
      dir,
      wanted.map((d) => (d === '' ? `${parent}^{tree}` : `${parent}:${d}`)),
    );
    wanted.forEach((d, i) => {
      const obj = found[i];
      pristine.set(d, obj?.type === 'tree' ? parseTree(obj.body) : null);
      if (obj?.type === 'tree') opts.keep?.({ oid: obj.oid, type: 'tree', body: obj.body });
      if (d === '' && obj) parentTree = obj.oid;
    });
  }
  const entryAt = (p: string): RawTreeEntry | undefined => pristine.get(folderOf(p))?.get(nameOf(p));
  const typeAt = (p: string) => {
    const e = entryAt(p);
    return e === undefined ? null : e.mode === TREE_MODE ? 'tree' : e.mode === GITLINK_MODE ? 'commit' : 'blob';
  };

  const puts = changes.filter((c): c is Extract<Change, { op: 'put' }> => c.op === 'put');
  const fromFiles = puts.filter((c): c is Extract<Change, { op: 'put'; file: string }> => 'file' in c);
  const blobs = new Map<Change, string>();
  if (fromFiles.length > 0) {
    // git reads files named on disk itself, so a large upload never passes through memory.
    const ids = (await runGit(dir, ['hash-object', '-w', '--no-filters', '--stdin-paths'], { input: `${fromFiles.map((c) => c.file).join('\n')}\n` })).stdout
      .toString()
      .split('\n')
      .filter(Boolean);
    for (const [i, c] of fromFiles.entries()) blobs.set(c, ids[i] ?? '');
  }
  for (const c of puts) if ('content' in c) blobs.set(c, await write('blob', c.content));

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
    const oid = entries.size === 0 && d !== '' ? '' : await write('tree', serializeTree(entries));
    if (d === '') tree = oid;
    else {
      const up = working.get(folderOf(d));
      if (!up) throw new Error(`folder ${folderOf(d)} was not read`);
      if (oid === '') up.delete(nameOf(d));
      else up.set(nameOf(d), { mode: TREE_MODE, oid });
    }
  }
  if (tree === '') tree = parentTree ?? (await write('tree', serializeTree(new Map())));
  if (tree === parentTree) throw new TreeError('noChange', '');
  const body = commitBody(tree, parent, message, author);
  return write('commit', body);
}

async function commitTree(dir: string, tree: string, parent: string | null, message: string, author: Identity): Promise<string> {
  const env = {
    GIT_AUTHOR_NAME: author.name,
    GIT_AUTHOR_EMAIL: author.email,
    GIT_COMMITTER_NAME: author.name,
    GIT_COMMITTER_EMAIL: author.email,
  };
  const args = ['commit-tree', tree];
  if (parent) args.push('-p', parent);
  args.push('-F', '-');
  return (await gitText(dir, args, { env, input: message })).trim();
}

/** `commit` re-applied on `onto`, or a MergeConflictError naming the paths (the commit saved first). */
export async function replayCommit(dir: string, commit: string, onto: string, branch: string, who: string): Promise<string> {
  const merged = await runGit(dir, ['merge-tree', '--write-tree', '--name-only', '--no-messages', onto, commit], { allowFail: true });
  const lines = merged.stdout.toString('utf8').split('\n');
  if (merged.code === 1) {
    const paths = [...new Set(lines.slice(1).filter(Boolean))];
    const savedRef = `refs/ccms/saved/${branch}/${new Date().toISOString().replace(/[:.]/g, '-')}-${who.replace(/[^\w.-]/g, '_')}-${randomBytes(3).toString('hex')}`;
    await runGit(dir, ['update-ref', savedRef, commit]);
    throw new MergeConflictError(paths, savedRef, commit);
  }
  if (merged.code !== 0) throw new Error(`merge-tree failed: ${merged.stderr.slice(0, 300)}`);
  const tree = lines[0]?.trim() ?? '';
  const info = (await gitText(dir, ['log', '-1', '--format=%an%x1f%ae%x1f%B', commit])).split('\x1f');
  const [name = '', email = '', ...rest] = info;
  return commitTree(dir, tree, onto, rest.join('\x1f').trimEnd(), { name, email });
}
