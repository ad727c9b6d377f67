import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The shared S1000D corpora (`s1000d-bike-4.1`, `s1000d-default-brex`, ...), found as
 * test-support/corpus.ts finds the DITA one: `CCMS_CORPORA_DIR` when set, else the first
 * `shared/corpora` beside the repository or an ancestor of it (a worktree sits deeper). Missing,
 * the suites are skipped with one printed line, except under CI=true, where that fails the run.
 */
const REPO = path.resolve(import.meta.dirname, '..');

export function corporaDir(env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env.CCMS_CORPORA_DIR?.trim();
  if (fromEnv) return path.resolve(fromEnv);
  for (let dir = REPO; ; dir = path.dirname(dir)) {
    const candidate = path.resolve(dir, '../shared/corpora');
    if (existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) return path.resolve(REPO, '../shared/corpora');
  }
}

/** One corpus folder, or undefined when it is absent (the caller skips its suite; this prints the line). */
export function s1000dCorpus(name: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const dir = path.join(corporaDir(env), name);
  if (existsSync(path.join(dir, 'README.md'))) return dir;
  const message = `S1000D corpus ${name} not found at ${dir}. Set CCMS_CORPORA_DIR to the folder holding it (or put it at ../shared/corpora beside the repository).`;
  if (env.CI === 'true') throw new Error(`${message} CI=true: the corpus is required.`);
  console.warn(`${message} Suite skipped.`);
  return undefined;
}
