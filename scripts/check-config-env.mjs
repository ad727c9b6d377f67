// Fails when the server reads a CCMS_* environment variable anywhere but apps/server/src/platform/config.ts
// (`process.env.CCMS_X`, `process.env['CCMS_X']`), or when config.ts reads one the README's
// configuration table does not list. Every setting is then read in one place, typed and documented:
// code outside config.ts takes it from the app's config or from processSettings().
// Tests, test kits and test folders are not scanned (they set variables for the server they start).
// Usage: node scripts/check-config-env.mjs (part of `npm run lint`)
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
export const SERVER = 'apps/server/src';
export const CONFIG = 'apps/server/src/platform/config.ts';

/** Whether a file is scanned: server source, not tests, test kits or test folders. */
export function isScanned(rel) {
  if (!/\.(ts|mts|cts|js|mjs|cjs)$/.test(rel) || rel.endsWith('.d.ts')) return false;
  if (/\.(test|spec)\.[cm]?[jt]s$/.test(rel) || /-test-kit\.[jt]s$/.test(rel)) return false;
  return !/(^|\/)(test|tests|testing|__tests__)\//.test(rel);
}

const READ = /process\.env(?:\.(CCMS_\w+)|\[\s*['"`](CCMS_\w+)['"`]\s*\])/g;

/** The CCMS_* variables a text reads from process.env, as { line, name } (lines from 1); comments are skipped. */
export function envReadsIn(text) {
  const out = [];
  text.split('\n').forEach((line, i) => {
    if (/^\s*(\/\/|\/\*|\*)/.test(line)) return;
    for (const m of line.matchAll(READ)) out.push({ line: i + 1, name: m[1] ?? m[2] });
  });
  return out;
}

/** The CCMS_* variables config.ts reads (`env.CCMS_X`), in order of first use. */
export function configVariables(text) {
  return [...new Set([...text.matchAll(/\benv\.(CCMS_\w+)/g)].map((m) => m[1]))];
}

/** The variables the README's configuration table lists (a row starting with `| \`NAME\``). */
export function documentedVariables(readme) {
  return new Set([...readme.matchAll(/^\|\s*`(CCMS_\w+)`/gm)].map((m) => m[1]));
}

function* files(dir, rel = '') {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const r = rel ? `${rel}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') yield* files(path.join(dir, entry.name), r);
    } else yield r;
  }
}

/** Offences in a tree (`base` holds apps/server/src and README.md) as "file:line: text" lines. */
export function check(base) {
  const offences = [];
  const server = path.join(base, SERVER);
  if (existsSync(server)) {
    for (const rel of files(server)) {
      const file = `${SERVER}/${rel}`;
      if (file === CONFIG || !isScanned(file)) continue;
      for (const { line, name } of envReadsIn(readFileSync(path.join(base, file), 'utf8'))) {
        offences.push(`${file}:${line}: reads ${name} (read it in ${CONFIG})`);
      }
    }
  }
  const configFile = path.join(base, CONFIG);
  const readmeFile = path.join(base, 'README.md');
  if (existsSync(configFile)) {
    const documented = existsSync(readmeFile) ? documentedVariables(readFileSync(readmeFile, 'utf8')) : new Set();
    for (const name of configVariables(readFileSync(configFile, 'utf8'))) {
      if (!documented.has(name)) offences.push(`${CONFIG}: reads ${name}, which the README's configuration table does not list`);
    }
  }
  return offences;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const offences = check(root);
  if (offences.length > 0) {
    console.error(`CCMS_* variables read outside ${CONFIG} or left undocumented:\n  ${offences.join('\n  ')}`);
    process.exit(1);
  }
  console.log(`configuration: every CCMS_* variable is read in ${CONFIG} and listed in the README`);
}
