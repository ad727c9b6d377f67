// Fails when a web component spells a query key: `queryKey: [` or `queryKey={[` in a .tsx file.
// Components take their keys from the feature's `<entity>-queries.ts` (the `entityKeys` factories,
// apps/web/src/shared/form/README.md), so one invalidation refreshes everything a change touches.
// The queries files (.ts) build keys and are not scanned; nor are tests.
// scripts/query-key-exceptions.json lists files not converted yet, each with its reason.
// Usage: node scripts/check-query-keys.mjs (part of `npm run lint`)
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { checkFiles, isComment, sourceFiles } from './source-files.mjs';

const root = path.resolve(import.meta.dirname, '..');
export const ROOTS = ['apps/web/src'];
export const HINT = "take the key from the feature's <entity>-queries.ts (entityKeys; see apps/web/src/shared/form/README.md)";

const INLINE_KEY = /\bqueryKey\s*(?::|=\{)\s*\[/;

/** Does this line of a component write a query key array? */
export function spellsQueryKey(line) {
  return !isComment(line) && INLINE_KEY.test(line);
}

/** The offending lines of one file's text, as { line, text } (line numbers from 1). */
export function offencesIn(text) {
  const out = [];
  text.split('\n').forEach((line, i) => {
    if (spellsQueryKey(line)) out.push({ line: i + 1, text: line.trim() });
  });
  return out;
}

/**
 * Every offence in the components under the roots as "file:line: text", leaving out the excepted
 * files, and the exceptions that no longer hold (the file is gone or has no inline key left).
 */
export function check(base = root, exceptions = {}) {
  const components = [...sourceFiles(base, ROOTS)].filter((rel) => rel.endsWith('.tsx'));
  return checkFiles(base, components, offencesIn, exceptions);
}

if (process.argv[1] === import.meta.filename) {
  const exceptions = JSON.parse(readFileSync(path.join(root, 'scripts/query-key-exceptions.json'), 'utf8'));
  const { offences, staleExceptions } = check(root, exceptions);
  if (offences.length > 0) console.error(`query keys spelled in components (${HINT}):\n  ${offences.join('\n  ')}`);
  if (staleExceptions.length > 0) {
    console.error(`scripts/query-key-exceptions.json lists files with no inline key left (take them off the list):\n  ${staleExceptions.join('\n  ')}`);
  }
  if (offences.length > 0 || staleExceptions.length > 0) process.exit(1);
  console.log('query keys: components take their keys from the queries files');
}
