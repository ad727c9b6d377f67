import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { databaseFreeTests } from './database-free';
import { KIND_BRANCHES, kindBranchingSources, kindBranchingTests, PGLITE_PASS, POSTGRES_ONLY } from './database-passes';

const root = path.resolve(import.meta.dirname, '../../..');

describe('which database each test file runs on (database-passes.ts)', () => {
  it('names, for every source file that branches on the database kind, a test file of the PGlite pass', () => {
    const sources = kindBranchingSources(root);
    expect(sources.length).toBeGreaterThan(0);
    const unlisted = sources.filter((f) => KIND_BRANCHES[f] === undefined);
    expect(unlisted, 'add these to KIND_BRANCHES with the test file that proves their PGlite branch').toEqual([]);
    for (const [source, test] of Object.entries(KIND_BRANCHES)) {
      expect(sources, `${source} no longer branches on the kind: drop it from KIND_BRANCHES`).toContain(source);
      expect(PGLITE_PASS[test], `${test} (covering ${source}) is not in PGLITE_PASS`).toBeDefined();
    }
  });

  it('puts every test file that branches on the kind in the PGlite pass or the PostgreSQL-only list', () => {
    const tests = kindBranchingTests(root);
    expect(tests.length).toBeGreaterThan(0);
    expect(tests.filter((f) => PGLITE_PASS[f] === undefined && POSTGRES_ONLY[f] === undefined)).toEqual([]);
  });

  it('lists only test files that exist and open the run database (a database-free file proves nothing new on PGlite)', () => {
    const free = new Set(databaseFreeTests(root, ['apps/server', 'packages/contracts/src']));
    for (const file of [...Object.keys(PGLITE_PASS), ...Object.keys(POSTGRES_ONLY)]) {
      expect(existsSync(path.join(root, file)), file).toBe(true);
      expect(free.has(file), `${file} never opens the run's database`).toBe(false);
    }
  });
});
