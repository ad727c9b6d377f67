import { type GitAuth, gitEnv } from '../../../platform/git/git-env';
import type { GitRepo } from '../../../platform/git/git-repo';
import { runProcess } from '../../../platform/git/process-spawner';
import { pinConfig } from '../../../platform/git/remote-url';

/**
 * Git reads and writes the catalogue needs that the clone's own class does not offer: what
 * changed between two commits, entries of some paths, and revision tags. Plumbing on the same
 * bare clone, with the same fixed environment (no user config, no prompts).
 */

interface RunResult {
  stdout: Buffer;
  stderr: string;
  code: number;
}

export async function run(repo: GitRepo, args: string[], opts: { auth?: GitAuth | null; allowFail?: boolean; timeoutMs?: number } = {}): Promise<RunResult> {
  const result = await runProcess('git', ['--git-dir', repo.dir, ...args], {
    env: gitEnv(opts.auth ?? null, {}, pinConfig(repo.pin)),
    timeoutMs: opts.timeoutMs,
  });
  if (result.code !== 0 && !opts.allowFail) throw new Error(`git ${args[0]} failed (${result.code}): ${result.stderr.slice(0, 500)}`);
  return result;
}

export type ChangeKind = 'added' | 'modified' | 'deleted';

/** Files changed between two commits (renames as a delete and an add), path -> kind. */
export async function changedFiles(repo: GitRepo, from: string, to: string): Promise<Map<string, ChangeKind>> {
  const out = (await run(repo, ['diff', '--name-status', '-z', '--no-renames', '--no-ext-diff', from, to, '--'])).stdout.toString('utf8');
  const parts = out.split('\0');
  const changes = new Map<string, ChangeKind>();
  for (let i = 0; i + 1 < parts.length; i += 2) {
    const status = parts[i] ?? '';
    const file = parts[i + 1] ?? '';
    if (!file) continue;
    changes.set(file, status.startsWith('A') ? 'added' : status.startsWith('D') ? 'deleted' : 'modified');
  }
  return changes;
}

/** Files changed between two commits with their new blob ids (renames as a delete and an add). */
export async function changedEntries(repo: GitRepo, from: string, to: string): Promise<Map<string, { kind: ChangeKind; oid: string }>> {
  const out = (await run(repo, ['diff', '--raw', '-z', '--no-renames', '--no-ext-diff', '--abbrev=40', from, to, '--'])).stdout.toString('utf8');
  const parts = out.split('\0');
  const changes = new Map<string, { kind: ChangeKind; oid: string }>();
  for (let i = 0; i + 1 < parts.length; i += 2) {
    // ":100644 100644 <old> <new> M"
    const [, , , oid = '', status = ''] = (parts[i] ?? '').split(' ');
    const file = parts[i + 1] ?? '';
    if (!file) continue;
    changes.set(file, { kind: status.startsWith('A') ? 'added' : status.startsWith('D') ? 'deleted' : 'modified', oid });
  }
  return changes;
}

export interface FileEntry {
  oid: string;
  size: number;
}

/** Blob ids and sizes of the given paths at a commit (missing ones are absent). */
export async function entriesOf(repo: GitRepo, commit: string, paths: string[]): Promise<Map<string, FileEntry>> {
  const found = new Map<string, FileEntry>();
  for (let i = 0; i < paths.length; i += 500) {
    const chunk = paths.slice(i, i + 500);
    const out = (await run(repo, ['ls-tree', '-l', '-z', '--full-tree', commit, '--', ...chunk])).stdout.toString('utf8');
    for (const record of out.split('\0')) {
      if (!record) continue;
      const tab = record.indexOf('\t');
      const [, type = '', oid = '', size = '-'] = record.slice(0, tab).split(/\s+/);
      if (type === 'blob') found.set(record.slice(tab + 1), { oid, size: size === '-' ? 0 : Number(size) });
    }
  }
  return found;
}

export type TagOutcome = { ok: true } | { ok: false; reason: 'exists' | 'remote'; detail: string };

/**
 * Points tag `name` at `commit` in the clone and pushes it to the remote. A tag the remote
 * already has answers `exists`; nothing is left behind locally when the push fails.
 */
export async function pushTag(repo: GitRepo, auth: GitAuth | null, name: string, commit: string): Promise<TagOutcome> {
  const ref = `refs/tags/${name}`;
  const local = await run(repo, ['rev-parse', '--verify', '--quiet', ref], { allowFail: true });
  if (local.code === 0) return { ok: false, reason: 'exists', detail: 'local tag' };
  await run(repo, ['update-ref', ref, commit, '']);
  const pushed = await run(repo, ['push', '--quiet', '--porcelain', 'origin', `${ref}:${ref}`], { auth, allowFail: true, timeoutMs: 120_000 });
  if (pushed.code === 0) return { ok: true };
  await run(repo, ['update-ref', '-d', ref], { allowFail: true });
  const text = `${pushed.stderr}\n${pushed.stdout.toString('utf8')}`;
  if (/already exists|\[rejected\]/i.test(text)) return { ok: false, reason: 'exists', detail: text.slice(0, 300) };
  return { ok: false, reason: 'remote', detail: text.slice(0, 300) };
}

export interface TagRow {
  name: string;
  commit: string;
  date: string;
  author: string;
}

/**
 * The tags under `prefix` (e.g. `issue/DMC-.../`) as the remote has them: fetched first (the
 * clone's fetches skip tags), then read from the clone; the clone's own when the remote cannot be
 * reached. Each with the commit it points at, that commit's date and author.
 */
export async function tagsUnder(repo: GitRepo, auth: GitAuth | null, prefix: string): Promise<TagRow[]> {
  const ref = `refs/tags/${prefix}`;
  await run(repo, ['fetch', '--quiet', '--no-tags', 'origin', `+${ref}*:${ref}*`], { auth, allowFail: true, timeoutMs: 120_000 });
  const out = (
    await run(repo, [
      'for-each-ref',
      '--format=%(refname)%09%(objectname)%09%(*objectname)%09%(creatordate:iso-strict)%09%(authorname)%(*authorname)',
      ref.replace(/\/$/, ''),
    ])
  ).stdout.toString('utf8');
  return out
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [name = '', object = '', peeled = '', date = '', author = ''] = line.split('\t');
      return { name: name.replace(/^refs\/tags\//, ''), commit: peeled || object, date, author };
    });
}
