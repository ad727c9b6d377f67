import { createInterface } from 'node:readline';
import { keepNewest } from '../lru';
import { readObjects } from './batch-reader';
import { gitEnv } from './git-env';
import { parseTree } from './loose-objects';
import { streamProcess } from './process-spawner';

export interface CommitInfo {
  commit: string;
  author: string;
  email: string;
  date: string;
  message: string;
}

/** Folders whose last commits are remembered, over all clones of the process (the least recently used go first). */
const MAX_FOLDERS = 256;
/** The most commits read since the remembered head (more, or a head that does not descend from it: the folder's history is read again). */
const MAX_SINCE = 512;
/** The most commits since the remembered head that are walked in this process, through the clone's reader, rather than by `git log`. */
const MAX_WALKED = 32;

/** A folder's entries with the newest commit touching each, as of `commit` (every entry the folder's history names). */
interface Remembered {
  commit: string;
  last: Map<string, CommitInfo>;
}

const remembered = new Map<string, Remembered>();
const inflight = new Map<string, Promise<Remembered & { ok: boolean }>>();
const keyOf = (dir: string, folder: string) => `${dir}\u0000${folder}`;

/**
 * The newest commit touching each given path (files or folders) under `folder`. The first time,
 * the folder's history is read whole and remembered per entry; after that, only the commits since
 * the remembered head are read (a folder's list stays as quick however long its history grows,
 * when saves keep adding to it). A head that does not descend from the remembered one (a forced
 * push) reads the history again.
 */
export async function lastCommits(dir: string, commit: string, folder: string, paths: string[]): Promise<Map<string, CommitInfo>> {
  const found = new Map<string, CommitInfo>();
  if (paths.length === 0) return found;
  const key = keyOf(dir, folder);
  let now = remembered.get(key);
  if (now?.commit !== commit) {
    // Lists of the same folder at the same head asked at once share one reading.
    const at = `${key}\u0000${commit}`;
    let reading = inflight.get(at);
    if (!reading) {
      reading = bringTo(dir, folder, commit, now).finally(() => inflight.delete(at));
      inflight.set(at, reading);
    }
    const read = await reading;
    now = { commit, last: read.last };
    // A history git could not read (a commit the clone lacks) answers what it gave, and is not remembered.
    if (read.ok) keepNewest(remembered, key, now, MAX_FOLDERS);
  }
  for (const p of paths) {
    const info = now.last.get(p);
    if (info) found.set(p, info);
  }
  return found;
}

/** Forgets what is remembered of a clone (it is being removed). */
export function forgetLastCommits(dir: string): void {
  for (const key of [...remembered.keys()]) if (key.startsWith(`${dir}\u0000`)) remembered.delete(key);
}

/**
 * The folder's last commits at `commit`: from `known` and the commits since it when `commit`
 * descends from it (one `git log` of the range, whose parents say whether it does), else the
 * folder's whole history.
 */
async function bringTo(dir: string, folder: string, commit: string, known: Remembered | undefined): Promise<Remembered & { ok: boolean }> {
  if (known) {
    const walked = await walkLine(dir, folder, commit, known.commit).catch(() => null);
    if (walked) {
      for (const [entry, info] of known.last) if (!walked.has(entry)) walked.set(entry, info);
      return { commit, last: walked, ok: true };
    }
    const since = await walk(dir, folder, ['--max-count', String(MAX_SINCE), commit, `^${known.commit}`], known.commit).catch(() => null);
    // A range cut at MAX_SINCE may have left out commits of a side branch: read the history again.
    if (since?.ok && since.descends && since.commits < MAX_SINCE) {
      for (const [entry, info] of known.last) if (!since.last.has(entry)) since.last.set(entry, info);
      return { commit, last: since.last, ok: true };
    }
  }
  const whole = await walk(dir, folder, [commit, ...(folder === '' ? [] : ['--', folder])]);
  return { commit, last: whole.last, ok: whole.ok };
}

/**
 * Each entry right under `folder` that the commits `args` name change, with the newest of them;
 * `descends`: whether one of them has `parent` as a parent; `commits`: how many were read.
 */
async function walk(
  dir: string,
  folder: string,
  args: string[],
  parent?: string,
): Promise<{ last: Map<string, CommitInfo>; descends: boolean; commits: number; ok: boolean }> {
  const last = new Map<string, CommitInfo>();
  let descends = false;
  let commits = 0;
  const child = streamProcess('git', ['--git-dir', dir, 'log', '--no-renames', '--format=%x1e%H%x1f%P%x1f%an%x1f%ae%x1f%aI%x1f%s', '--name-only', ...args], {
    env: gitEnv(),
  });
  const lines = createInterface({ input: child.stdout });
  let current: CommitInfo | null = null;
  const prefix = folder === '' ? '' : `${folder}/`;
  for await (const line of lines) {
    if (line.startsWith('\x1e')) {
      const [hash = '', parents = '', author = '', email = '', date = '', message = ''] = line.slice(1).split('\x1f');
      current = { commit: hash, author, email, date, message };
      commits++;
      if (parent !== undefined && parents.split(' ').includes(parent)) descends = true;
      continue;
    }
    if (!line || !current || !line.startsWith(prefix)) continue;
    // A changed file stands for itself and for the folder right under `folder` holding it.
    const rest = line.slice(prefix.length);
    const slash = rest.indexOf('/');
    const entry = prefix + (slash < 0 ? rest : rest.slice(0, slash));
    if (!last.has(entry)) last.set(entry, current);
  }
  const { code } = await child.done;
  return { last, descends, commits, ok: code === 0 };
}

/** Commits read by `walkLine`, by id (a commit with that id is always the same): each is read once for every folder walked through it. */
const commitsRead = new Map<string, ReadCommit>();
const MAX_COMMITS_READ = 1024;

/** A commit this process wrote (a save's): `walkLine` then finds it without reading it. */
export function rememberCommit(oid: string, body: Buffer): void {
  const commit = readCommit(oid, body);
  if (commit) keepNewest(commitsRead, oid, commit, MAX_COMMITS_READ);
}

/** What `walkLine` reads of a commit object. */
interface ReadCommit {
  info: CommitInfo;
  tree: string;
  parents: string[];
}

/**
 * The entries under `folder` that the commits from `head` back to `base` changed, with the newest
 * commit of each, as `git log --name-only head ^base` names them: read through the clone's reader,
 * with no process to start. Only a line of single-parent commits (what saves make) that reaches
 * `base` within MAX_WALKED is walked here; null for anything else (a merge, a longer range, a head
 * not descending from `base`), which `git log` then reads.
 */
async function walkLine(dir: string, folder: string, head: string, base: string): Promise<Map<string, CommitInfo> | null> {
  if (!/^[0-9a-f]{40}$/.test(head) || !/^[0-9a-f]{40}$/.test(base)) return null;
  const line: ReadCommit[] = [];
  let at = head;
  while (at !== base) {
    if (line.length === MAX_WALKED) return null;
    let commit = commitsRead.get(at);
    if (!commit) {
      const [object] = await readObjects(dir, [at]);
      if (object?.type !== 'commit') return null;
      const read = readCommit(object.oid, object.body);
      if (!read) return null;
      commit = read;
      keepNewest(commitsRead, at, commit, MAX_COMMITS_READ);
    }
    if (commit.parents.length !== 1) return null;
    line.push(commit);
    at = commit.parents[0] as string;
  }
  const last = new Map<string, CommitInfo>();
  if (line.length === 0) return last;
  // The folder's tree at each commit and at the base: one read.
  const specs = [...line.map((c) => c.info.commit), base].map((id) => (folder === '' ? `${id}^{tree}` : `${id}:${folder}`));
  const trees = await readObjects(dir, specs);
  const prefix = folder === '' ? '' : `${folder}/`;
  for (const [i, commit] of line.entries()) {
    const now = trees[i];
    const before = trees[i + 1];
    if (now?.oid === before?.oid) continue;
    const a = now?.type === 'tree' ? parseTree(now.body) : new Map();
    const b = before?.type === 'tree' ? parseTree(before.body) : new Map();
    for (const [name, entry] of a) {
      const was = b.get(name);
      if (was?.oid === entry.oid && was.mode === entry.mode) continue;
      if (!last.has(prefix + name)) last.set(prefix + name, commit.info);
    }
    for (const name of b.keys()) if (!a.has(name) && !last.has(prefix + name)) last.set(prefix + name, commit.info);
  }
  return last;
}

/** A commit object's tree, parents and what `git log`'s format above prints of it (%H %an %ae %aI %s); null when malformed or not UTF-8. */
function readCommit(oid: string, body: Buffer): ReadCommit | null {
  const text = body.toString('utf8');
  const split = text.indexOf('\n\n');
  const headers = (split < 0 ? text : text.slice(0, split)).split('\n');
  const message = split < 0 ? '' : text.slice(split + 2);
  let tree = '';
  const parents: string[] = [];
  let author: RegExpExecArray | null = null;
  for (const header of headers) {
    if (header.startsWith('tree ')) tree = header.slice(5);
    else if (header.startsWith('parent ')) parents.push(header.slice(7));
    else if (header.startsWith('author ')) author = /^author (.*?) <([^>]*)> (\d+) ([+-])(\d\d)(\d\d)$/.exec(header);
    else if (header.startsWith('encoding ')) return null;
  }
  if (!tree || !author) return null;
  const [, name = '', email = '', seconds = '0', sign = '+', hh = '00', mm = '00'] = author;
  const offset = (sign === '-' ? -1 : 1) * (Number(hh) * 60 + Number(mm));
  const local = new Date((Number(seconds) + offset * 60) * 1000).toISOString().slice(0, 19);
  return { info: { commit: oid, author: name, email, date: `${local}${sign}${hh}:${mm}`, message: subjectOf(message) }, tree, parents };
}

/** git's subject (%s): the message's first paragraph, its lines joined by a space. */
function subjectOf(message: string): string {
  const lines = message.split('\n');
  let start = 0;
  while (start < lines.length && (lines[start] ?? '').trim() === '') start++;
  const paragraph: string[] = [];
  for (let i = start; i < lines.length; i++) {
    const line = (lines[i] ?? '').trimEnd();
    if (line.trim() === '') break;
    paragraph.push(line);
  }
  return paragraph.join(' ');
}
