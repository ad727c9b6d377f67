// Fails on a file over 400 lines whose header does not say why it is that long. A file that long
// usually holds several responsibilities and reads better split by them; where one responsibility
// does not divide well (a tokenizer, a generated table, one module's scenarios sharing a database),
// the file's header comment says so on a comment line starting `Over 400 lines: <the reason>`
// within its first 30 lines. Code, tests, styles and scripts under the roots are counted; node_modules and build
// output are not. A reason on a file of 400 lines or fewer is reported too: it no longer holds.
// Usage: node scripts/check-file-size.mjs (part of `npm run lint`)
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
export const ROOTS = ['apps', 'packages', 'scripts', 'bench', 'e2e'];
export const LIMIT = 400;
/** How far into a file its header is looked for. */
export const HEADER_LINES = 30;
const COUNTED = /\.(ts|tsx|mts|cts|js|mjs|cjs|jsx|css)$/;
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'coverage', 'test-results', 'data']);
/** A comment line (`//`, `/*`, ` *`) that starts with the words. */
const REASON = /^\s*(?:\/\/|\/\*+|\*)\s*Over 400 lines:\s*(\S.*)$/;

/** The lines of a text as an editor numbers them (a final newline does not start a line). */
export function lineCount(text) {
  if (text === '') return 0;
  const lines = text.split('\n').length;
  return text.endsWith('\n') ? lines - 1 : lines;
}

/** The reason a file's header gives for its length, or undefined. A reason needs three words or more. */
export function reasonOf(text) {
  for (const line of text.split('\n').slice(0, HEADER_LINES)) {
    const found = REASON.exec(line.replace(/\*\/\s*$/, ''));
    if (found && found[1].trim().split(/\s+/).length >= 3) return found[1].trim();
  }
  return undefined;
}

function* filesUnder(base, dir) {
  for (const entry of readdirSync(path.join(base, dir), { withFileTypes: true })) {
    if (entry.name.startsWith('.') || SKIPPED_DIRS.has(entry.name)) continue;
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) yield* filesUnder(base, rel);
    else if (COUNTED.test(entry.name) && !entry.name.endsWith('.d.ts')) yield rel;
  }
}

/** Every long file without a reason, and every reason on a file no longer long, as "file: …". */
export function check(base = root) {
  const unexplained = [];
  const stale = [];
  for (const dir of ROOTS) {
    if (!existsSync(path.join(base, dir))) continue;
    for (const rel of filesUnder(base, dir)) {
      const text = readFileSync(path.join(base, rel), 'utf8');
      const lines = lineCount(text);
      const reason = reasonOf(text);
      if (lines > LIMIT && reason === undefined) unexplained.push(`${rel}: ${lines} lines`);
      if (lines <= LIMIT && reason !== undefined) stale.push(`${rel}: ${lines} lines`);
    }
  }
  return { unexplained: unexplained.sort(), stale: stale.sort() };
}

if (process.argv[1] === import.meta.filename) {
  const { unexplained, stale } = check(root);
  if (unexplained.length > 0) {
    console.error(
      `files over ${LIMIT} lines with no reason in their header (split them by responsibility, or say why on a line "Over ${LIMIT} lines: <reason>" in the first ${HEADER_LINES} lines):\n  ${unexplained.join('\n  ')}`,
    );
  }
  if (stale.length > 0) console.error(`files no longer over ${LIMIT} lines that still give a reason (take it out):\n  ${stale.join('\n  ')}`);
  if (unexplained.length > 0 || stale.length > 0) process.exit(1);
  console.log(`file size: no file over ${LIMIT} lines without a reason`);
}
