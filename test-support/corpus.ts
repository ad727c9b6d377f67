import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * Where the DITA-OT documentation corpus is: `CCMS_CORPUS_DIR` when set, otherwise
 * `../shared/corpora/dita-ot-docs` beside the repository (as in a checkout with the shared
 * folder). A plain clone has neither: the suites that read the corpus are then skipped with one
 * printed line, except under `CI=true`, where a missing corpus fails the run.
 */
const REPO = path.resolve(import.meta.dirname, '..');
const BESIDE = path.resolve(REPO, '../shared/corpora/dita-ot-docs');
const ENTRY = 'userguide.ditamap';

/** The corpus folder to use, whether or not it exists (for messages and benchmarks). */
export function corpusPath(env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env.CCMS_CORPUS_DIR?.trim();
  return fromEnv ? path.resolve(fromEnv) : BESIDE;
}

/** The line that says what is missing and how to get it. */
export function corpusMissingMessage(dir: string): string {
  return (
    `DITA-OT docs corpus not found at ${dir} (no ${ENTRY}). ` +
    'Get it with `git clone https://github.com/dita-ot/docs` and set CCMS_CORPUS_DIR to that folder ' +
    '(or put it at ../shared/corpora/dita-ot-docs beside the repository).'
  );
}

/**
 * The corpus folder for a test suite, or undefined when it is absent (the caller skips its
 * suite; this prints the one line). Under CI=true a missing corpus throws, so the run fails.
 */
export function corpusForTests(env: NodeJS.ProcessEnv = process.env, log: (line: string) => void = console.warn): string | undefined {
  const dir = corpusPath(env);
  if (existsSync(path.join(dir, ENTRY))) return dir;
  const message = corpusMissingMessage(dir);
  if (env.CI === 'true') throw new Error(`${message} CI=true: the corpus is required.`);
  log(`${message} Corpus suites skipped.`);
  return undefined;
}
