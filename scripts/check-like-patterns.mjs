// Fails when server code builds a LIKE pattern by hand: a `%` beside a template placeholder
// (`%${name}%`, `${prefix}%`) or a `'%' +` concatenation. What the user typed goes through
// apps/server/src/platform/db/filters.ts (containing, startingWith, contains), which escapes the
// user's own % and _ so they match literally. Tests and the helper itself are not scanned.
// Usage: node scripts/check-like-patterns.mjs (part of `npm run lint`)
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { isComment, sourceFiles } from './source-files.mjs';

const root = path.resolve(import.meta.dirname, '..');
export const ROOTS = ['apps/server/src'];
export const HELPER = 'apps/server/src/platform/db/filters.ts';
export const HINT = 'build the pattern with containing(text) or startingWith(text) from platform/db/filters, which escape % and _';

/** `%${`: a wildcard before a placeholder. */
const BEFORE = /%\$\{/;
/** `}%` closing a template: a wildcard after a placeholder, at the end of the pattern. */
const AFTER = /\}%`/;
/** `'%' + x` or `x + '%'`. */
const CONCAT = /['"`]%['"`]\s*\+|\+\s*['"`]%['"`]/;

/** Does this line of code build a LIKE pattern from a value by hand? */
export function buildsLikePattern(line) {
  if (isComment(line)) return false;
  return BEFORE.test(line) || AFTER.test(line) || CONCAT.test(line);
}

/** The offending lines of one file's text, as { line, text } (line numbers from 1). */
export function offencesIn(text) {
  const out = [];
  text.split('\n').forEach((line, i) => {
    if (buildsLikePattern(line)) out.push({ line: i + 1, text: line.trim() });
  });
  return out;
}

/** Every offence under the roots as "file:line: text"; the helper is where patterns are built. */
export function check(base = root) {
  const offences = [];
  for (const rel of sourceFiles(base, ROOTS)) {
    if (rel === HELPER) continue;
    for (const o of offencesIn(readFileSync(path.join(base, rel), 'utf8'))) offences.push(`${rel}:${o.line}: ${o.text}`);
  }
  return offences;
}

if (process.argv[1] === import.meta.filename) {
  const offences = check(root);
  if (offences.length > 0) {
    console.error(`LIKE patterns built by hand (${HINT}):\n  ${offences.join('\n  ')}`);
    process.exit(1);
  }
  console.log('like patterns: every LIKE pattern goes through platform/db/filters');
}
