import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The shared S1000D corpora beside the repository (`../shared/corpora/<name>`), located as
 * test-support/corpus.ts locates the DITA corpus: absent in a plain clone, the suites are skipped
 * with one printed line, except under CI=true where a missing corpus fails the run.
 */
const REPO = path.resolve(import.meta.dirname, '../../..');

/** `CCMS_S1000D_CORPORA`, else the first `shared/corpora` beside the repository or an ancestor of it (a worktree sits one level deeper). */
export function corporaDir(env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env.CCMS_S1000D_CORPORA?.trim();
  if (fromEnv) return path.resolve(fromEnv);
  for (let dir = REPO; ; dir = path.dirname(dir)) {
    const candidate = path.resolve(dir, '../shared/corpora');
    if (existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) return path.resolve(REPO, '../shared/corpora');
  }
}

export function s1000dCorpus(name: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const dir = path.join(corporaDir(env), name);
  if (existsSync(dir)) return dir;
  const message = `S1000D corpus ${name} not found at ${dir} (see its README in ../shared/corpora).`;
  if (env.CI === 'true') throw new Error(`${message} CI=true: the corpus is required.`);
  console.warn(`${message} Corpus suite skipped.`);
  return undefined;
}
