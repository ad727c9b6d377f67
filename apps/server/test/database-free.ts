import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * What makes a test file depend on the database kind: the harness and the two-nodes kit open the
 * PGlite copy or the PostgreSQL database that CCMS_TEST_DB names; nothing else in the tests does.
 */
const DATABASE_KINDED = ['apps/server/test/harness.ts', 'apps/server/test/two-nodes-kit.ts'];
const MENTIONS_KIND = /\btestDbKind\b|\bCCMS_TEST_DB\b/;
const IMPORT = /(?:^|[\s;])(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/gm;

function resolveImport(from: string, spec: string): string | null {
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

function testFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) testFiles(full, out);
    else if (entry.name.endsWith('.test.ts')) out.push(full);
  }
  return out;
}

/**
 * The server's test files that never open a database of the run's kind, found by following their
 * relative imports (type-only imports aside): they prove the same on PGlite and on PostgreSQL, so
 * the PGlite pass (scripts/test-pglite.mjs) must not list them. Paths relative to `root`.
 */
export function databaseFreeTests(root: string, dirs: string[]): string[] {
  const kinded = new Set(DATABASE_KINDED.map((f) => path.join(root, f)));
  const edges = new Map<string, { kind: boolean; imports: string[] }>();
  const read = (file: string) => {
    let node = edges.get(file);
    if (!node) {
      const text = readFileSync(file, 'utf8');
      const imports = [...text.matchAll(IMPORT)].map((m) => resolveImport(file, m[1] ?? m[2] ?? '')).filter((f): f is string => f !== null);
      node = { kind: kinded.has(file) || MENTIONS_KIND.test(text), imports };
      edges.set(file, node);
    }
    return node;
  };
  const reaches = (start: string): boolean => {
    const seen = new Set([start]);
    const todo = [start];
    for (let file = todo.pop(); file !== undefined; file = todo.pop()) {
      const node = read(file);
      if (node.kind) return true;
      for (const next of node.imports) {
        if (!seen.has(next)) {
          seen.add(next);
          todo.push(next);
        }
      }
    }
    return false;
  };
  return dirs
    .flatMap((d) => testFiles(path.join(root, d)))
    .filter((f) => !reaches(f))
    .map((f) => path.relative(root, f))
    .sort();
}
