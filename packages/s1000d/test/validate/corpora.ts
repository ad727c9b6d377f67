import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * Where the S1000D corpora are (as test-support/corpus.ts finds the DITA one): `CCMS_CORPORA_DIR`
 * when set, else `../shared/corpora` beside the repository. Missing, the suites are skipped with
 * one printed line, except under CI=true, where that fails the run.
 */
const REPO = path.resolve(import.meta.dirname, '../../../..');

export function corporaPath(env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env.CCMS_CORPORA_DIR?.trim();
  if (fromEnv) return path.resolve(fromEnv);
  const fromCorpus = env.CCMS_CORPUS_DIR?.trim();
  if (fromCorpus) return path.dirname(path.resolve(fromCorpus));
  return path.resolve(REPO, '../shared/corpora');
}

/** One corpus folder (s1000d-bike-4.1, ...), or undefined when it is absent (the caller skips). */
export function s1000dCorpus(name: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const dir = path.join(corporaPath(env), name);
  if (existsSync(path.join(dir, 'README.md'))) return dir;
  const message = `S1000D corpus ${name} not found at ${dir}. Set CCMS_CORPORA_DIR to the folder holding it (or put it at ../shared/corpora beside the repository).`;
  if (env.CI === 'true') throw new Error(`${message} CI=true: the corpus is required.`);
  console.warn(`${message} Suite skipped.`);
  return undefined;
}
