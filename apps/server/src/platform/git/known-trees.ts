import { keepNewest } from '../lru';
import type { RawTreeEntry } from './loose-objects';
import { TREE_MODE } from './loose-objects';

/*
 * Trees this process wrote or read while building commits, by id, and the root tree of each
 * commit it built, by clone: a batch of saves builds each commit on the one before, and checks
 * each file against it, without asking git for what was just written. A tree's id names its
 * entries in any clone; a commit counts only for the clone it was written to (forgotten with it).
 */

const MAX_TREES = 2048;
const MAX_COMMITS = 1024;
const trees = new Map<string, ReadonlyMap<string, RawTreeEntry>>();
const commitTrees = new Map<string, string>();

/** A tree's entries, by its id. */
export function rememberTree(oid: string, entries: ReadonlyMap<string, RawTreeEntry>): void {
  keepNewest(trees, oid, entries, MAX_TREES);
}

/** The root tree of a commit written to the clone at `dir`. */
export function rememberCommitTree(dir: string, commit: string, tree: string): void {
  keepNewest(commitTrees, `${dir}\u0000${commit}`, tree, MAX_COMMITS);
}

/** Forgets the commits of a clone (removed, or cloned again). */
export function forgetKnownCommits(dir: string): void {
  for (const key of [...commitTrees.keys()]) if (key.startsWith(`${dir}\u0000`)) commitTrees.delete(key);
}

/** The root tree id of a commit of the clone, when this process wrote it. */
export const knownRootTree = (dir: string, commit: string): string | undefined => commitTrees.get(`${dir}\u0000${commit}`);

/** A tree's entries by id, when known here. */
export const knownTree = (oid: string): ReadonlyMap<string, RawTreeEntry> | undefined => trees.get(oid);

/**
 * The entry at `path` of a commit of the clone from what is known here: the entry, null when the
 * path is not there, undefined when a tree on the way is not known (ask git).
 */
export function knownEntryAt(dir: string, commit: string, path: string): RawTreeEntry | null | undefined {
  const root = knownRootTree(dir, commit);
  if (root === undefined) return undefined;
  if (path === '') return { mode: TREE_MODE, oid: root };
  let tree = knownTree(root);
  const parts = path.split('/');
  for (const [i, name] of parts.entries()) {
    if (!tree) return undefined;
    const entry = tree.get(name);
    if (!entry) return null;
    if (i === parts.length - 1) return entry;
    if (entry.mode !== TREE_MODE) return null;
    tree = knownTree(entry.oid);
  }
  return null;
}
