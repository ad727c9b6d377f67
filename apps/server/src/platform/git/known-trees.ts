import { keepNewest } from '../lru';
import { type GitObject, readObjects } from './batch-reader';
import { type ObjectType, type RawTreeEntry, TREE_MODE } from './loose-objects';

/*
 * Trees this process wrote or read while building commits, by id, and the root tree of each
 * commit it built, by clone: a batch of saves builds each commit on the one before, and checks
 * each file against it, and pushes the batch, without asking git for what was just written. A
 * tree's id names its entries in any clone; a commit counts only for the clone it was written to
 * (forgotten with it). The bytes of the objects written are kept too (small files only, up to a
 * bound): the push's pack is made from them.
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

/** Objects written here, by id: their type and bytes (a push's pack is made of them). */
const bodies = new Map<string, { type: ObjectType; body: Buffer }>();
let bodyBytes = 0;
const MAX_BODY = 1024 * 1024;
const MAX_BODY_BYTES = 64 * 1024 * 1024;

/** An object written here: its bytes kept while they fit (a large file is read from the clone when needed). */
export function rememberBody(oid: string, type: ObjectType, body: Buffer): void {
  if (body.length > MAX_BODY || bodies.has(oid)) return;
  bodies.set(oid, { type, body });
  bodyBytes += body.length;
  for (const [old, held] of bodies) {
    if (bodyBytes <= MAX_BODY_BYTES) break;
    bodies.delete(old);
    bodyBytes -= held.body.length;
  }
}

/** Objects by id: those written here from memory, the others through the clone's reader (null where missing). */
export async function readKnownObjects(dir: string, oids: string[]): Promise<(GitObject | null)[]> {
  const missing = oids.filter((oid) => !bodies.has(oid));
  const read = missing.length > 0 ? await readObjects(dir, missing) : [];
  const fromGit = new Map(missing.map((oid, i) => [oid, read[i] ?? null]));
  return oids.map((oid) => {
    const held = bodies.get(oid);
    return held ? { oid, type: held.type, body: held.body } : (fromGit.get(oid) ?? null);
  });
}
