import { createInterface } from 'node:readline';
import { keepNewest } from '../lru';
import { gitEnv } from './git-env';
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
