// Fails when code outside the content standards' packages tells DITA files by their names: a regex
// or `new RegExp` that tests for .dita, .ditamap, .bookmap or .ditaval, an `endsWith('.dita...')`, a
// SQL `like(..., '%.ditamap')`. Such code asks the library's content standard instead
// (docs/adding-a-content-standard.md). Text that only names a file (a placeholder, an example in a
// description, `format: 'ditamap'`) passes. Tests, test kits and browser tests are not scanned.
// scripts/standard-seam-exceptions.json lists files not converted yet, each with its reason.
// Usage: node scripts/check-standard-seam.mjs (part of `npm run lint`)
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { checkFiles, isComment, isSource, sourceFiles } from './source-files.mjs';

const root = path.resolve(import.meta.dirname, '..');
export const ROOTS = [
  'apps/server/src',
  'apps/web/src',
  'packages/contracts/src',
  'packages/s1000d/src',
  'packages/ata2300/src',
  'packages/flightops/src',
  'packages/xmlprofile/src',
];
export const HINT = "ask the library's content standard: standardOf(libraryType).files.roleOf(path), or @ccms/dita/files in DITA-only modules";

const DITA = `(?:dita|ditamap|bookmap|ditaval)`;
/** `\.` or `[.]` before a DITA extension, maybe inside a group of alternatives: `\.(xml|dita)`, `\\.ditamap` in a string for new RegExp. */
const ESCAPED_DOT = new RegExp(String.raw`(?:\\\.|\[\.\])\(?(?:\?:)?(?:[\w|]*\|)?${DITA}(?![\w-])`, 'i');
/** A DITA extension at the end of a pattern: `(ditamap|bookmap)$`. Only looked for inside regex literals and RegExp strings. */
const ANCHORED = new RegExp(String.raw`(?<![\w-])${DITA}(?:\|[\w|]*)?\)?\$`, 'i');
/** A string test for the extension: `.endsWith('.dita')`, `.includes(".ditamap")`. */
const STRING_TEST = new RegExp(String.raw`\.(?:endsWith|includes)\(\s*['"\x60][^'"\x60]*\.${DITA}['"\x60]`, 'i');
/** SQL: drizzle's `like(col, '%.ditamap')` / `ilike(...)`, or `LIKE '%.dita'` written out. */
const SQL_LIKE = new RegExp(String.raw`\bi?like\b[\s(][^'"\x60]*['"\x60]%[^'"\x60]*\.${DITA}(?![\w-])`, 'i');
/** A comparison with the extension itself: `suffix === '.ditamap'`. */
const EQUALS = new RegExp(String.raw`[=!]==?\s*['"\x60]\.${DITA}['"\x60]|['"\x60]\.${DITA}['"\x60]\s*[=!]==?`, 'i');
/** Regex literals, roughly: a `/` where an expression starts, a body without an unescaped `/` (classes may hold one), the closing `/` and flags. */
const REGEX_LITERAL = /(?:^|[=(,:!&|?{};[+]|\breturn|\s)\s*\/((?![/*])(?:\\.|\[(?:\\.|[^\]\\\n])*\]|[^/\\\n[])+)\/[dgimsuyv]*/g;

/** Whether a file is scanned: source of the app and packages, not tests, test kits or test folders. */
export const isScanned = isSource;

/** Does this line of code test a file name for a DITA extension? */
export function testsDitaName(line) {
  if (isComment(line)) return false;
  if (ESCAPED_DOT.test(line) || STRING_TEST.test(line) || SQL_LIKE.test(line) || EQUALS.test(line)) return true;
  if (/\bnew RegExp\(/.test(line) && ANCHORED.test(line)) return true;
  for (const m of line.matchAll(REGEX_LITERAL)) if (ANCHORED.test(m[1] ?? '')) return true;
  return false;
}

/** The offending lines of one file's text, as { line, text } (line numbers from 1). */
export function offencesIn(text) {
  const out = [];
  text.split('\n').forEach((line, i) => {
    if (testsDitaName(line)) out.push({ line: i + 1, text: line.trim() });
  });
  return out;
}

/**
 * Every offence under the roots as "file:line: text", leaving out the excepted files, and the
 * exceptions that no longer hold (the file is gone or has no offence left: take it off the list).
 */
export function check(base = root, exceptions = {}) {
  return checkFiles(base, sourceFiles(base, ROOTS), offencesIn, exceptions);
}

if (process.argv[1] === import.meta.filename) {
  const exceptions = JSON.parse(readFileSync(path.join(root, 'scripts/standard-seam-exceptions.json'), 'utf8'));
  const { offences, staleExceptions } = check(root, exceptions);
  if (offences.length > 0) {
    console.error(`code that tells DITA files by their names (${HINT}):\n  ${offences.join('\n  ')}`);
  }
  if (staleExceptions.length > 0) {
    console.error(
      `scripts/standard-seam-exceptions.json lists files that no longer test DITA names (take them off the list):\n  ${staleExceptions.join('\n  ')}`,
    );
  }
  if (offences.length > 0 || staleExceptions.length > 0) process.exit(1);
  console.log('standard seam: no file-name tests for DITA outside packages/dita');
}
