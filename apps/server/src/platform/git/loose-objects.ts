import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { access, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { deflate, deflateSync } from 'node:zlib';

/**
 * Git objects made in this process and written as loose objects, so a commit of a few files is
 * built without starting git for each step (on a server holding a large catalogue in memory,
 * every process started costs tens of milliseconds on its own).
 */

export type ObjectType = 'blob' | 'tree' | 'commit';

/** zlib on libuv's thread pool: a large file's compression does not hold the request loop. */
const deflating = promisify(deflate);

/** The id git gives an object of this type and content. */
export function objectId(type: ObjectType, body: Buffer): string {
  return createHash('sha1').update(`${type} ${body.length}\0`).update(body).digest('hex');
}

/** Where a loose object goes: its fan-out folder, its file, and a temporary name beside it to write before the rename. */
function looseFiles(gitDir: string, oid: string) {
  const folder = path.join(gitDir, 'objects', oid.slice(0, 2));
  return { folder, file: path.join(folder, oid.slice(2)), temp: path.join(folder, `tmp_obj_${randomBytes(6).toString('hex')}`) };
}

/** A loose object's content before compression: its header, then its body. */
const framed = (type: ObjectType, body: Buffer) => Buffer.concat([Buffer.from(`${type} ${body.length}\0`), body]);

/** Writes an object into `gitDir`'s object store (nothing when it is there already); its id. */
export async function writeLooseObject(gitDir: string, type: ObjectType, body: Buffer): Promise<string> {
  const oid = objectId(type, body);
  const { folder, file, temp } = looseFiles(gitDir, oid);
  try {
    await access(file);
    return oid;
  } catch {
    // Not there yet: written below.
  }
  await mkdir(folder, { recursive: true });
  try {
    await writeFile(temp, await deflating(framed(type, body)), { mode: 0o444 });
    // Same id, same bytes: replacing a copy another writer made meanwhile changes nothing.
    await rename(temp, file);
  } catch (err) {
    await rm(temp, { force: true });
    throw err;
  }
  return oid;
}

/**
 * `writeLooseObject` done at once, for a thread that has nothing else to run meanwhile (the commit
 * thread, commit-thread.ts): no trip through libuv's pool, which the request loop's reads share.
 */
export function writeLooseObjectNow(gitDir: string, type: ObjectType, body: Buffer): string {
  const oid = objectId(type, body);
  const { folder, file, temp } = looseFiles(gitDir, oid);
  if (existsSync(file)) return oid;
  mkdirSync(folder, { recursive: true });
  try {
    writeFileSync(temp, deflateSync(framed(type, body)), { mode: 0o444 });
    renameSync(temp, file);
  } catch (err) {
    rmSync(temp, { force: true });
    throw err;
  }
  return oid;
}

export interface RawTreeEntry {
  /** As git stores it: 100644, 100755, 120000, 40000 (a folder), 160000 (a submodule). */
  mode: string;
  oid: string;
}

export const TREE_MODE = '40000';
/** A submodule's entry: the commit it is at (a gitlink). */
export const GITLINK_MODE = '160000';

/** The entries of a tree object's content, by name. */
export function parseTree(body: Buffer): Map<string, RawTreeEntry> {
  const out = new Map<string, RawTreeEntry>();
  let at = 0;
  while (at < body.length) {
    const space = body.indexOf(0x20, at);
    const nul = body.indexOf(0, space);
    if (space < 0 || nul < 0 || nul + 21 > body.length) throw new Error('malformed tree object');
    const mode = body.subarray(at, space).toString('latin1');
    const name = body.subarray(space + 1, nul).toString('utf8');
    out.set(name, { mode, oid: body.subarray(nul + 1, nul + 21).toString('hex') });
    at = nul + 21;
  }
  return out;
}

/** Git's order of tree entries: bytewise on the name, a folder's name compared as if it ended in "/". */
function sortKey(name: string, mode: string): Buffer {
  return Buffer.from(mode === TREE_MODE ? `${name}/` : name, 'utf8');
}

/** A tree object's content. */
export function serializeTree(entries: ReadonlyMap<string, RawTreeEntry>): Buffer {
  const sorted = [...entries].map(([name, e]) => ({ name, e, key: sortKey(name, e.mode) })).sort((a, b) => Buffer.compare(a.key, b.key));
  return Buffer.concat(sorted.flatMap(({ name, e }) => [Buffer.from(`${e.mode} ${name}\0`, 'utf8'), Buffer.from(e.oid, 'hex')]));
}

/** git's ident "crud" (stripped from both ends of a name or an address). */
const crud = (c: string) => c <= ' ' || '.,:;<>"\\\''.includes(c);

/** A name or an address as git writes it in an ident line: crud trimmed, no line break or angle bracket. */
export function identPart(value: string): string {
  let start = 0;
  let end = value.length;
  while (start < end && crud(value.charAt(start))) start++;
  while (end > start && crud(value.charAt(end - 1))) end--;
  return value.slice(start, end).replace(/[\n<>]/g, '');
}

/** "+0100" for the server's zone at `date`, as git writes it. */
function zoneOf(date: Date): string {
  const minutes = -date.getTimezoneOffset();
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
}

/** A commit object's content, as `git commit-tree` writes it (author and committer alike, the message verbatim). */
export function commitBody(tree: string, parent: string | null, message: string, author: { name: string; email: string }, date = new Date()): Buffer {
  const name = identPart(author.name);
  const email = identPart(author.email);
  if (name === '') throw new Error('empty ident name not allowed');
  const ident = `${name} <${email}> ${Math.floor(date.getTime() / 1000)} ${zoneOf(date)}`;
  const head = [`tree ${tree}`, ...(parent ? [`parent ${parent}`] : []), `author ${ident}`, `committer ${ident}`].join('\n');
  return Buffer.from(`${head}\n\n${message}`, 'utf8');
}
