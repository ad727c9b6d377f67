// The source files the repository's pattern checks (scripts/check-*.mjs) read: code under the given
// roots, not tests, test kits or test folders, nor node_modules.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Whether a file (a path relative to the repository, any separator) is source, not a test. */
export function isSource(file) {
  const rel = file.split(path.sep).join('/');
  if (!/\.(ts|tsx|mts|cts|js|mjs|cjs|jsx)$/.test(rel) || rel.endsWith('.d.ts')) return false;
  if (/\.(test|spec)\.[cm]?[jt]sx?$/.test(rel) || /-test-kit\.[jt]sx?$/.test(rel)) return false;
  return !/(^|\/)(e2e|test|tests|testing|__tests__)\//.test(rel);
}

/** Is this line a comment (a `//` line, or a line of a block comment)? */
export const isComment = (line) => /^\s*(\/\/|\/\*|\*)/.test(line);

function* filesUnder(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else yield full;
  }
}

/** The source files under the roots, as paths relative to base with forward slashes. */
export function* sourceFiles(base, roots) {
  for (const dir of roots) {
    if (!existsSync(path.join(base, dir))) continue;
    for (const full of filesUnder(path.join(base, dir))) {
      const rel = path.relative(base, full).split(path.sep).join('/');
      if (isSource(rel)) yield rel;
    }
  }
}

/**
 * Every offence in the files as "file:line: text" (`offencesIn` reads a file's text, and its path,
 * and answers { line, text } per offence), leaving out the excepted files, and the exceptions that no longer
 * hold (the file is gone or has no offence left: take it off the list).
 */
export function checkFiles(base, files, offencesIn, exceptions = {}) {
  const offences = [];
  const clean = new Set(Object.keys(exceptions));
  for (const rel of files) {
    const found = offencesIn(readFileSync(path.join(base, rel), 'utf8'), rel);
    if (rel in exceptions) {
      if (found.length > 0) clean.delete(rel);
      continue;
    }
    for (const o of found) offences.push(`${rel}:${o.line}: ${o.text}`);
  }
  return { offences, staleExceptions: [...clean].sort() };
}
