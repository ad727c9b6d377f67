import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Condition } from '@ccms/dita';
import { gitEnv } from '../../../platform/git/git-env';
import type { GitRepo } from '../../../platform/git/git-repo';

/**
 * Writes the files of `commit` into `dir` (emptied first): `git archive` piped into `tar` by the
 * operating system, so no byte passes this event loop (which an index of the library may hold).
 */
export async function checkout(repo: GitRepo, commit: string, dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  await new Promise<void>((resolve, reject) => {
    const archive = spawn('git', ['--git-dir', repo.dir, 'archive', '--format=tar', commit], { env: gitEnv(null, {}), stdio: ['ignore', 'pipe', 'pipe'] });
    const tar = spawn('tar', ['-x', '-C', dir, '--no-same-owner', '--no-same-permissions'], { stdio: [archive.stdout, 'ignore', 'pipe'] });
    // tar holds the pipe now; this process lets go of it, so a tar that stops early ends git archive too.
    archive.stdout.destroy();
    let err = '';
    archive.stderr.on('data', (c: Buffer) => {
      err += c.toString('utf8');
    });
    tar.stderr.on('data', (c: Buffer) => {
      err += c.toString('utf8');
    });
    archive.on('error', reject);
    tar.on('error', reject);
    const codes = [once(archive), once(tar)];
    Promise.all(codes).then(([archiveCode, tarCode]) => {
      if (archiveCode === 0 && tarCode === 0) resolve();
      else reject(new Error(`checkout of ${commit.slice(0, 12)} failed: ${err.slice(0, 300)}`));
    }, reject);
  });
}

/** The exit code of a child process, once it closed. */
const once = (child: ChildProcess) => new Promise<number | null>((resolve) => child.on('close', resolve));

/** Brings a checkout to `commit` for the given paths only: each written from git, or removed when gone. */
export async function writeChanges(repo: GitRepo, commit: string, dir: string, paths: string[]): Promise<void> {
  const contents = await repo.readFiles(commit, paths);
  for (const [i, rel] of paths.entries()) {
    const file = path.resolve(dir, rel);
    if (!file.startsWith(`${path.resolve(dir)}${path.sep}`)) continue;
    const content = contents[i];
    if (content === null || content === undefined) await rm(file, { force: true });
    else {
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, content);
    }
  }
}

export interface Variable {
  name: string;
  /** value: a text; file: a path the key points at. */
  type: string;
  value: string;
}

const xmlText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const xmlAttr = (s: string) => xmlText(s).replace(/"/g, '&quot;');

/** Key definitions for the library's variables; in the root map they win over the map's own (first definition wins). */
export function keydefsOf(variables: Variable[]): string {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const v of variables) {
    if (seen.has(v.name) || !/^[^\s{}[\]/#?]+$/.test(v.name)) continue;
    seen.add(v.name);
    if (v.type === 'file') out.push(`<keydef keys="${xmlAttr(v.name)}" href="${xmlAttr(v.value)}"/>`);
    else out.push(`<keydef keys="${xmlAttr(v.name)}"><topicmeta><keywords><keyword>${xmlText(v.value)}</keyword></keywords></topicmeta></keydef>`);
  }
  return out.join('\n');
}

/**
 * The root map with the variables' key definitions put first among its references (after its
 * title and metadata, where the content model allows them); unchanged when there are none.
 */
export function withKeydefs(mapText: string, keydefs: string): string {
  if (!keydefs) return mapText;
  const root = /<(map|bookmap)\b[^>]*?(\/?)>/.exec(mapText.replace(/<!--[\s\S]*?-->/g, (c) => ' '.repeat(c.length)));
  if (!root || root[2] === '/') return mapText;
  let at = root.index + root[0].length;
  const body = /<(topicref|keydef|mapref|chapter|part|frontmatter|appendix|appendices|backmatter|topichead|topicgroup|reltable|navref|anchor|glossref)\b/.exec(
    mapText.slice(at),
  );
  const limit = body ? at + body.index : mapText.length;
  for (const close of ['</title>', '</booktitle>', '</topicmeta>', '</bookmeta>']) {
    const i = mapText.lastIndexOf(close, limit);
    if (i >= at) at = Math.max(at, i + close.length);
  }
  return `${mapText.slice(0, at)}\n${keydefs}\n${mapText.slice(at)}`;
}

/** Writes the variables into the checked-out root map; returns a hash of the map as published. */
export async function applyVariables(srcDir: string, mapPath: string, variables: Variable[]): Promise<string> {
  const file = path.join(srcDir, mapPath);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return '';
  }
  const next = withKeydefs(text, keydefsOf(variables));
  if (next !== text) await writeFile(file, next);
  return createHash('sha256').update(next).digest('hex');
}

export interface FilterRow {
  name: string;
  type: string;
  value: string;
}

/** A filter group's rows as DITAVAL conditions: name is the attribute, value its value, type include or exclude. */
export const conditionsOf = (filters: FilterRow[]): Condition[] =>
  filters.filter((f) => f.type === 'include' || f.type === 'exclude').map((f) => ({ att: f.name, val: f.value, action: f.type as 'include' | 'exclude' }));

export interface DataPropertyRow {
  audience: string;
  platform: string;
  props: string;
  otherprops: string;
}

const DATA_ATTRIBUTES = ['audience', 'platform', 'props', 'otherprops'] as const;

/**
 * A product's data property config: for each attribute it lists values, the values it lists are
 * kept and any other value of that attribute is filtered out; explicit filter conditions win.
 */
export function dataPropertyConditions(row: DataPropertyRow | undefined, explicit: Condition[]): Condition[] {
  if (!row) return [];
  const out: Condition[] = [];
  for (const att of DATA_ATTRIBUTES) {
    const values = row[att]
      .split(/[,\s]+/)
      .map((v) => v.trim())
      .filter(Boolean);
    if (values.length === 0) continue;
    out.push({ att, action: 'exclude' });
    for (const val of values) if (!explicit.some((c) => c.att === att && c.val === val)) out.push({ att, val, action: 'include' });
  }
  return out;
}

export const fingerprintOf = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 16);
