import { access, readFile } from 'node:fs/promises';
import path from 'node:path';
import { keepNewest } from '../lru';
import { objectInfo, readObjects } from './batch-reader';
import { gitText, isValidBranchName, OBJECT_ID, REMOTE, runGit, trackingRef } from './git-process';
import { type CommitInfo, lastCommits } from './last-commits';
import { GITLINK_MODE, parseTree, TREE_MODE } from './loose-objects';

export interface TreeEntry {
  name: string;
  path: string;
  type: 'blob' | 'tree' | 'commit';
  mode: string;
  oid: string;
  /** Bytes of a file; null for folders. */
  size: number | null;
}

export type { CommitInfo } from './last-commits';

export interface BranchInfo {
  name: string;
  commit: string;
  date: string;
}

/**
 * Reading a clone: its branches and refs, folders and files at any commit (plumbing: ls-tree,
 * cat-file through the clone's long-lived reader) and history (log, blame). Nothing here writes.
 */
export class GitReader {
  constructor(readonly dir: string) {}

  async exists(): Promise<boolean> {
    try {
      await access(path.join(this.dir, 'HEAD'));
      return true;
    } catch {
      return false;
    }
  }

  async branches(): Promise<BranchInfo[]> {
    const out = await gitText(this.dir, ['for-each-ref', '--format=%(refname)%09%(objectname)%09%(committerdate:iso-strict)', `refs/remotes/${REMOTE}/`]);
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
    // A branch name is its tracking ref, read from the ref files with no process to start.
    if (!/^[0-9a-f]{4,40}$/i.test(ref) && isValidBranchName(ref)) return this.branchHead(ref);
    const candidates = /^[0-9a-f]{4,40}$/i.test(ref) ? [`${ref}^{commit}`, `${trackingRef(ref)}^{commit}`] : [`${trackingRef(ref)}^{commit}`];
    for (const candidate of candidates) {
      const res = await runGit(this.dir, ['rev-parse', '--verify', '--quiet', '--end-of-options', candidate], { allowFail: true });
      if (res.code === 0) return res.stdout.toString().trim();
    }
    return null;
  }

  /** Whether the clone holds a commit with this id (fetched, or built and pushed here). */
  async hasCommit(oid: string): Promise<boolean> {
    if (!OBJECT_ID.test(oid)) return false;
    return (await runGit(this.dir, ['cat-file', '-e', `${oid}^{commit}`], { allowFail: true })).code === 0;
  }

  /**
   * Entries directly in a folder ('' is the root) at a commit; null when the folder does not exist.
   * At a commit id the folder's tree and its files' sizes come from the clone's reader, and a
   * tree's entries are remembered by its id (a tree with that id always holds the same).
   */
  async listFolder(commit: string, folder: string): Promise<TreeEntry[] | null> {
    if (/^[0-9a-f]{40}$/.test(commit)) {
      const [tree] = await readObjects(this.dir, [folder === '' ? `${commit}^{tree}` : `${commit}:${folder}`]);
      if (tree?.type !== 'tree') return null;
      const key = `${tree.oid}\u0000${folder}`;
      const known = listed.get(key);
      if (known) {
        keepNewest(listed, key, known, MAX_LISTED);
        return known.map((e) => ({ ...e }));
      }
      const raw = [...parseTree(tree.body)];
      const blobs = raw.filter(([, e]) => !isTreeOrLink(e.mode));
      const infos = await objectInfo(
        this.dir,
        blobs.map(([, e]) => e.oid),
      );
      const sizes = new Map(blobs.map(([, e], i) => [e.oid, infos[i]?.size ?? null]));
      const entries: TreeEntry[] = raw.map(([name, e]) => ({
        name,
        path: folder === '' ? name : `${folder}/${name}`,
        type: e.mode === TREE_MODE ? 'tree' : e.mode === GITLINK_MODE ? 'commit' : 'blob',
        // ls-tree's modes: six digits.
        mode: e.mode.padStart(6, '0'),
        oid: e.oid,
        size: isTreeOrLink(e.mode) ? null : (sizes.get(e.oid) ?? null),
      }));
      keepNewest(listed, key, entries, MAX_LISTED);
      return entries.map((e) => ({ ...e }));
    }
    if (folder !== '') {
      const kind = await this.typeOf(commit, folder);
      if (kind !== 'tree') return null;
    }
    const spec = folder === '' ? commit : `${commit}:${folder}`;
    const out = await runGit(this.dir, ['ls-tree', '-l', '-z', spec]);
    return parseLsTree(out.stdout, folder);
  }

  /** Every folder path at a commit, sorted. */
  async folders(commit: string): Promise<string[]> {
    const out = await runGit(this.dir, ['ls-tree', '-r', '-d', '-z', '--name-only', commit]);
    return out.stdout.toString('utf8').split('\0').filter(Boolean).sort();
  }

  /** Every file under a folder ('' for all) at a commit, with ids and sizes. */
  async filesUnder(commit: string, folder: string): Promise<TreeEntry[]> {
    const args = ['ls-tree', '-r', '-l', '-z', commit];
    if (folder !== '') args.push('--', folder);
    const out = await runGit(this.dir, args);
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
        const trees = await readObjects(
          this.dir,
          level.map((l) => l.spec),
        );
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
    const out = await runGit(this.dir, ['ls-tree', '-r', '-z', '--name-only', commit]);
    return out.stdout.toString('utf8').split('\0').filter(Boolean);
  }

  /**
   * Files at a commit (a commit id) whose text holds `needle`, in any case, among the paths the
   * globs match (`git grep -l -F -i`: no blob is read into this process), in path order.
   */
  async filesContaining(commit: string, needle: string, globs: readonly string[]): Promise<string[]> {
    if (!/^[0-9a-f]{40}$/.test(commit) || needle === '') return [];
    const out = await runGit(this.dir, ['grep', '-l', '-z', '-I', '-i', '-F', '-e', needle, commit, '--', ...globs], { allowFail: true });
    // 1: nothing found; anything higher is a failure.
    if (out.code > 1) throw new Error(`git grep failed (${out.code}): ${out.stderr.slice(0, 500)}`);
    return out.stdout
      .toString('utf8')
      .split('\0')
      .filter(Boolean)
      .map((p) => p.slice(commit.length + 1));
  }

  /** 'blob', 'tree' or null at a path of a commit (at a commit id, from the clone's reader). */
  async typeOf(commit: string, filePath: string): Promise<'blob' | 'tree' | 'commit' | null> {
    if (filePath === '') return 'tree';
    let kind: string | undefined;
    if (/^[0-9a-f]{40}$/.test(commit)) {
      const [info] = await objectInfo(this.dir, [`${commit}:${filePath}`]);
      kind = info?.type;
    } else {
      const res = await runGit(this.dir, ['cat-file', '-t', `${commit}:${filePath}`], { allowFail: true });
      if (res.code !== 0) return null;
      kind = res.stdout.toString().trim();
    }
    return kind === 'blob' || kind === 'tree' || kind === 'commit' ? kind : null;
  }

  /** The object id (blob or tree) at a path of a commit; null when the path does not exist there. */
  async objectIdAt(commit: string, filePath: string): Promise<string | null> {
    if (/^[0-9a-f]{40}$/.test(commit)) {
      const [info] = await objectInfo(this.dir, [filePath === '' ? `${commit}^{tree}` : `${commit}:${filePath}`]);
      if (info) return info.oid;
      // Missing here, or a submodule's commit, which the tree names though this clone lacks it: git tells.
    }
    const res = await runGit(
      this.dir,
      ['rev-parse', '--verify', '--quiet', '--end-of-options', filePath === '' ? `${commit}^{tree}` : `${commit}:${filePath}`],
      {
        allowFail: true,
      },
    );
    return res.code === 0 ? res.stdout.toString().trim() : null;
  }

  /** The object ids at paths of a commit id, from the clone's reader; null where a path does not exist. */
  async objectIds(commit: string, paths: string[]): Promise<(string | null)[]> {
    const infos = await objectInfo(
      this.dir,
      paths.map((p) => `${commit}:${p}`),
    );
    return paths.map((_, i) => infos[i]?.oid ?? null);
  }

  /** A file at a commit, its blob id with its bytes (one git process); null for a missing path or a folder. */
  async blobAt(commit: string, filePath: string): Promise<{ oid: string; body: Buffer } | null> {
    const [obj] = await readObjects(this.dir, [`${commit}:${filePath}`]);
    return obj?.type === 'blob' ? { oid: obj.oid, body: obj.body } : null;
  }

  /** File contents at a commit; null for a missing path or a folder. */
  async readFile(commit: string, filePath: string): Promise<Buffer | null> {
    const [one] = await this.readFiles(commit, [filePath]);
    return one ?? null;
  }

  /** Many files at one commit through a single `git cat-file --batch`; null where a path is not a file. */
  async readFiles(commit: string, paths: string[]): Promise<(Buffer | null)[]> {
    const objects = await readObjects(
      this.dir,
      paths.map((p) => `${commit}:${p}`),
    );
    return paths.map((_, i) => {
      const object = objects[i];
      return object?.type === 'blob' ? object.body : null;
    });
  }

  /** The newest commit touching each given path (files or folders) under `folder` (remembered per folder, see last-commits.ts). */
  lastCommits(commit: string, folder: string, paths: string[]): Promise<Map<string, CommitInfo>> {
    return lastCommits(this.dir, commit, folder, paths);
  }

  /** Commits on a path (file or folder) newest first. */
  async history(commit: string, filePath: string, limit: number): Promise<CommitInfo[]> {
    const args = ['log', `--max-count=${limit}`, '--format=%H%x1f%an%x1f%ae%x1f%aI%x1f%s', commit];
    if (filePath !== '') args.push('--', filePath);
    const out = await gitText(this.dir, args);
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
    const res = await runGit(this.dir, args, { allowFail: true });
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
    const out = await gitText(this.dir, ['log', `--since=@${epoch}`, '--name-only', '--format=', '--no-renames', commit]);
    return [...new Set(out.split('\n').filter(Boolean))];
  }

  /** The best common ancestor of two commits (where one branch forked from the other); null when they share none. */
  async mergeBase(a: string, b: string): Promise<string | null> {
    const res = await runGit(this.dir, ['merge-base', a, b], { allowFail: true });
    return res.code === 0 ? res.stdout.toString('utf8').trim() || null : null;
  }

  /** The newest commit reachable from `commit` made at or before `time` (first-parent); null when none is that old. */
  async commitAsOf(commit: string, time: Date): Promise<string | null> {
    const epoch = Math.floor(time.getTime() / 1000);
    const out = await gitText(this.dir, ['rev-list', '-1', '--first-parent', `--before=@${epoch}`, commit]);
    return out.trim() || null;
  }

  /** The authors of the commits after `since` up to `commit` that changed a path, newest first, each once. */
  async authorsSince(since: string, commit: string, filePath: string): Promise<string[]> {
    const out = await gitText(this.dir, ['log', '--format=%an', `${since}..${commit}`, '--', filePath]);
    return [...new Set(out.split('\n').filter(Boolean))];
  }

  /** Refs where conflicting changes were kept. */
  async savedRefs(): Promise<{ ref: string; commit: string }[]> {
    const out = await gitText(this.dir, ['for-each-ref', '--format=%(refname)%09%(objectname)', 'refs/ccms/saved/']);
    return out
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [ref = '', commit = ''] = line.split('\t');
        return { ref, commit };
      });
  }
}

/** ls-tree -l -z output; `folder` prefixes names when listing one folder (null: paths are full). */
/** Folder listings remembered by tree id and folder, over all clones (the least recently used go first). */
const listed = new Map<string, TreeEntry[]>();
const MAX_LISTED = 512;
/** A submodule's entry in a tree. */
const isTreeOrLink = (mode: string) => mode === TREE_MODE || mode === GITLINK_MODE;

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
