import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import yazl from 'yazl';

/**
 * Where the standard grammars the tests install as packages are (e.g. `dita-1.3/`, the OASIS DITA
 * 1.3 DTDs with their catalog.xml): `CCMS_GRAMMARS_DIR` when set, otherwise `../shared/grammars`
 * beside the repository. The product ships none. Missing, the suites that install one are skipped
 * with one printed line, except under `CI=true`, where that fails the run.
 */
const REPO = path.resolve(import.meta.dirname, '..');
const BESIDE = path.resolve(REPO, '../shared/grammars');

export function grammarsPath(env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env.CCMS_GRAMMARS_DIR?.trim();
  return fromEnv ? path.resolve(fromEnv) : BESIDE;
}

/** The folder of one grammar (its catalog.xml at the top), or undefined when it is absent (the caller skips). */
export function grammarForTests(name: string, env: NodeJS.ProcessEnv = process.env, log: (line: string) => void = console.warn): string | undefined {
  const dir = path.join(grammarsPath(env), name);
  if (existsSync(path.join(dir, 'catalog.xml'))) return dir;
  const message = `Grammar ${name} not found at ${dir} (no catalog.xml). Set CCMS_GRAMMARS_DIR to the folder holding ${name}/ (or put it at ../shared/grammars beside the repository).`;
  if (env.CI === 'true') throw new Error(`${message} CI=true: the grammar is required.`);
  log(`${message} Grammar package suites skipped.`);
  return undefined;
}

/** Every file of a folder in a zip, under `prefix` (a zip of the folder itself, as an administrator makes one to install). */
export function zipFolder(dir: string, prefix: string): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  const walk = (at: string, rel: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const full = path.join(at, entry.name);
      if (entry.isDirectory()) walk(full, `${rel}${entry.name}/`);
      else zip.addBuffer(readFileSync(full), `${rel}${entry.name}`);
    }
  };
  walk(dir, prefix);
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('error', reject);
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
  });
}
